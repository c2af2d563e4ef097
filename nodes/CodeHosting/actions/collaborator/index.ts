import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as getPermission from './getPermission.operation';
import * as remove from './remove.operation';

export { add, getPermission, remove };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['collaborator'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Add',
				value: 'add',
				description: 'Add a collaborator (an invitation is sent) or change the permission of one; returns whether an invitation was sent',
				action: 'Add a collaborator',
			},
			{
				name: 'Get Permission',
				value: 'getPermission',
				description: 'Check a user\'s permission on a repository: admin, write, read or none, with the role name',
				action: 'Get the permission of a user',
			},
			{
				name: 'Remove',
				value: 'remove',
				description: 'Remove a collaborator: the user loses access to the repository',
				action: 'Remove a collaborator',
			},
		],
		default: 'getPermission',
	},
	...add.description,
	...getPermission.description,
	...remove.description,
];
