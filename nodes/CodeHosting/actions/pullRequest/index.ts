import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getReviewers from './getReviewers.operation';
import * as merge from './merge.operation';
import * as update from './update.operation';

export { create, get, getAll, getReviewers, merge, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['pullRequest'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Open a pull request', action: 'Create a pull request' },
			{ name: 'Get', value: 'get', description: 'Get a pull request', action: 'Get a pull request' },
			{ name: 'Get Many', value: 'getAll', description: 'List pull requests', action: 'Get many pull requests' },
			{ name: 'Get Reviewers', value: 'getReviewers', description: 'Get the requested reviewers of a pull request', action: 'Get the reviewers of a pull request' },
			{ name: 'Merge', value: 'merge', description: 'Merge a pull request', action: 'Merge a pull request' },
			{ name: 'Update', value: 'update', description: 'Update a pull request', action: 'Update a pull request' },
		],
		default: 'getAll',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...getReviewers.description,
	...merge.description,
	...update.description,
];
