import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { governance } from '../../transport';
import { keysPath, keyUserLocator, readKeyUser } from './common';

export const description: INodeProperties[] = showFor('apiKey', 'getAll', [keyUserLocator, ...returnAllOrLimit()]);

/** A user's API keys (`_id`, label, notes, ttl_hours; never the secret); one response. */
export async function listUserKeys(ctx: IExecuteFunctions, itemIndex: number, userId: string): Promise<IDataObject[]> {
	const response = await governance(ctx).request<{ results?: IDataObject[] }>('POST', keysPath(userId, 'list'), {
		body: {},
		itemIndex,
	});
	return response.results ?? [];
}

/** Any number of output items per input item (one per key). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const userId = readKeyUser(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	const keys = await listUserKeys(this, itemIndex, userId);
	return Number.isFinite(limit) ? keys.slice(0, limit) : keys;
}
