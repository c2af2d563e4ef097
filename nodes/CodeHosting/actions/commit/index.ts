import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['commit'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Get a commit', action: 'Get a commit' },
			{ name: 'Get Many', value: 'getAll', description: 'List commits', action: 'Get many commits' },
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
];
