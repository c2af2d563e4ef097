import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { governance } from '../../transport';
import { readId } from '../common';
import { inviteCodeLocator } from './delete.operation';

export const description: INodeProperties[] = showFor('invite', 'resend', [
	{ ...inviteCodeLocator, description: 'The pending invite whose email is sent again (its invite code)' },
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const inviteCode = readId(this, 'inviteCode', 'Invite', itemIndex);
	const response = await governance(this).request('POST', '/auth/invite/resend', {
		body: { invite_code: inviteCode },
		itemIndex,
	});
	return { success: true, invite_code: inviteCode, ...response };
}
