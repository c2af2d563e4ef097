import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, compact, organizationLocator, readLogin, repositorySortFilters } from '../common';

export const description: INodeProperties[] = showFor('organization', 'getRepositories', [
	{ ...organizationLocator, name: 'owner' },
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			...repositorySortFilters,
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Forks', value: 'forks' },
					{ name: 'Member', value: 'member' },
					{ name: 'Private', value: 'private' },
					{ name: 'Public', value: 'public' },
					{ name: 'Sources', value: 'sources' },
				],
				default: 'all',
				description: 'Which repositories: all, public, private, forks, sources or member',
			},
		],
	},
]);

/** Any number of output items per input item (one per repository). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const limit = readLimit(this, itemIndex);
	const qs = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	return await codeHosting(this).requestAll('GET', `/orgs/${org}/repos`, limit, { qs, itemIndex });
}
