import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idLocator, readId } from '../common';

export const keyUserLocator: INodeProperties = {
	...idLocator('User', 'userId', 'searchUsers', 'e.g. 1a2b3c4d-…'),
	description: 'The project member whose API keys this acts on (their user ID)',
};

/** The path of a user's key calls: `/auth/users/{user_id}/keys/<action>`. */
export function keysPath(userId: string, action: 'create' | 'list' | 'delete'): string {
	return `/auth/users/${encodeURIComponent(userId)}/keys/${action}`;
}

export function readKeyUser(ctx: IExecuteFunctions, itemIndex: number): string {
	return readId(ctx, 'userId', 'User ID', itemIndex);
}
