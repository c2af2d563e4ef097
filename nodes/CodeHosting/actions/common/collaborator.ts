import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requirePathSegment } from '../../../shared';

export const usernameField: INodeProperties = {
	displayName: 'Username',
	name: 'username',
	type: 'string',
	default: '',
	required: true,
	description: 'Login of the collaborator',
};

export function readUsername(ctx: IExecuteFunctions, itemIndex: number): string {
	return requirePathSegment(ctx, ctx.getNodeParameter('username', itemIndex), 'Username', itemIndex);
}
