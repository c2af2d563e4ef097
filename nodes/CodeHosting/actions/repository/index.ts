import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as star from './star.operation';

export { create, get, star };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['repository'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Create a repository', action: 'Create a repository' },
			{ name: 'Get', value: 'get', description: 'Get a repository\'s information', action: 'Get a repository' },
			{ name: 'Star', value: 'star', description: 'Star a repository', action: 'Star a repository' },
		],
		default: 'get',
	},
	...create.description,
	...get.description,
	...star.description,
];
