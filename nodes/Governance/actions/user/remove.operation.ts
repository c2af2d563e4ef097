import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { governance } from '../../transport';
import { idLocator, readId } from '../common';

export const userIdLocator = idLocator('User', 'userId', 'searchUsers', 'e.g. 1a2b3c4d-…');

export const description: INodeProperties[] = showFor('user', 'remove', [
	{
		...userIdLocator,
		description:
			'The user to remove from the project. They keep access to other projects.',
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readId(this, 'userId', 'User ID', itemIndex);
	const response = await governance(this).request(
		'POST',
		`/auth/users/${encodeURIComponent(userId)}/delete`,
		{ body: {}, itemIndex },
	);
	return { success: true, user_id: userId, ...(response ?? {}) };
}
