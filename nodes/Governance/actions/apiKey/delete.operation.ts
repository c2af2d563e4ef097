import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requirePathSegment, showFor } from '../../../shared';
import { governance } from '../../transport';
import { keysPath, keyUserLocator, readKeyUser } from './common';
import { listUserKeys } from './getAll.operation';

export const description: INodeProperties[] = showFor('apiKey', 'delete', [
	keyUserLocator,
	{
		displayName: 'Key ID',
		name: 'keyId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 6f1d…',
		description: 'ID of the key to delete: _id in API Key → Get Many, or the ID from API Key → Create',
	},
]);

async function deleteKey(ctx: IExecuteFunctions, itemIndex: number, userId: string, keyId: string): Promise<void> {
	await governance(ctx).request('POST', keysPath(userId, 'delete'), { body: { id: keyId }, itemIndex });
}

/** Deletes every API key of the user; answers how many (shared with Access → Revoke). */
export async function deleteUserKeys(ctx: IExecuteFunctions, itemIndex: number, userId: string): Promise<number> {
	const keys = await listUserKeys(ctx, itemIndex, userId);
	for (const key of keys) await deleteKey(ctx, itemIndex, userId, String(key._id));
	return keys.length;
}

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readKeyUser(this, itemIndex);
	const keyId = requirePathSegment(this, this.getNodeParameter('keyId', itemIndex), 'Key ID', itemIndex);
	await deleteKey(this, itemIndex, userId, keyId);
	return { success: true, user_id: userId, id: keyId };
}
