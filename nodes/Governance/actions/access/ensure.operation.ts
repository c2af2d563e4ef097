import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireEmail, showFor } from '../../../shared';
import { credentialProjectId, governance } from '../../transport';
import { buildPermissions, permissionOptions, rolesField } from '../common';
import { createInvite } from '../invite/create.operation';
import { deleteInvite } from '../invite/delete.operation';
import { replaceInvite } from '../invite/safeReplace';
import { rolesOf, samePermissions } from '../permissions';
import { findMember, memberPermissions, pendingInvitesFor, wasAccepted } from './lookup';

export const description: INodeProperties[] = showFor('access', 'ensure', [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the person who must have exactly the given roles in the project',
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

/**
 * Makes `email` have exactly these permissions in the credential's project, doing the least
 * needed: nothing (`unchanged`), a role update of a member (`updated`), a safe replace of a
 * pending invite with other roles (`reinvited`), or a new invite (`invited`).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const email = requireEmail(this, this.getNodeParameter('email', itemIndex), 'Email', itemIndex);
	const permissions = buildPermissions(this, itemIndex);
	const roles = rolesOf(permissions);
	const projectId = await credentialProjectId(this, itemIndex);

	const member = await findMember(this, itemIndex, email);
	if (member) {
		const userId = String(member._id);
		if (samePermissions(memberPermissions(member, projectId), permissions)) {
			return { email, action: 'unchanged', userId, roles, accepted: true };
		}
		await governance(this).request('POST', `/auth/users/${encodeURIComponent(userId)}/update`, {
			body: { permissions, overwrite: true },
			itemIndex,
		});
		return { email, action: 'updated', userId, roles, accepted: true };
	}

	const pending = await pendingInvitesFor(this, itemIndex, email);
	const keep = pending.find((invite) => samePermissions(invite.permissions, permissions));
	// Further pending invites for this email would grant other roles once accepted: one is left.
	const target = keep ?? pending[0];
	for (const other of pending) {
		if (other !== target) await deleteInvite(this, itemIndex, String(other._id));
	}
	if (keep) return { email, action: 'unchanged', inviteId: String(keep._id), roles, accepted: false };

	if (target) {
		const { created } = await replaceInvite(this, itemIndex, target, email, permissions);
		const inviteId = String(created.invite_code);
		return { email, action: 'reinvited', inviteId, roles, accepted: await wasAccepted(this, itemIndex, inviteId) };
	}

	const created = await createInvite(this, itemIndex, email, permissions);
	const inviteId = String(created.invite_code);
	return { email, action: 'invited', inviteId, roles, accepted: await wasAccepted(this, itemIndex, inviteId) };
}
