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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a gist from one or more files; returns the gist with its URL',
				action: 'Create a gist',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the gists of a user (or of the connected account), one item each',
				action: 'Get many gists',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the description or files of a gist: replace a file\'s content, add a file, or delete one',
				action: 'Update a gist or delete its files',
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
	...update.description,
];
