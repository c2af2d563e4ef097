import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { governance } from '../../transport';
import { idLocator, readId } from '../common';

export const inviteCodeLocator = idLocator('Invite', 'inviteCode', 'searchInvites', 'e.g. 5f1c0a7e-…');

export const description: INodeProperties[] = showFor('invite', 'delete', [
	{ ...inviteCodeLocator, description: 'The pending invite to delete' },
]);

/** Deletes one invite; shared with Replace. */
export async function deleteInvite(
	ctx: IExecuteFunctions,
	itemIndex: number,
	inviteCode: string,
): Promise<IDataObject> {
	const response = await governance(ctx).request('POST', '/auth/invite/delete', {
		body: { invite_code: inviteCode },
		itemIndex,
	});
	return { success: true, invite_code: inviteCode, ...(response ?? {}) };
}

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const inviteCode = readId(this, 'inviteCode', 'Invite', itemIndex);
	return await deleteInvite(this, itemIndex, inviteCode);
}
