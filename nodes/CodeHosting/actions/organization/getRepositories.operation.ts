import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, compact, filtersCollection, organizationField, readFilters, readLogin, repositorySortFilters } from '../common';

const filtersField = filtersCollection([
	// the platform's own order for an organization: newest first
	...repositorySortFilters.map((filter) => ({ ...filter, default: filter.name === 'sort' ? 'created' : 'desc' })),
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
]);

export const description: INodeProperties[] = showFor('organization', 'getRepositories', [
	organizationField,
	...returnAllOrLimit(),
	filtersField,
]);

/** Any number of output items per input item (one per repository). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const limit = readLimit(this, itemIndex);
	const qs = compact(readFilters(this, filtersField, itemIndex));
	return await codeHosting(this).requestAll('GET', `/orgs/${org}/repos`, limit, { qs, itemIndex });
}
