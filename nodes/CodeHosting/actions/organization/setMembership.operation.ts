import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, memberUsernameField, membershipRoleField, organizationField, readLogin, readMembershipRole, readUsername } from '../common';

const ROLES = ['member', 'admin'] as const;

export const description: INodeProperties[] = showFor('organization', 'setMembership', [
	organizationField,
	memberUsernameField,
	// Least privilege by default: owner rights are chosen, never the default.
	membershipRoleField(
		[
			['Member', 'member', 'A member without owner rights'],
			['Owner (Admin)', 'admin', 'An owner: full control of the organization'],
		],
		'The role in the organization; choosing Member for an owner takes their owner rights away',
	),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const username = readUsername(this, itemIndex);
	const role = readMembershipRole(this, ROLES, itemIndex);
	// state 'active': a member with this role now; 'pending': an invitation was sent
	return await codeHosting(this).request('PUT', `/orgs/${org}/memberships/${encodeURIComponent(username)}`, { body: { role }, itemIndex });
}
