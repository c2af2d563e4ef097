import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export { create, get, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['review'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Review a pull request: approve, request changes or comment, with line comments; returns the review',
				action: 'Create a review',
			},
			{ name: 'Get', value: 'get', description: 'Get a review of a pull request by ID', action: 'Get a review' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the reviews of a pull request, one item each, oldest first',
				action: 'Get many reviews',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the text of a review; returns the review',
				action: 'Update a review',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
];
