import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as access from './actions/access';
import * as apiKey from './actions/apiKey';
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
			'Manage who has which role in an agent-platform project: ensure or revoke access by email (idempotent), invites, members, API keys and projects',
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
					{ name: 'Access', value: 'access', description: 'Make an email have exactly given roles, or remove it (safe to repeat)' },
					{ name: 'API Key', value: 'apiKey', description: 'API keys of a project member' },
					{ name: 'Invite', value: 'invite', description: 'Pending invites of the project' },
					{ name: 'Project', value: 'project', description: 'Projects of the organization' },
					{ name: 'User', value: 'user', description: 'Members of the project' },
				],
				default: 'invite',
			},
			...access.description,
			...apiKey.description,
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
