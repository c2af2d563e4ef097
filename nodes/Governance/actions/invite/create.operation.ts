import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireEmail, showFor } from '../../../shared';
import { governance } from '../../transport';
import { buildPermissions, permissionOptions, rolesField } from '../common';

export const description: INodeProperties[] = showFor('invite', 'create', [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description:
			'Address of the user to invite. A user who is already in the organization is added at once.',
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

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const email = requireEmail(this, this.getNodeParameter('email', itemIndex), 'Email', itemIndex);
	const permissions = buildPermissions(this, itemIndex);
	return await createInvite(this, itemIndex, email, permissions);
}
