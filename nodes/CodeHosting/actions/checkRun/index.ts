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
		displayOptions: { show: { resource: ['checkRun'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Report a check on a commit (GitHub App only)',
				action: 'Create a check run',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a check run by ID: status, conclusion, output (title, summary, text)',
				action: 'Get a check run',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the check runs of a branch, tag or commit',
				action: 'Get many check runs',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Update a check run: status, conclusion, report, annotations (GitHub App only)',
				action: 'Update a check run',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
];
