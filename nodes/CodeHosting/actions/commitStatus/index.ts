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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Set a status on a commit; returns the status created',
				action: 'Set a commit status',
			},
			{
				name: 'Get Combined',
				value: 'getCombined',
				description: 'Get the combined state of a branch, tag or commit and its latest status per context',
				action: 'Get the combined commit status',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the statuses of a branch, tag or commit, newest first',
				action: 'Get many commit statuses',
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
	...getCombined.description,
];
