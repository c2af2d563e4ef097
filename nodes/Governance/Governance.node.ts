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
import { getProjects, searchInvites, searchOrganizations, searchProjects, searchUsers } from './methods/listSearch';

export class Governance implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Governance',
		name: 'governance',
		icon: { light: 'file:governance.svg', dark: 'file:governance.dark.svg' },
		group: ['transform'],
		version: 1,
		// what a step that changes access does when run, readable on the canvas (Mode): issue 48
		subtitle:
			'={{ $parameter["operation"] + ": " + $parameter["resource"] + ($parameter["resource"] === "access" && ["ensure", "revoke", "sync"].includes($parameter["operation"]) ? ({ "true": " (plan only)", "false": " (applies)" }[String(($parameter["options"] || {}).dryRun)] || " (applies; plans as a tool)") : "") }}',
		description:
			'Manage who has which role in Relevance AI projects: ensure, revoke (in one or every project), sync to a roster and review access; invites, members, API keys, projects and organization roles',
		defaults: { name: 'Relevance AI' },
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
					{
						name: 'Access',
						value: 'access',
						description: 'Make an email have exactly given roles, remove it (here or everywhere), sync a roster, review who has access (safe to repeat)',
					},
					{ name: 'API Key', value: 'apiKey', description: 'API keys of a project member' },
					{ name: 'Invite', value: 'invite', description: 'Pending invites of the project' },
					{ name: 'Project', value: 'project', description: 'Projects of the organization' },
					{ name: 'User', value: 'user', description: 'Members of a project, and organization roles' },
				],
				default: 'access',
			},
			...access.description,
			...apiKey.description,
			...project.description,
			...invite.description,
			...user.description,
		],
	};

	methods = {
		listSearch: { searchInvites, searchOrganizations, searchProjects, searchUsers },
		loadOptions: { getProjects },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
