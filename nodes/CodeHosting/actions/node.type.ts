import type { AllEntities } from 'n8n-workflow';

/** Every resource of the Code Hosting node and its operations (product.md). */
type CodeHostingMap = {
	repository: 'create' | 'get' | 'star' | 'getLicense' | 'getProfile' | 'listPopularPaths' | 'listReferrers';
	file: 'get' | 'list' | 'createOrUpdate' | 'delete';
	branch: 'getAll' | 'get' | 'create';
	commit: 'get' | 'getAll';
	issue:
		| 'getAll'
		| 'get'
		| 'create'
		| 'update'
		| 'createComment'
		| 'getAssignees'
		| 'search'
		| 'lock'
		| 'unlock'
		| 'getComments'
		| 'editComment'
		| 'deleteComment';
	pullRequest: 'getAll' | 'get' | 'create' | 'update' | 'merge' | 'getReviewers' | 'getDiff' | 'getPatch' | 'getFiles' | 'getCommits';
	projectItem: 'updateStatus';
	workflow: 'dispatch' | 'dispatchAndWait' | 'enable' | 'disable' | 'get' | 'getAll' | 'getRun' | 'getRuns' | 'getUsage';
	gist: 'create' | 'update' | 'getAll';
	release: 'create' | 'get' | 'getAll' | 'update' | 'delete';
	review: 'create' | 'get' | 'getAll' | 'update';
	collaborator: 'getPermission' | 'add' | 'remove';
	organization:
		| 'getRepositories'
		| 'getMembers'
		| 'getMembership'
		| 'setMembership'
		| 'removeMember'
		| 'getInvitations'
		| 'cancelInvitation'
		| 'getOutsideCollaborators'
		| 'removeOutsideCollaborator';
	team: 'getAll' | 'getMembers' | 'addMember' | 'removeMember' | 'getRepositories';
	access: 'applyPlan' | 'removeGrants' | 'review' | 'revoke' | 'sync';
	checkRun: 'create' | 'update' | 'get' | 'getAll';
	commitStatus: 'create' | 'getAll' | 'getCombined';
	user: 'getCurrent' | 'getRepositories' | 'getIssues' | 'invite';
	rateLimit: 'get';
	apiCall: 'request';
};

export type CodeHostingType = AllEntities<CodeHostingMap>;
export type CodeHostingResource = keyof CodeHostingMap;
export type CodeHostingOperations = CodeHostingMap;
