import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, memberUsernameField, membershipRoleField, organizationField, readMembershipRole, readUsername, teamLocator, teamPath } from '../common';

const ROLES = ['member', 'maintainer'] as const;

export const description: INodeProperties[] = showFor('team', 'addMember', [
	organizationField,
	teamLocator,
	memberUsernameField,
	// Least privilege by default: maintainers are chosen.
	membershipRoleField(
		[
			['Maintainer', 'maintainer', 'Also manages the team\'s members and settings'],
			['Member', 'member', 'A member of the team'],
		],
		'The role in the team; for someone already in it, their role changes to this one',
	),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = teamPath(this, itemIndex);
	const username = readUsername(this, itemIndex);
	const role = readMembershipRole(this, ROLES, itemIndex);
	// state 'active', or 'pending' when the user was invited to the organization first
	const membership = await codeHosting(this).request<IDataObject>('PUT', `${path}/memberships/${encodeURIComponent(username)}`, { body: { role }, itemIndex });
	return { username, ...membership };
}
