import type { INodeProperties } from 'n8n-workflow';

import * as getMembers from './getMembers.operation';
import * as getRepositories from './getRepositories.operation';

export { getMembers, getRepositories };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['organization'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Get Members',
				value: 'getMembers',
				description: 'List the members of an organization, one item each',
				action: 'Get the members of an organization',
			},
			{
				name: 'Get Repositories',
				value: 'getRepositories',
				description: 'List the repositories of an organization, one item each',
				action: 'Get the repositories of an organization',
			},
		],
		default: 'getRepositories',
	},
	...getMembers.description,
	...getRepositories.description,
];
