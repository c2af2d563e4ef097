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
		options: [
			{ name: 'Create', value: 'create', description: 'Create an issue', action: 'Create an issue' },
			{ name: 'Create Comment', value: 'createComment', description: 'Comment on an issue or pull request', action: 'Create a comment on an issue' },
			{ name: 'Delete Comment', value: 'deleteComment', description: 'Delete a comment on an issue or pull request', action: 'Delete a comment' },
			{ name: 'Edit Comment', value: 'editComment', description: 'Change the text of a comment on an issue or pull request', action: 'Edit a comment' },
			{ name: 'Get', value: 'get', description: 'Get an issue', action: 'Get an issue' },
			{ name: 'Get Assignees', value: 'getAssignees', description: 'Get the users assigned to an issue', action: 'Get the assignees of an issue' },
			{ name: 'Get Comments', value: 'getComments', description: 'List the comments of an issue or pull request', action: 'Get the comments of an issue' },
			{ name: 'Get Many', value: 'getAll', description: 'List issues of a repository', action: 'Get many issues' },
			{ name: 'Lock', value: 'lock', description: 'Lock the conversation of an issue or pull request, with a reason', action: 'Lock an issue' },
			{ name: 'Search', value: 'search', description: 'Search issues and pull requests', action: 'Search issues and pull requests' },
			{ name: 'Unlock', value: 'unlock', description: 'Unlock the conversation of an issue or pull request', action: 'Unlock an issue' },
			{ name: 'Update', value: 'update', description: 'Update an issue', action: 'Update an issue' },
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
