import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { requireEmail, showFor } from '../../../shared';
import { buildPermissions, permissionOptions, readId, rolesField } from '../common';
import { createInvite } from './create.operation';
import { deleteInvite, inviteCodeLocator } from './delete.operation';
import { listInvites } from './getAll.operation';

export const description: INodeProperties[] = showFor('invite', 'replace', [
	{
		displayName:
			'Roles on an invite cannot be changed. Replace deletes the invite and creates a new one with the new roles; the output carries the new invite code.',
		name: 'replaceNotice',
		type: 'notice',
		default: '',
	},
	{ ...inviteCodeLocator, description: 'The pending invite to replace' },
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description:
			'Address for the new invite. Leave empty to reuse the address of the invite being replaced (looked up first).',
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

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const inviteCode = readId(this, 'inviteCode', 'Invite', itemIndex);
	const permissions = buildPermissions(this, itemIndex);
	const emailParameter = this.getNodeParameter('email', itemIndex, '') as string;

	let email: string;
	if (typeof emailParameter === 'string' && emailParameter.trim() !== '') {
		email = requireEmail(this, emailParameter, 'Email', itemIndex);
	} else {
		const existing = (await listInvites(this, itemIndex)).find(
			(invite) => invite._id === inviteCode || invite.invite_code === inviteCode,
		);
		if (!existing || typeof existing.email !== 'string' || existing.email === '') {
			throw new NodeOperationError(
				this.getNode(),
				`Invite "${inviteCode}" was not found among the project's pending invites`,
				{
					itemIndex,
					description:
						'Nothing was changed. Enter the email address for the new invite, or pick an invite from the list.',
				},
			);
		}
		email = existing.email;
	}

	await deleteInvite(this, itemIndex, inviteCode);

	try {
		const created = await createInvite(this, itemIndex, email, permissions);
		return { ...created, email, replaced_invite_code: inviteCode };
	} catch (error) {
		const cause = error as NodeApiError;
		throw new NodeApiError(
			this.getNode(),
			{ message: cause.message, httpCode: cause.httpCode ?? null } as JsonObject,
			{
				message: `The old invite ${inviteCode} was deleted, but creating the new invite failed: ${cause.message}`,
				description: `No invite is pending for ${email} now. Fix the cause and create the invite again (Invite → Create). ${cause.description ?? ''}`.trim(),
				httpCode: cause.httpCode ?? undefined,
				itemIndex,
			},
		);
	}
}
