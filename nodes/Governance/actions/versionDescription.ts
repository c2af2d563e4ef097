import type { INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as invite from './invite';
import * as project from './project';
import * as user from './user';

export const versionDescription: INodeTypeDescription = {
	displayName: 'Governance',
	name: 'governance',
	icon: 'file:governance.svg',
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
