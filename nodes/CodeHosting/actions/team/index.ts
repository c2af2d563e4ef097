import type { INodeProperties } from 'n8n-workflow';

import * as addMember from './addMember.operation';
import * as getAll from './getAll.operation';
import * as getMembers from './getMembers.operation';
import * as getRepositories from './getRepositories.operation';
import * as removeMember from './removeMember.operation';

export { addMember, getAll, getMembers, getRepositories, removeMember };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['team'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Add Member',
				value: 'addMember',
				description: 'Add a user to a team or change their role in it; a non-member of the organization is invited (state pending)',
				action: 'Add a member to a team',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the teams of an organization, one item each',
				action: 'Get many teams',
			},
			{
				name: 'Get Members',
				value: 'getMembers',
				description: 'List the members of a team, one item each; filter by role',
				action: 'Get the members of a team',
			},
			{
				name: 'Get Repositories',
				value: 'getRepositories',
				description: 'List the repositories a team has access to, one item each, with the team\'s permissions',
				action: 'Get the repositories of a team',
			},
			{
				name: 'Remove Member',
				value: 'removeMember',
				description: 'Remove a user from a team: they lose the access the team gave them (they stay in the organization)',
				action: 'Remove a member from a team',
			},
		],
		default: 'getAll',
	},
	...addMember.description,
	...getAll.description,
	...getMembers.description,
	...getRepositories.description,
	...removeMember.description,
];
