import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireEmail, showFor } from '../../../shared';
import { governance } from '../../transport';
import { deleteUserKeys } from '../apiKey/delete.operation';
import { deleteInvite } from '../invite/delete.operation';
import { findMember, pendingInvitesFor } from './lookup';

export const description: INodeProperties[] = showFor('access', 'revoke', [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the person whose access to the project ends',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Delete API Keys',
				name: 'deleteApiKeys',
				type: 'boolean',
				default: false,
				description:
					'Whether to also delete every API key of the user (keys work account-wide, so they would keep working after the removal)',
			},
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/**
 * Ends `email`'s access to the credential's project: removes the member (after deleting their API
 * keys, with the option), deletes their pending invites. Someone with neither is `notFound`,
 * which is not an error, so a second run changes nothing.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const email = requireEmail(this, this.getNodeParameter('email', itemIndex), 'Email', itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const withKeys = options.deleteApiKeys === true;

	const member = await findMember(this, itemIndex, email);
	let keysDeleted = 0;
	if (member) {
		const userId = String(member._id);
		// Keys first: the key calls act on members of the project.
		if (withKeys) keysDeleted = await deleteUserKeys(this, itemIndex, userId);
		await governance(this).request('POST', `/auth/users/${encodeURIComponent(userId)}/delete`, {
			body: {},
			itemIndex,
		});
	}

	const pending = await pendingInvitesFor(this, itemIndex, email);
	for (const invite of pending) await deleteInvite(this, itemIndex, String(invite._id));

	const action = member ? 'removed' : pending.length > 0 ? 'uninvited' : 'notFound';
	return {
		email,
		action,
		...(member ? { userId: String(member._id) } : {}),
		...(pending.length > 0 ? { inviteIds: pending.map((invite) => String(invite._id)) } : {}),
		keysDeleted,
	};
}
