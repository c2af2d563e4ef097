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
		options: [
			{ name: 'Add', value: 'add', description: 'Add a collaborator (or change their permission)', action: 'Add a collaborator' },
			{ name: 'Get Permission', value: 'getPermission', description: 'Check a user\'s permission on a repository', action: 'Get a collaborator permission' },
			{ name: 'Remove', value: 'remove', description: 'Remove a collaborator', action: 'Remove a collaborator' },
		],
		default: 'getPermission',
	},
	...add.description,
	...getPermission.description,
	...remove.description,
];
