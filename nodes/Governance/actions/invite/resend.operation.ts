import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { resendInvite } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { inviteCodeLocator, readId } from '../common';

export const description: INodeProperties[] = showFor('invite', 'resend', [
	projectLocator,
	{ ...inviteCodeLocator, description: 'The pending invite whose email is sent again (its invite code)' },
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const inviteCode = readId(this, 'inviteCode', 'Invite', itemIndex);
	return await resendInvite(inProject(this, await readProject(this, itemIndex)), itemIndex, inviteCode);
}
