import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, requirePathSegment, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { clientInfo } from '../../transport';
import { simplifyRequest } from '../common';

/** Request states the platform reports (platforms.md §3). */
export const REQUEST_STATUSES = ['archived', 'completed', 'draft', 'published', 'scheduled', 'waiting'] as const;

export const description: INodeProperties[] = showFor('request', 'getAll', [
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Client ID',
				name: 'clientId',
				type: 'string',
				default: '',
				description: 'Only the requests of this client: its ID, as Client → Get Many returns it or the Client list of Request → Create shows it',
			},
			{
				displayName: 'Search',
				name: 'q',
				type: 'string',
				default: '',
				description: 'Only requests whose name contains this text',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Any', value: '' },
					...REQUEST_STATUSES.map((status) => ({
						name: status.charAt(0).toUpperCase() + status.slice(1),
						value: status,
					})),
				],
				// Any, as without the filter: added at its default, the filter changes nothing
				default: '',
				description: 'Only requests with this status (Any: every status)',
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
	if (typeof filters.status === 'string' && filters.status !== '') qs.status = filters.status;
	if (filters.clientId !== undefined && filters.clientId !== '') {
		qs.client_id = requirePathSegment(this, filters.clientId, 'Client ID', itemIndex);
	}
	if (typeof filters.q === 'string' && filters.q !== '') qs.q = filters.q;
	return simplifiedAll(this, itemIndex, await clientInfo(this).requestAll('GET', '/requests', limit, { qs, itemIndex }), simplifyRequest);
}
