import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { keptOwnLogin, memberUsernameField, membershipRoleField, organizationField, ownLoginOption, readLogin, readMembershipRole, readUsername, setMembershipAt } from '../common';

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
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [ownLoginOption('set', 'to Member, taking its owner rights away')],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/**
 * Role Member for the credential's own login is not sent (`kept`) unless Include the Token's Own
 * Login is on: it would take the automation's owner rights away. Owner (Admin) and Keep Current
 * demote no one, so they do not ask for the own login.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const username = readUsername(this, itemIndex);
	const role = readMembershipRole(this, ROLES, itemIndex);
	if (role === 'member') {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const kept = await keptOwnLogin(this, username, options.includeOwnLogin, 'its role is not changed', itemIndex);
		if (kept) return { organization: decodeURIComponent(org), username, role, ...kept };
	}
	// state 'active': a member with this role now; 'pending': an invitation was sent (or is still open)
	return await setMembershipAt(this, `/orgs/${org}/memberships/${encodeURIComponent(username)}`, role, itemIndex);
}
