import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor, simplified, simplifyOptions } from '../../../shared';
import { clientInfo, segment } from '../../transport';
import { clientLocator, readId, simplifyClient } from '../common';


export const description: INodeProperties[] = showFor('client', 'get', [clientLocator, simplifyOptions()]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const clientId = readId(this, 'clientId', 'Client', itemIndex);
	return simplified(this, itemIndex, await clientInfo(this).request('GET', `/clients/${segment(clientId)}`, { itemIndex }), simplifyClient);
}
