import type { AllEntities } from 'n8n-workflow';

/** Every resource of the Code Hosting node and its operations (product.md). */
type CodeHostingMap = {
	repository: 'create' | 'get' | 'star';
	file: 'get' | 'createOrUpdate' | 'delete';
	branch: 'getAll' | 'get' | 'create';
	commit: 'get' | 'getAll';
	issue: 'getAll' | 'get' | 'create' | 'update' | 'createComment' | 'getAssignees' | 'search';
	pullRequest: 'getAll' | 'get' | 'create' | 'update' | 'merge' | 'getReviewers';
	projectItem: 'updateStatus';
	workflow: 'dispatch' | 'enable' | 'disable' | 'getRun' | 'getRuns';
	gist: 'create' | 'update' | 'getAll';
	release: 'getAll';
	collaborator: 'getPermission' | 'add' | 'remove';
	rateLimit: 'get';
	apiCall: 'request';
};

export type CodeHostingType = AllEntities<CodeHostingMap>;
export type CodeHostingResource = keyof CodeHostingMap;
export type CodeHostingOperations = CodeHostingMap;
