import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';
import * as replace from './replace.operation';

export { create, del as delete, getAll, replace };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['invite'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Invite a user to the project with roles', action: 'Create an invite' },
			{ name: 'Delete', value: 'delete', description: 'Delete a pending invite', action: 'Delete an invite' },
			{ name: 'Get Many', value: 'getAll', description: 'List the pending invites of the project', action: 'Get many invites' },
			{ name: 'Replace', value: 'replace', description: 'Change an invite\'s roles: delete it and invite again', action: 'Replace an invite' },
		],
		default: 'create',
	},
	...create.description,
	...del.description,
	...getAll.description,
	...replace.description,
];
