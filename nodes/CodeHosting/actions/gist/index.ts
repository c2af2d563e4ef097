import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export { create, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['gist'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Create a gist', action: 'Create a gist' },
			{ name: 'Get Many', value: 'getAll', description: 'List the gists of a user', action: 'Get many gists' },
			{ name: 'Update', value: 'update', description: 'Update a gist', action: 'Update a gist' },
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
	...update.description,
];
