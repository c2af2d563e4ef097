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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a commit: SHA, message, author, date, changed files',
				action: 'Get a commit',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List commits, newest first, one item each (by branch, path, author or date)',
				action: 'Get many commits',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
];
