import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { create, get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['branch'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Create a branch from a branch, tag or commit SHA', action: 'Create a branch' },
			{ name: 'Get', value: 'get', description: 'Get a branch', action: 'Get a branch' },
			{ name: 'Get Many', value: 'getAll', description: 'List branches', action: 'Get many branches' },
		],
		default: 'getAll',
	},
	...create.description,
	...get.description,
	...getAll.description,
];
