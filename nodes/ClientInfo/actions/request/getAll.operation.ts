import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readLimit, requirePathSegment, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { clientInfo } from '../../transport';
import { clientLocator, simplifyRequest } from '../common';

/** Request states the platform reports (platforms.md §3). */
export const REQUEST_STATUSES = ['archived', 'completed', 'draft', 'published', 'scheduled', 'waiting'] as const;

export const description: INodeProperties[] = showFor('request', 'getAll', [
	// The picker of Request → Create (same modes, same client search), optional here: a top-level
	// parameter rather than a Filters option, as n8n's editor and AI tools handle locators best there.
	{
		...clientLocator,
		required: false,
		description: 'Only the requests of this client, picked from the list (searchable by name or email) or given by its ID. Leave empty for every client.',
	},
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
	// the Client picker: empty (nothing picked, no ID) lists every client's requests
	const clientId = this.getNodeParameter('clientId', itemIndex, '', { extractValue: true }) as unknown;
	if (clientId !== undefined && clientId !== null && clientId !== '') {
		if (typeof clientId === 'string' && clientId.trim() === '') {
			throw new NodeOperationError(this.getNode(), 'Client is blank', {
				itemIndex,
				description: 'Got only spaces. Pick a client or enter its ID, or leave Client empty for the requests of every client.',
			});
		}
		qs.client_id = requirePathSegment(this, clientId, 'Client', itemIndex);
	}
	if (typeof filters.q === 'string' && filters.q !== '') qs.q = filters.q;
	return simplifiedAll(this, itemIndex, await clientInfo(this).requestAll('GET', '/requests', limit, { qs, itemIndex }), simplifyRequest);
}
