import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { errorText } from '../../shared';
import type { ProjectClient } from '../transport';
import { createInvite, deleteInvite, listInvites } from './calls';
import { rolesOf, sameEmail, samePermissions } from './permissions';

export interface ReplacedInvite {
	/** The new invite's answer (invite_code, email_status). */
	created: IDataObject;
}

function httpCodeOf(error: unknown): string | undefined {
	const code = (error as { httpCode?: unknown } | undefined)?.httpCode;
	return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
}

function descriptionOf(error: unknown): string {
	const description = (error as { description?: unknown } | undefined)?.description;
	return typeof description === 'string' ? description : '';
}

/**
 * After a create that failed with a 5xx or a network error (it may have been applied): the
 * pending invite for `email` with exactly `permissions`, if the platform made it after all.
 * Undefined when it is not there, or when the check itself fails (the caller then restores).
 */
async function appliedAnyway(
	client: ProjectClient,
	itemIndex: number,
	email: string,
	permissions: IDataObject,
): Promise<IDataObject | undefined> {
	let pending: IDataObject[];
	try {
		pending = await listInvites(client, itemIndex);
	} catch {
		// Cannot tell: restoring is the safe side (at worst the old roles are pending twice).
		return undefined;
	}
	return pending.find((invite) => sameEmail(invite.email, email) && samePermissions(invite.permissions, permissions));
}

/**
 * Replaces a pending invite (roles on an invite cannot be changed): deletes `old`, creates one for
 * `email` with `permissions`. When the create fails (4xx, 5xx, network), the old invite is created
 * again with its previous email and permissions and the error says both facts; when that fails
 * too, the error names the email and the old roles and permissions, so nothing is lost silently.
 */
export async function replaceInvite(
	ctx: IExecuteFunctions,
	client: ProjectClient,
	itemIndex: number,
	old: IDataObject,
	email: string,
	permissions: IDataObject,
): Promise<ReplacedInvite> {
	const oldCode = String(old._id ?? old.invite_code);
	const oldEmail = String(old.email ?? email);
	const oldPermissions = (old.permissions ?? {}) as IDataObject;
	const oldRoles = rolesOf(oldPermissions).join(', ') || 'none';

	await deleteInvite(client, itemIndex, oldCode);

	let createError: unknown;
	try {
		return { created: await createInvite(client, itemIndex, email, permissions) };
	} catch (error) {
		createError = error;
	}

	const createStatus = httpCodeOf(createError);
	if (!createStatus?.startsWith('4')) {
		const applied = await appliedAnyway(client, itemIndex, email, permissions);
		if (applied) return { created: { invite_code: applied._id, email_status: applied.email_status } };
	}

	const cause = errorText(createError);
	let restored: IDataObject;
	try {
		restored = await createInvite(client, itemIndex, oldEmail, oldPermissions);
	} catch (restoreError) {
		throw new NodeApiError(ctx.getNode(), { message: cause } as JsonObject, {
			message: `Replacing the invite of ${oldEmail} failed and the old invite could not be restored: no invite is pending for ${oldEmail}`,
			description: [
				`Creating the new invite failed: ${cause}.`,
				`Restoring the old invite (roles: ${oldRoles}) failed too: ${errorText(restoreError)}.`,
				`Invite ${oldEmail} again (Invite → Create or Access → Ensure) with the old permissions: ${JSON.stringify(oldPermissions)}.`,
			].join(' '),
			httpCode: createStatus,
			itemIndex,
		});
	}

	throw new NodeApiError(ctx.getNode(), { message: cause } as JsonObject, {
		message: `Creating the new invite for ${email} failed: ${cause}. The old invite was restored with its previous roles (${oldRoles})`,
		description: `The roles were not changed: ${oldEmail} has a pending invite with roles ${oldRoles} again (invite code ${String(restored.invite_code)}, the old code ${oldCode} is gone). ${descriptionOf(createError)}`.trim(),
		httpCode: createStatus,
		itemIndex,
	});
}
