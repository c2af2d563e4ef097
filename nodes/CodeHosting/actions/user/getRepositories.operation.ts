import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, compact, filtersCollection, readFilters, readLogin, repositorySortFilters, userLocator } from '../common';

const filtersField = filtersCollection([
	...repositorySortFilters,
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'All', value: 'all' },
			{ name: 'Member', value: 'member' },
			{ name: 'Owner', value: 'owner' },
		],
		default: 'owner',
		description: 'Which repositories: owner (the user\'s own), member (where the user is a collaborator) or all',
	},
]);

export const description: INodeProperties[] = showFor('user', 'getRepositories', [
	{ ...userLocator, name: 'owner', description: 'The user whose public repositories to list, such as octocat' },
	...returnAllOrLimit(),
	filtersField,
]);

/** Any number of output items per input item (one per repository). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const user = readLogin(this, 'owner', 'User', itemIndex);
	const limit = readLimit(this, itemIndex);
	const qs = compact(readFilters(this, filtersField, itemIndex));
	return await codeHosting(this).requestAll('GET', `/users/${user}/repos`, limit, { qs, itemIndex });
}
