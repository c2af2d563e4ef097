import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ProjectClient } from '../transport';
import { createInvite, deleteAllKeys, deleteInvite, removeMember, updateMember } from './calls';
import type { AccessChange } from './plan';
import { replaceInvite } from './replace';

export interface ApplyOptions {
	/** Revoke deletes the member's API keys first (they work account-wide). */
	deleteApiKeys?: boolean;
}

/** What carrying out a change did. */
export interface AppliedChange {
	/** The answer of the invite created (invite, reinvite). */
	created?: IDataObject;
	/** Pending invites deleted. */
	deletedInvites: string[];
	keysDeleted: number;
}

/**
 * Carries out one planned change with the least writes: nothing for `unchanged`, one role update
 * (overwrite) for a member, one invite, a safe replace of a pending invite (restored if the new
 * one fails), or the removal of a member (API keys first, with the option) and their invites.
 */
export async function applyChange(
	ctx: IExecuteFunctions,
	client: ProjectClient,
	change: AccessChange,
	itemIndex: number,
	options: ApplyOptions = {},
): Promise<AppliedChange> {
	const result: AppliedChange = { deletedInvites: [], keysDeleted: 0 };
	const dropInvites = async () => {
		for (const invite of change.dropInvites) {
			await deleteInvite(client, itemIndex, invite.inviteCode);
			result.deletedInvites.push(invite.inviteCode);
		}
	};
	switch (change.action) {
		case 'unchanged':
			return result;
		case 'invite':
			result.created = await createInvite(client, itemIndex, change.email, change.permissions ?? {});
			return result;
		case 'update':
			if (change.userId !== undefined) {
				await updateMember(client, itemIndex, change.userId, change.permissions ?? {}, true);
			}
			await dropInvites();
			return result;
		case 'reinvite':
			await dropInvites();
			if (change.replaces) {
				// The address as the platform keeps it (the roster's spelling may differ in case).
				const email = change.replaces.email || change.email;
				result.created = (await replaceInvite(ctx, client, itemIndex, change.replaces.record, email, change.permissions ?? {})).created;
			}
			return result;
		case 'revoke':
			if (change.userId !== undefined) {
				// Keys first: the key calls act on members of the project.
				if (options.deleteApiKeys) result.keysDeleted = await deleteAllKeys(client, itemIndex, change.userId);
				await removeMember(client, itemIndex, change.userId);
			}
			await dropInvites();
			return result;
	}
}

/** (moved to nodes/shared/progress.ts: the Code Hosting writes report a part-way stop the same way) */
export { withProgress } from '../../shared/progress';
