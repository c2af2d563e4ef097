import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as invite from './actions/invite';
import * as project from './actions/project';
import { router } from './actions/router';
import * as user from './actions/user';
import { searchInvites, searchUsers } from './methods/listSearch';

export class Governance implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Governance',
		name: 'governance',
		icon: { light: 'file:governance.svg', dark: 'file:governance.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Create projects, invite users with roles, change roles, delete invites and remove users on the agent platform',
		defaults: { name: 'Governance' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'governanceApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Invite', value: 'invite' },
					{ name: 'Project', value: 'project' },
					{ name: 'User', value: 'user' },
				],
				default: 'invite',
			},
			...project.description,
			...invite.description,
			...user.description,
		],
	};

	methods = {
		listSearch: { searchInvites, searchUsers },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
