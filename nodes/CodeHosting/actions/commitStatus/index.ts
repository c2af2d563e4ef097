import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as getAll from './getAll.operation';
import * as getCombined from './getCombined.operation';

export { create, getAll, getCombined };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['commitStatus'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Set a status on a commit', action: 'Create a commit status' },
			{ name: 'Get Combined', value: 'getCombined', description: 'Get the combined state of a branch, tag or commit and its latest status per context', action: 'Get the combined status of a commit' },
			{ name: 'Get Many', value: 'getAll', description: 'List the statuses of a branch, tag or commit, newest first', action: 'Get many commit statuses' },
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
	...getCombined.description,
];
