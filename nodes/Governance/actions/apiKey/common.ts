import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId, userIdLocator } from '../common';

export const keyUserLocator: INodeProperties = {
	...userIdLocator,
	description: 'The project member whose API keys this acts on (their user ID)',
};

export function readKeyUser(ctx: IExecuteFunctions, itemIndex: number): string {
	return readId(ctx, 'userId', 'User ID', itemIndex);
}
