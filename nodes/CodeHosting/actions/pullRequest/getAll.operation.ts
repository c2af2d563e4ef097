import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { codeHosting, compact, directionFilter, filtersCollection, readFilters, repoPath, repositoryFields, simplifyPullRequest, stateFilter } from '../common';

const filtersField = filtersCollection([
	{ displayName: 'Base Branch', name: 'base', type: 'string', default: '' },
	directionFilter,
	{ displayName: 'Head', name: 'head', type: 'string', default: '', placeholder: 'user:branch' },
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		options: [
			{ name: 'Created', value: 'created' },
			{ name: 'Long-Running', value: 'long-running' },
			{ name: 'Popularity', value: 'popularity' },
			{ name: 'Updated', value: 'updated' },
		],
		default: 'created',
		description: 'Property to sort by: created, updated, popularity (comments) or long-running (open the longest, active lately)',
	},
	stateFilter,
]);

export const description: INodeProperties[] = showFor('pullRequest', 'getAll', [
	...repositoryFields,
	...returnAllOrLimit(),
	filtersField,
	simplifyOptions(),
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const qs = compact(readFilters(this, filtersField, itemIndex));
	return simplifiedAll(this, itemIndex, await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/pulls`, readLimit(this, itemIndex), { qs, itemIndex }), simplifyPullRequest);
}
