import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, directionFilter, filtersCollection, issueListQuery, issueSinceFilter, issueSortFilter, readFilters, stateFilter } from '../common';

const filtersField = filtersCollection([
	{ ...directionFilter, description: 'Sort direction: asc or desc' },
	{
		displayName: 'Filter',
		name: 'filter',
		type: 'options',
		options: [
			{ name: 'All', value: 'all', description: 'All issues you can see' },
			{ name: 'Assigned', value: 'assigned', description: 'Issues assigned to you' },
			{ name: 'Created', value: 'created', description: 'Issues you created' },
			{ name: 'Mentioned', value: 'mentioned', description: 'Issues that mention you' },
			{ name: 'Repos', value: 'repos', description: 'All issues of repositories you can see' },
			{ name: 'Subscribed', value: 'subscribed', description: 'Issues you are subscribed to' },
		],
		default: 'assigned',
		description: 'Which issues of the connected account: assigned, created, mentioned, subscribed, repos or all',
	},
	{ displayName: 'Labels', name: 'labels', type: 'string', default: '', description: 'Only issues with all of these labels, separated by commas' },
	issueSinceFilter,
	issueSortFilter,
	{ ...stateFilter, description: 'Which issues by state: open, closed or all' },
]);

export const description: INodeProperties[] = showFor('user', 'getIssues', [
	...returnAllOrLimit(),
	filtersField,
]);

/** Any number of output items per input item (one per issue or pull request). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const qs = issueListQuery(readFilters(this, filtersField, itemIndex));
	return await codeHosting(this).requestAll('GET', '/issues', limit, { qs, itemIndex });
}
