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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create an issue (title, body, labels, assignees); returns the issue with its number and URL',
				action: 'Create an issue',
			},
			{
				name: 'Create Comment',
				value: 'createComment',
				description: 'Comment on an issue or pull request',
				action: 'Create a comment on an issue',
			},
			{
				name: 'Delete Comment',
				value: 'deleteComment',
				description: 'Delete a comment on an issue or pull request; returns deleted: true and the comment ID',
				action: 'Delete a comment',
			},
			{
				name: 'Edit Comment',
				value: 'editComment',
				description: 'Replace the text of a comment on an issue or pull request; returns the edited comment',
				action: 'Edit a comment',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get an issue by number: title, state, author, labels, assignees, body',
				action: 'Get an issue',
			},
			{
				name: 'Get Assignees',
				value: 'getAssignees',
				description: 'Get the users assigned to an issue, one item each',
				action: 'Get the assignees of an issue',
			},
			{
				name: 'Get Comments',
				value: 'getComments',
				description: 'List the comments of an issue or pull request, one item each, oldest first',
				action: 'Get the comments of an issue',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the issues of a repository (pull requests included), one item each',
				action: 'Get many issues',
			},
			{
				name: 'Lock',
				value: 'lock',
				description: 'Lock the conversation of an issue or pull request, with a reason',
				action: 'Lock an issue',
			},
			{
				name: 'Search',
				value: 'search',
				description: 'Search issues and pull requests with GitHub\'s search syntax, one item per result (at most 1,000)',
				action: 'Search issues and pull requests',
			},
			{
				name: 'Unlock',
				value: 'unlock',
				description: 'Unlock the conversation of an issue or pull request',
				action: 'Unlock an issue',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change an issue (title, body, state, labels, assignees, milestone); returns the issue',
				action: 'Update an issue',
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
