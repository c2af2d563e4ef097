import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, requireChoice, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, organizationField, teamLocator, teamPath } from '../common';

const ROLES = ['all', 'member', 'maintainer'] as const;

export const description: INodeProperties[] = showFor('team', 'getMembers', [
	organizationField,
	teamLocator,
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
					{ name: 'Maintainer', value: 'maintainer' },
					{ name: 'Member', value: 'member' },
				],
				default: 'all',
				description: 'Only the team\'s maintainers, only its members, or all',
			},
		],
	},
]);

/** Any number of output items per input item (one per member). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const path = teamPath(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const role = requireChoice(this, filters.role ?? 'all', ROLES, 'Role', itemIndex);
	return await codeHosting(this).requestAll('GET', `${path}/members`, limit, { qs: { role }, itemIndex });
}
