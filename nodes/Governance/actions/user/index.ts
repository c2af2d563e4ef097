import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as remove from './remove.operation';
import * as updateOrganizationRole from './updateOrganizationRole.operation';
import * as updateRole from './updateRole.operation';

export { get, getAll, remove, updateOrganizationRole, updateRole };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Read one project member by user ID: profile, type and permissions', action: 'Get a project member by user ID' },
			{ name: 'Get Many', value: 'getAll', description: 'List the members of the project, optionally filtered by email', action: 'Get many users' },
			{
				name: 'Remove',
				value: 'remove',
				description: 'Remove a member from the project by user ID (their API keys stay: see Access → Revoke)',
				action: 'Remove a user',
			},
			{
				name: 'Update Organization Role',
				value: 'updateOrganizationRole',
				description: 'Change a user\'s role in an organization (admin flag and admin, operator or viewer)',
				action: 'Update a user organization role',
			},
			{
				name: 'Update Role',
				value: 'updateRole',
				description: 'Change a member\'s roles in the project by user ID (merged, or replaced with Overwrite)',
				action: 'Update a user role',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
	...updateRole.description,
	...updateOrganizationRole.description,
	...remove.description,
];
