import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, requireChoice, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, organizationField, readLogin, twoFactorFilter } from '../common';

const ROLES = ['all', 'admin', 'member'] as const;
const TWO_FACTOR = ['all', '2fa_disabled', '2fa_insecure'] as const;

export const description: INodeProperties[] = showFor('organization', 'getMembers', [
	organizationField,
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Role',
				name: 'role',
				type: 'options',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Admin', value: 'admin' },
					{ name: 'Member', value: 'member' },
				],
				default: 'all',
				description: 'Only owners (admin), only members, or all',
			},
			twoFactorFilter,
		],
	},
]);

/** Any number of output items per input item (one per member). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const limit = readLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const role = requireChoice(this, filters.role ?? 'all', ROLES, 'Role', itemIndex);
	const twoFactor = requireChoice(this, filters.twoFactor ?? 'all', TWO_FACTOR, 'Two-Factor Authentication', itemIndex);
	const qs: IDataObject = { role, ...(twoFactor === 'all' ? {} : { filter: twoFactor }) };
	return await codeHosting(this).requestAll('GET', `/orgs/${org}/members`, limit, { qs, itemIndex });
}
