import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { clientInfo } from '../../transport';
import { simplifyClient } from '../common';

export const description: INodeProperties[] = showFor('client', 'getAll', [
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Search',
				name: 'q',
				type: 'string',
				default: '',
				description: 'Only clients whose name or email contains this text',
			},
		],
	},
	simplifyOptions(),
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (typeof filters.q === 'string' && filters.q !== '') qs.q = filters.q;
	return simplifiedAll(this, itemIndex, await clientInfo(this).requestAll('GET', '/clients', limit, { qs, itemIndex }), simplifyClient);
}
