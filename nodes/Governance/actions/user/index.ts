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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Read one project member by user ID: profile, type and permissions',
				action: 'Get a member',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the members of the project, one item each with their permissions, optionally filtered by email',
				action: 'Get many members',
			},
			{
				name: 'Remove',
				value: 'remove',
				description: 'Remove a member from the project by user ID (their API keys stay: see Access → Revoke)',
				action: 'Remove a member',
			},
			{
				name: 'Update Organization Role',
				value: 'updateOrganizationRole',
				description:
					'Change a user\'s role in an organization (admin flag and admin, operator or viewer). Destructive: can take admin rights away; Organization Admin has no default.',
				action: 'Change an organization role',
			},
			{
				name: 'Update Role',
				value: 'updateRole',
				description: 'Change a member\'s roles in the project by user ID (merged, or replaced with Overwrite)',
				action: 'Update the roles of a member',
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
