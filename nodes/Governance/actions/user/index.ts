import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';
import * as remove from './remove.operation';
import * as updateRole from './updateRole.operation';

export { getAll, remove, updateRole };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{ name: 'Get Many', value: 'getAll', description: 'List the users of the project', action: 'Get many users' },
			{ name: 'Remove', value: 'remove', description: 'Remove a user from the project', action: 'Remove a user' },
			{ name: 'Update Role', value: 'updateRole', description: 'Change a user\'s roles in the project', action: 'Update a user role' },
		],
		default: 'getAll',
	},
	...getAll.description,
	...updateRole.description,
	...remove.description,
];
