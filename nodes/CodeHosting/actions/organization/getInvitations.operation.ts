import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, requireChoice, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, filtersCollection, organizationField, readFilters, readLogin } from '../common';

const ROLES = ['all', 'admin', 'direct_member', 'billing_manager', 'hiring_manager'] as const;
const SOURCES = ['all', 'member', 'scim'] as const;

const filtersField = filtersCollection([
	{
		displayName: 'Invitation Source',
		name: 'invitationSource',
		type: 'options',
		options: [
			{ name: 'Any', value: 'all', description: 'Invitations from any source' },
			{ name: 'Member', value: 'member', description: 'Invitations a member sent' },
			{ name: 'SCIM', value: 'scim', description: 'Invitations an identity provider sent through SCIM' },
		],
		default: 'all',
		description: 'Only invitations sent by a member or by the identity provider (SCIM)',
	},
	{
		displayName: 'Role',
		name: 'role',
		type: 'options',
		options: [
			{ name: 'Admin', value: 'admin' },
			{ name: 'All', value: 'all' },
			{ name: 'Billing Manager', value: 'billing_manager' },
			{ name: 'Direct Member', value: 'direct_member' },
			{ name: 'Hiring Manager', value: 'hiring_manager' },
		],
		default: 'all',
		description: 'Only invitations for this role in the organization, or all',
	},
]);

export const description: INodeProperties[] = showFor('organization', 'getInvitations', [organizationField, ...returnAllOrLimit(), filtersField]);

/** Any number of output items per input item (one per pending invitation). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const limit = readLimit(this, itemIndex);
	const filters = readFilters(this, filtersField, itemIndex);
	const qs = {
		role: requireChoice(this, filters.role, ROLES, 'Role', itemIndex),
		invitation_source: requireChoice(this, filters.invitationSource, SOURCES, 'Invitation Source', itemIndex),
	};
	return await codeHosting(this).requestAll('GET', `/orgs/${org}/invitations`, limit, { qs, itemIndex });
}
