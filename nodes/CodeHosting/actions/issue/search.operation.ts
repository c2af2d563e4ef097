import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, requireText, returnAllOrLimit, showFor, simplifiedAll, simplifyField } from '../../../shared';
import { codeHosting, simplifyIssue } from '../common';

export const description: INodeProperties[] = showFor('issue', 'search', [
	{
		displayName: 'Query',
		name: 'query',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'repo:n8n-io/n8n is:pr is:open label:bug',
		description: 'Search query with qualifiers (repo:, is:issue, is:pr, is:open, label:, author:, ...)',
	},
	...returnAllOrLimit(1000),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			simplifyField,
			{
				displayName: 'Sort',
				name: 'sort',
				type: 'options',
				options: [
					{ name: 'Best Match', value: '' },
					{ name: 'Comments', value: 'comments' },
					{ name: 'Created', value: 'created' },
					{ name: 'Reactions', value: 'reactions' },
					{ name: 'Updated', value: 'updated' },
				],
				default: '',
				description: 'What to sort the results by; Best Match is the platform\'s relevance order',
			},
			{
				displayName: 'Order',
				name: 'order',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'desc',
				description: 'The order of the results (with a Sort other than Best Match)',
			},
		],
	},
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const q = requireText(this, this.getNodeParameter('query', itemIndex), 'Query', itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = { q };
	if (options.sort) {
		qs.sort = options.sort;
		if (options.order) qs.order = options.order;
	}
	// The search API serves at most 1,000 results.
	const limit = Math.min(readLimit(this, itemIndex), 1000);
	return simplifiedAll(this, itemIndex, await codeHosting(this).requestAll('GET', '/search/issues', limit, { qs, itemIndex, itemsKey: 'items' }), simplifyIssue);
}
