import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { memberUsernameField, membershipRoleField, organizationField, readLogin, readMembershipRole, readUsername, setMembershipAt } from '../common';

const ROLES = ['member', 'admin'] as const;

export const description: INodeProperties[] = showFor('organization', 'setMembership', [
	organizationField,
	memberUsernameField,
	// Keep Current by default: an owner is never demoted, a newcomer joins as Member; owner rights are chosen.
	membershipRoleField(
		[
			['Member', 'member', 'A member without owner rights'],
			['Owner (Admin)', 'admin', 'An owner: full control of the organization'],
		],
		'The role in the organization; choosing Member for an owner takes their owner rights away. Someone not yet a member is invited.',
	),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const username = readUsername(this, itemIndex);
	const role = readMembershipRole(this, ROLES, itemIndex);
	// state 'active': a member with this role now; 'pending': an invitation was sent (or is still open)
	return await setMembershipAt(this, `/orgs/${org}/memberships/${encodeURIComponent(username)}`, role, itemIndex);
}
