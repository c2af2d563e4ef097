import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireEmail, showFor } from '../../../shared';
import { governance } from '../../transport';
import { wasAccepted } from '../access/lookup';
import { buildPermissions, permissionOptions, rolesField } from '../common';
import { rolesOf } from '../permissions';

export const description: INodeProperties[] = showFor('invite', 'create', [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description:
			'Email address of the person to invite. Someone already in the organization is added at once (output accepted: true).',
	},
	rolesField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: permissionOptions,
	},
]);

/** Sends one invite; shared with Replace. */
export async function createInvite(
	ctx: IExecuteFunctions,
	itemIndex: number,
	email: string,
	permissions: IDataObject,
): Promise<IDataObject> {
	return await governance(ctx).request('POST', '/auth/invite/create', {
		body: { email, permissions },
		itemIndex,
	});
}

/** One output item per input item. */
export const returns = 'item';

/** Invites the email; `accepted` says whether the platform added the user at once. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const email = requireEmail(this, this.getNodeParameter('email', itemIndex), 'Email', itemIndex);
	const permissions = buildPermissions(this, itemIndex);
	const created = await createInvite(this, itemIndex, email, permissions);
	const accepted = await wasAccepted(this, itemIndex, String(created.invite_code));
	return { ...created, email, roles: rolesOf(permissions), accepted };
}
