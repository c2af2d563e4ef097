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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a project in an organization; returns the new project with its ID',
				action: 'Create a project',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a project (not available yet: stops with an error, sends nothing)',
				action: 'Delete a project',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the projects the key can see, one item each',
				action: 'Get many projects',
			},
			{
				name: 'Get Organization Info',
				value: 'getOrganizationInfo',
				description: 'Read the organization of a project: credits, actions, plan, concurrency, default project',
				action: 'Get organization info',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Rename a project or change its description',
				action: 'Update a project',
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
