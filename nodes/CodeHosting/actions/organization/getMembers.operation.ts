import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, filtersCollection, organizationField, readLogin, readRoleFilter, roleFilter, twoFactorFilter, twoFactorQuery } from '../common';

const ROLES = ['all', 'admin', 'member'] as const;

export const description: INodeProperties[] = showFor('organization', 'getMembers', [
	organizationField,
	...returnAllOrLimit(),
	filtersCollection([
		roleFilter(
			[
				['Admin', 'admin'],
				['Member', 'member'],
			],
			'Only owners (admin), only members, or all',
		),
		twoFactorFilter,
	]),
]);

/** Any number of output items per input item (one per member). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const limit = readLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const role = readRoleFilter(this, filters, ROLES, itemIndex);
	const qs: IDataObject = { role, ...twoFactorQuery(this, filters, itemIndex) };
	return await codeHosting(this).requestAll('GET', `/orgs/${org}/members`, limit, { qs, itemIndex });
}
