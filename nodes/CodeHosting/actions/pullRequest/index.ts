import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getCommits from './getCommits.operation';
import * as getDiff from './getDiff.operation';
import * as getFiles from './getFiles.operation';
import * as getPatch from './getPatch.operation';
import * as getReviewers from './getReviewers.operation';
import * as merge from './merge.operation';
import * as update from './update.operation';

export { create, get, getAll, getCommits, getDiff, getFiles, getPatch, getReviewers, merge, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['pullRequest'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Open a pull request from a head branch into a base branch; returns it with its number and URL',
				action: 'Create a pull request',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a pull request by number: title, state, author, head and base branches, merged, body',
				action: 'Get a pull request',
			},
			{
				name: 'Get Commits',
				value: 'getCommits',
				description: 'List the commits of a pull request, one item each, oldest first',
				action: 'Get the commits of a pull request',
			},
			{
				name: 'Get Diff',
				value: 'getDiff',
				description: 'Get the diff of a pull request, as text or a file',
				action: 'Get the diff of a pull request',
			},
			{
				name: 'Get Files',
				value: 'getFiles',
				description: 'List the files a pull request changes, one item each, with their patches',
				action: 'Get the files of a pull request',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List pull requests, one item each (by state, head or base branch)',
				action: 'Get many pull requests',
			},
			{
				name: 'Get Patch',
				value: 'getPatch',
				description: 'Get the patch of a pull request (one per commit), as text or a file',
				action: 'Get the patch of a pull request',
			},
			{
				name: 'Get Reviewers',
				value: 'getReviewers',
				description: 'Get the requested reviewers of a pull request (users and teams), optionally with its reviews',
				action: 'Get the reviewers of a pull request',
			},
			{
				name: 'Merge',
				value: 'merge',
				description: 'Merge a pull request into its base branch (merge, squash or rebase); returns the merge commit SHA',
				action: 'Merge a pull request',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change a pull request (title, body, state, base branch); returns the pull request',
				action: 'Update a pull request',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...getCommits.description,
	...getDiff.description,
	...getFiles.description,
	...getPatch.description,
	...getReviewers.description,
	...merge.description,
	...update.description,
];
