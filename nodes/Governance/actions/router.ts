import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Operation } from '../../shared';
import { runItemLoop } from '../../shared';
import { governance } from '../transport';
import * as access from './access';
import * as apiKey from './apiKey';
import * as invite from './invite';
import type { GovernanceOperations, GovernanceResource, GovernanceType } from './node.type';
import * as project from './project';
import * as user from './user';

/** Every operation of every resource: a missing one fails to compile. */
const operations: { [R in GovernanceResource]: Record<GovernanceOperations[R], Operation> } = {
	project: {
		create: project.create,
		getAll: project.getAll,
		update: project.update,
		delete: project.delete,
		getOrganizationInfo: project.getOrganizationInfo,
	},
	invite: {
		create: invite.create,
		delete: invite.delete,
		getAll: invite.getAll,
		replace: invite.replace,
		resend: invite.resend,
	},
	user: {
		get: user.get,
		getAll: user.getAll,
		updateRole: user.updateRole,
		remove: user.remove,
		updateOrganizationRole: user.updateOrganizationRole,
	},
	access: { ensure: access.ensure, revoke: access.revoke, sync: access.sync, review: access.review, applyPlan: access.applyPlan, removeGrants: access.removeGrants },
	apiKey: { create: apiKey.create, getAll: apiKey.getAll, delete: apiKey.delete },
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as GovernanceType['resource'];
	const operation = this.getNodeParameter('operation', 0) as GovernanceType['operation'];
	const forResource = operations[resource] as Record<string, Operation> | undefined;
	const handler = forResource?.[operation];
	if (!handler) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not known for resource "${resource}"`,
		);
	}
	return await runItemLoop.call(this, handler, governance(this).secrets);
}
