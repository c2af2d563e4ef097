import type { INodeProperties } from 'n8n-workflow';

import * as cancelInvitation from './cancelInvitation.operation';
import * as getInvitations from './getInvitations.operation';
import * as getMembers from './getMembers.operation';
import * as getMembership from './getMembership.operation';
import * as getOutsideCollaborators from './getOutsideCollaborators.operation';
import * as getRepositories from './getRepositories.operation';
import * as removeMember from './removeMember.operation';
import * as removeOutsideCollaborator from './removeOutsideCollaborator.operation';
import * as setMembership from './setMembership.operation';

export {
	cancelInvitation,
	getInvitations,
	getMembers,
	getMembership,
	getOutsideCollaborators,
	getRepositories,
	removeMember,
	removeOutsideCollaborator,
	setMembership,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['organization'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Cancel Invitation',
				value: 'cancelInvitation',
				description: 'Cancel a pending invitation to the organization: it is deleted and can no longer be accepted',
				action: 'Cancel and delete an invitation',
			},
			{
				name: 'Get Invitations',
				value: 'getInvitations',
				description: 'List the pending invitations to the organization, one item each (owners only)',
				action: 'Get the pending invitations',
			},
			{
				name: 'Get Members',
				value: 'getMembers',
				description: 'List the members of an organization, one item each; filter by role or by two-factor authentication',
				action: 'Get the members of an organization',
			},
			{
				name: 'Get Membership',
				value: 'getMembership',
				description: 'Get a user\'s membership of the organization: state (active, or pending for an invitation) and role (admin or member)',
				action: 'Get the membership of a user',
			},
			{
				name: 'Get Outside Collaborators',
				value: 'getOutsideCollaborators',
				description: 'List the people with access to a repository of the organization who are not members, one item each',
				action: 'Get the outside collaborators',
			},
			{
				name: 'Get Repositories',
				value: 'getRepositories',
				description: 'List the repositories of an organization, one item each',
				action: 'Get the repositories of an organization',
			},
			{
				name: 'Remove Member',
				value: 'removeMember',
				description: 'Remove a user from the organization and all its teams: they lose access to its repositories',
				action: 'Remove a member from an organization',
			},
			{
				name: 'Remove Outside Collaborator',
				value: 'removeOutsideCollaborator',
				description: 'Remove a person who is not a member from every repository of the organization',
				action: 'Remove an outside collaborator',
			},
			{
				name: 'Set Membership',
				value: 'setMembership',
				description: 'Give a user the role Member or Owner in the organization; a non-member is invited (state pending)',
				action: 'Set the organization role of a user',
			},
		],
		default: 'getRepositories',
	},
	...cancelInvitation.description,
	...getInvitations.description,
	...getMembers.description,
	...getMembership.description,
	...getOutsideCollaborators.description,
	...getRepositories.description,
	...removeMember.description,
	...removeOutsideCollaborator.description,
	...setMembership.description,
];
