import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor, simplified, simplifyOptions } from '../../../shared';
import { clientInfo, segment } from '../../transport';
import { idLocator, readId, simplifyRequest } from '../common';

export const description: INodeProperties[] = showFor('request', 'get', [
	idLocator(
		'Request',
		'requestId',
		'searchRequests',
		'e.g. 8d2f7b1c-…',
		'The request, picked from the list (searchable by name) or given by its ID',
	),
	simplifyOptions(),
]);

/** One request with its status (published, waiting, scheduled, draft, completed, archived). */
/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const requestId = readId(this, 'requestId', 'Request', itemIndex);
	return simplified(this, itemIndex, await clientInfo(this).request('GET', `/requests/${segment(requestId)}`, { itemIndex }), simplifyRequest);
}
