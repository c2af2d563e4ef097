import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { checkStatusOptions, codeHosting, compact, filtersCollection, readFilters, readRef, refField, repoPath, repositoryFields } from '../common';

const filtersField = filtersCollection([
	{ displayName: 'Check Name', name: 'check_name', type: 'string', default: '', description: 'Only check runs with this name' },
	{ displayName: 'Status', name: 'status', type: 'options', options: [{ name: 'Any', value: '' }, ...checkStatusOptions], default: '', description: 'Only check runs with this status (Any: every status, as without the filter)' },
	{
		displayName: 'Latest Only',
		name: 'filter',
		type: 'options',
		options: [
			{ name: 'Latest', value: 'latest' },
			{ name: 'All', value: 'all' },
		],
		default: 'latest',
		description: 'Whether to list only the most recent check run of each name, or all',
	},
]);

export const description: INodeProperties[] = showFor('checkRun', 'getAll', [
	...repositoryFields,
	refField,
	...returnAllOrLimit(),
	filtersField,
]);

/** Any number of output items per input item (one per check run). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const ref = readRef(this, 'ref', itemIndex);
	const limit = readLimit(this, itemIndex);
	const qs = compact(readFilters(this, filtersField, itemIndex));
	return await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/commits/${ref}/check-runs`, limit, {
		qs,
		itemsKey: 'check_runs',
		itemIndex,
	});
}
