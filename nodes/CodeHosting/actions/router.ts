import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Operation } from '../../shared';
import { runItemLoop } from '../../shared';
import { codeHosting } from '../transport';
import * as access from './access';
import * as apiCall from './apiCall';
import * as branch from './branch';
import * as checkRun from './checkRun';
import * as collaborator from './collaborator';
import * as commit from './commit';
import * as commitStatus from './commitStatus';
import { explainRepositoryNotFound } from './common';
import * as file from './file';
import * as gist from './gist';
import * as issue from './issue';
import * as organization from './organization';
import type { CodeHostingOperations, CodeHostingResource, CodeHostingType } from './node.type';
import * as projectItem from './projectItem';
import * as pullRequest from './pullRequest';
import * as rateLimit from './rateLimit';
import * as release from './release';
import * as repository from './repository';
import * as review from './review';
import * as team from './team';
import * as user from './user';
import * as workflow from './workflow';

/** Every operation of every resource: a missing one fails to compile. */
const operations: { [R in CodeHostingResource]: Record<CodeHostingOperations[R], Operation> } = {
	repository: {
		create: repository.create,
		get: repository.get,
		star: repository.star,
		getLicense: repository.getLicense,
		getProfile: repository.getProfile,
		listPopularPaths: repository.listPopularPaths,
		listReferrers: repository.listReferrers,
	},
	file: { get: file.get, list: file.list, createOrUpdate: file.createOrUpdate, delete: file.delete },
	branch: { getAll: branch.getAll, get: branch.get, create: branch.create },
	commit: { get: commit.get, getAll: commit.getAll },
	issue: {
		getAll: issue.getAll,
		get: issue.get,
		create: issue.create,
		update: issue.update,
		createComment: issue.createComment,
		getAssignees: issue.getAssignees,
		search: issue.search,
		lock: issue.lock,
		unlock: issue.unlock,
		getComments: issue.getComments,
		editComment: issue.editComment,
		deleteComment: issue.deleteComment,
	},
	pullRequest: {
		getAll: pullRequest.getAll,
		get: pullRequest.get,
		create: pullRequest.create,
		update: pullRequest.update,
		merge: pullRequest.merge,
		getReviewers: pullRequest.getReviewers,
		getDiff: pullRequest.getDiff,
		getPatch: pullRequest.getPatch,
		getFiles: pullRequest.getFiles,
		getCommits: pullRequest.getCommits,
	},
	projectItem: { updateStatus: projectItem.updateStatus },
	workflow: {
		dispatch: workflow.dispatch,
		dispatchAndWait: workflow.dispatchAndWait,
		enable: workflow.enable,
		disable: workflow.disable,
		get: workflow.get,
		getAll: workflow.getAll,
		getRun: workflow.getRun,
		getRuns: workflow.getRuns,
		getUsage: workflow.getUsage,
	},
	gist: { create: gist.create, update: gist.update, getAll: gist.getAll },
	release: { create: release.create, get: release.get, getAll: release.getAll, update: release.update, delete: release.delete },
	review: { create: review.create, get: review.get, getAll: review.getAll, update: review.update },
	collaborator: { getPermission: collaborator.getPermission, add: collaborator.add, remove: collaborator.remove },
	organization: {
		getRepositories: organization.getRepositories,
		getMembers: organization.getMembers,
		getMembership: organization.getMembership,
		setMembership: organization.setMembership,
		removeMember: organization.removeMember,
		getInvitations: organization.getInvitations,
		cancelInvitation: organization.cancelInvitation,
		getOutsideCollaborators: organization.getOutsideCollaborators,
		removeOutsideCollaborator: organization.removeOutsideCollaborator,
	},
	team: {
		getAll: team.getAll,
		getMembers: team.getMembers,
		addMember: team.addMember,
		removeMember: team.removeMember,
		getRepositories: team.getRepositories,
	},
	access: { applyPlan: access.applyPlan, removeGrants: access.removeGrants, review: access.review, revoke: access.revoke, sync: access.sync },
	checkRun: { create: checkRun.create, update: checkRun.update, get: checkRun.get, getAll: checkRun.getAll },
	commitStatus: { create: commitStatus.create, getAll: commitStatus.getAll, getCombined: commitStatus.getCombined },
	user: { getCurrent: user.getCurrent, getRepositories: user.getRepositories, getIssues: user.getIssues, invite: user.invite },
	rateLimit: { get: rateLimit.get },
	apiCall: { request: apiCall.request },
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as CodeHostingType['resource'];
	const operation = this.getNodeParameter('operation', 0) as CodeHostingType['operation'];
	const handler = (operations[resource] as Record<string, Operation> | undefined)?.[operation];
	if (!handler) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not known for resource "${resource}"`);
	}
	return await runItemLoop.call(this, handler, codeHosting(this).secrets, explainRepositoryNotFound);
}
