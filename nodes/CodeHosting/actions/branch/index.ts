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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a branch from a branch, tag or commit SHA; returns the new ref and the commit it points at',
				action: 'Create a branch',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a branch: name, latest commit, protection',
				action: 'Get a branch',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the branches of a repository, one item each (optionally the protected ones only)',
				action: 'Get many branches',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...get.description,
	...getAll.description,
];
