import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, compact, issueNumberField, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('issue', 'getComments', [
	...repositoryFields,
	issueNumberField,
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [{ displayName: 'Since', name: 'since', type: 'dateTime', default: '', description: 'Only comments updated at or after this time' }],
	},
]);

/** Any number of output items per input item (one per comment, oldest first). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const number = readNumber(this, 'issueNumber', 'Issue Number', itemIndex);
	const limit = readLimit(this, itemIndex);
	const qs = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	if (typeof qs.since === 'string') qs.since = new Date(qs.since).toISOString().replace(/\.\d{3}Z$/, 'Z');
	return await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/issues/${number}/comments`, limit, { qs, itemIndex });
}
