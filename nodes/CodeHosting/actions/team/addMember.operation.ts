import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { memberUsernameField, membershipRoleField, organizationField, readMembershipRole, readUsername, setMembershipAt, teamLocator, teamPath } from '../common';

const ROLES = ['member', 'maintainer'] as const;

export const description: INodeProperties[] = showFor('team', 'addMember', [
	organizationField,
	teamLocator,
	memberUsernameField,
	// Keep Current by default: a maintainer is never demoted, a newcomer joins as Member; maintainers are chosen.
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
	const membership = await setMembershipAt(this, `${path}/memberships/${encodeURIComponent(username)}`, role, itemIndex);
	return { username, ...membership };
}
