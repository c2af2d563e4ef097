import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHostingRequest } from '../../transport';

export const description: INodeProperties[] = showFor('rateLimit', 'get', []);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await codeHostingRequest(this, 'GET', '/rate_limit', { itemIndex });
}
