import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireChoice, showFor } from '../../../shared';
import { codeHosting, memberUsernameField, organizationField, readUsername, teamLocator, teamPath } from '../common';

const ROLES = ['member', 'maintainer'] as const;

export const description: INodeProperties[] = showFor('team', 'addMember', [
	organizationField,
	teamLocator,
	memberUsernameField,
	{
		displayName: 'Role',
		name: 'role',
		type: 'options',
		options: [
			{ name: 'Maintainer', value: 'maintainer', description: 'Also manages the team\'s members and settings' },
			{ name: 'Member', value: 'member', description: 'A member of the team' },
		],
		// Least privilege by default: maintainers are chosen.
		default: 'member',
		description: 'The role in the team; for someone already in it, their role changes to this one',
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = teamPath(this, itemIndex);
	const username = readUsername(this, itemIndex);
	const role = requireChoice(this, this.getNodeParameter('role', itemIndex, 'member'), ROLES, 'Role', itemIndex);
	// state 'active', or 'pending' when the user was invited to the organization first
	const membership = await codeHosting(this).request<IDataObject>('PUT', `${path}/memberships/${encodeURIComponent(username)}`, { body: { role }, itemIndex });
	return { username, ...membership };
}
