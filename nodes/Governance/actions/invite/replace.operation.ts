import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireEmail, showFor } from '../../../shared';
import { listInvites } from '../../core/calls';
import { rolesOf } from '../../core/permissions';
import { projectLocator, readProject } from '../../core/project';
import { replaceInvite } from '../../core/replace';
import { inProject } from '../../transport';
import { buildPermissions, inviteCodeLocator, permissionOptions, readId, rolesField } from '../common';

export const description: INodeProperties[] = showFor('invite', 'replace', [
	{
		displayName:
			'Roles on an invite cannot be changed. Replace deletes the invite and creates a new one with the new roles; the output carries the new invite code. If the new invite cannot be created, the old one is restored with its previous roles.',
		name: 'replaceNotice',
		type: 'notice',
		default: '',
	},
	projectLocator,
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
		placeholder: 'Add option',
		default: {},
		options: permissionOptions,
	},
]);

/** One output item per input item. */
export const returns = 'item';

/**
 * Replaces a pending invite with one that has the new roles (roles on an invite cannot be
 * changed). The old invite is read first; if creating the new one fails, the old one is restored.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const inviteCode = readId(this, 'inviteCode', 'Invite', itemIndex);
	const permissions = buildPermissions(this, itemIndex);
	const emailParameter = this.getNodeParameter('email', itemIndex, '') as string;
	const givenEmail =
		typeof emailParameter === 'string' && emailParameter.trim() !== ''
			? requireEmail(this, emailParameter, 'Email', itemIndex)
			: undefined;

	const client = inProject(this, await readProject(this, itemIndex));
	const existing = (await listInvites(client, itemIndex)).find(
		(invite) => invite._id === inviteCode || invite.invite_code === inviteCode,
	);
	if (!existing) {
		throw new NodeOperationError(
			this.getNode(),
			`Invite "${inviteCode}" was not found among the project's pending invites`,
			{
				itemIndex,
				description: 'Nothing was changed. Pick a pending invite from the list (Invite → Get Many shows them).',
			},
		);
	}
	const email = givenEmail ?? (typeof existing.email === 'string' && existing.email !== '' ? existing.email : undefined);
	if (!email) {
		throw new NodeOperationError(this.getNode(), `Invite "${inviteCode}" has no email address`, {
			itemIndex,
			description: 'Nothing was changed. Enter the email address for the new invite.',
		});
	}

	const { created } = await replaceInvite(this, client, itemIndex, existing, email, permissions);
	return { ...created, email, replaced_invite_code: inviteCode, roles: rolesOf(permissions) };
}
