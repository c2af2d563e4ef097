import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, organizationField, readLogin, readNumber } from '../common';

export const description: INodeProperties[] = showFor('organization', 'cancelInvitation', [
	organizationField,
	{
		displayName: 'Invitation ID',
		name: 'invitationId',
		type: 'string',
		default: '',
		required: true,
		description: 'The numeric ID of the invitation, as Get Invitations returns it',
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const invitationId = readNumber(this, 'invitationId', 'Invitation ID', itemIndex);
	await codeHosting(this).request('DELETE', `/orgs/${org}/invitations/${invitationId}`, { itemIndex });
	return { success: true, organization: decodeURIComponent(org), invitationId };
}
