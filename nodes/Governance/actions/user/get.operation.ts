import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { governance } from '../../transport';
import { readId } from '../common';
import { userIdLocator } from './remove.operation';

export const description: INodeProperties[] = showFor('user', 'get', [
	{ ...userIdLocator, description: 'The user to read (their user ID): profile, type and permissions per project' },
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readId(this, 'userId', 'User ID', itemIndex);
	return await governance(this).request('GET', `/auth/users/${encodeURIComponent(userId)}`, { itemIndex });
}
