import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { codeHosting, compact, repoPath, repositoryFields, simplifyCommit } from '../common';

export const description: INodeProperties[] = showFor('commit', 'getAll', [
	...repositoryFields,
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{ displayName: 'Author', name: 'author', type: 'string', default: '', description: 'Login or email of the author' },
			{ displayName: 'Path', name: 'path', type: 'string', default: '', description: 'Only commits touching this file path' },
			{ displayName: 'SHA or Branch', name: 'sha', type: 'string', default: '', description: 'Branch or SHA to start listing from' },
			{ displayName: 'Since', name: 'since', type: 'dateTime', default: '' },
			{ displayName: 'Until', name: 'until', type: 'dateTime', default: '' },
		],
	},
	simplifyOptions(),
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	for (const key of ['since', 'until']) {
		if (filters[key]) filters[key] = new Date(String(filters[key])).toISOString();
	}
	return simplifiedAll(this, itemIndex, await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/commits`, readLimit(this, itemIndex), {
		qs: filters,
		itemIndex,
	}), simplifyCommit);
}
