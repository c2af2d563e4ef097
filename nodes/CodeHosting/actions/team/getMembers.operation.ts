import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, filtersCollection, organizationField, readRoleFilter, roleFilter, teamLocator, teamPath } from '../common';

const ROLES = ['all', 'member', 'maintainer'] as const;

export const description: INodeProperties[] = showFor('team', 'getMembers', [
	organizationField,
	teamLocator,
	...returnAllOrLimit(),
	filtersCollection([
		roleFilter(
			[
				['Maintainer', 'maintainer'],
				['Member', 'member'],
			],
			'Only the team\'s maintainers, only its members, or all',
		),
	]),
]);

/** Any number of output items per input item (one per member). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const path = teamPath(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const role = readRoleFilter(this, filters, ROLES, itemIndex);
	return await codeHosting(this).requestAll('GET', `${path}/members`, limit, { qs: { role }, itemIndex });
}
