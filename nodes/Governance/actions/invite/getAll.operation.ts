import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { governance } from '../../transport';

export const description: INodeProperties[] = showFor('invite', 'getAll', returnAllOrLimit());

/** The pending invites of the credential's project (the API returns them in one response). */
export async function listInvites(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const response = await governance(ctx).request<{ results?: IDataObject[] }>(
		'POST',
		'/auth/invite/list',
		{ body: {}, itemIndex },
	);
	return response.results ?? [];
}

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const invites = await listInvites(this, itemIndex);
	return Number.isFinite(limit) ? invites.slice(0, limit) : invites;
}
