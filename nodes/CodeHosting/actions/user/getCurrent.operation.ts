import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { codeHosting } from '../common';

/** No fields: the user is the one the credential belongs to. */
export const description: INodeProperties[] = [];

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await codeHosting(this).request('GET', '/user', { itemIndex });
}
