import type { INodeProperties } from 'n8n-workflow';

import * as getRepositories from './getRepositories.operation';

export { getRepositories };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['organization'] } },
		options: [
			{
				name: 'Get Repositories',
				value: 'getRepositories',
				description: 'List the repositories of an organization, one item each',
				action: 'Get repositories of an organization',
			},
		],
		default: 'getRepositories',
	},
	...getRepositories.description,
];
