import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, organizationLocator, readLogin } from '../common';

export const description: INodeProperties[] = showFor('organization', 'getMembers', [
	{ ...organizationLocator, name: 'owner' },
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
		],
	},
]);

/** Any number of output items per input item (one per member). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const limit = readLimit(this, itemIndex);
	const role = ((this.getNodeParameter('filters', itemIndex, {}) as IDataObject).role as string | undefined) ?? 'all';
	return await codeHosting(this).requestAll('GET', `/orgs/${org}/members`, limit, { qs: { role }, itemIndex });
}
