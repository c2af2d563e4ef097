import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { errorText } from '../../../../shared';
import { canonicalJson } from '../../../../shared/binding';
import { codeHosting } from '../../common';

/**
 * What ends a person's access to an organization (Access → Revoke plans it; Access → Apply Plan
 * plans it again to see which approved changes still hold).
 */

export type RevokeAction = 'removedMember' | 'cancelledInvitation' | 'cancelledRepositoryInvitation' | 'removedOutsideCollaborator';

export interface RevokeChange {
	action: RevokeAction;
	method: 'DELETE';
	path: string;
	/** What the change is about, in the output item. */
	fields: IDataObject;
}

/** A list the credential could not read: named in the output, and the revoke is incomplete. */
export interface NotChecked {
	what: string;
	reason: string;
}

export const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** The HTTP status of a refusal the revoke names instead of failing on (403, 404), or undefined. */
function refusal(error: unknown): string | undefined {
	if (error instanceof NodeApiError && (error.httpCode === '403' || error.httpCode === '404')) return error.httpCode;
	return undefined;
}

/** A list read in full; a refusal is recorded in `notChecked` and answers undefined. */
async function readList(ctx: IExecuteFunctions, path: string, what: string, notChecked: NotChecked[], itemIndex: number, qs: IDataObject = {}) {
	return await codeHosting(ctx)
		.requestAll('GET', path, Infinity, { qs, itemIndex })
		.catch((error: unknown) => {
			const status = refusal(error);
			// anything but a refusal (a network failure, a 5xx after the retries) stops the revoke
			if (status === undefined) throw error;
			notChecked.push({ what, reason: `HTTP ${status}: ${errorText(error)}` });
			return undefined;
		});
}

/** A change in words, for the error of a revoke that stopped part-way. */
export function describeChange(change: RevokeChange): string {
	const { fields } = change;
	switch (change.action) {
		case 'removedMember':
			return `remove the membership (${String(fields.role ?? 'member')})`;
		case 'cancelledInvitation':
			return `cancel invitation ${String(fields.invitationId)}${fields.invitedEmail ? ` (${String(fields.invitedEmail)})` : ''}`;
		case 'cancelledRepositoryInvitation':
			return `cancel the invitation to ${String(fields.repository)}`;
		case 'removedOutsideCollaborator':
			return 'remove the outside-collaborator access';
	}
}

/** Everything that gives `login` (or `email`) access to the organization: the changes that end it. */
export async function revokeChanges(ctx: IExecuteFunctions, org: string, login: string, email: string | undefined, itemIndex: number) {
	const client = codeHosting(ctx);
	const orgPath = `/orgs/${encodeURIComponent(org)}`;
	const user = encodeURIComponent(login);
	const changes: RevokeChange[] = [];
	const notChecked: NotChecked[] = [];

	const membership = await client.fullRequest<IDataObject>('GET', `${orgPath}/memberships/${user}`, { itemIndex, acceptStatuses: [403, 404] });
	if (membership.statusCode === 403) {
		notChecked.push({ what: `membership of ${login} in ${org}`, reason: `HTTP 403: ${String(membership.body?.message ?? 'forbidden')}` });
	} else if (membership.statusCode < 300 && membership.body?.state === 'active') {
		changes.push({ action: 'removedMember', method: 'DELETE', path: `${orgPath}/members/${user}`, fields: { role: membership.body.role } });
	}

	const invitations = await readList(ctx, `${orgPath}/invitations`, `pending invitations to ${org}`, notChecked, itemIndex);
	for (const invitation of invitations ?? []) {
		if (!same(invitation.login, login) && !(email !== undefined && same(invitation.email, email))) continue;
		changes.push({
			action: 'cancelledInvitation',
			method: 'DELETE',
			path: `${orgPath}/invitations/${encodeURIComponent(String(invitation.id))}`,
			fields: { invitationId: invitation.id, ...(invitation.email ? { invitedEmail: invitation.email } : {}), role: invitation.role },
		});
	}

	const repositories = await readList(ctx, `${orgPath}/repos`, `repositories of ${org}`, notChecked, itemIndex, { type: 'all' });
	for (const repository of repositories ?? []) {
		const fullName = String(repository.full_name);
		const [owner, name] = fullName.split('/');
		const repoPath = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
		const pending = await readList(ctx, `${repoPath}/invitations`, `pending invitations to ${fullName}`, notChecked, itemIndex);
		for (const invitation of pending ?? []) {
			if (!same((invitation.invitee as IDataObject | null)?.login, login)) continue;
			changes.push({
				action: 'cancelledRepositoryInvitation',
				method: 'DELETE',
				path: `${repoPath}/invitations/${encodeURIComponent(String(invitation.id))}`,
				fields: { repository: fullName, invitationId: invitation.id, permission: invitation.permissions },
			});
		}
	}

	const outside = await readList(ctx, `${orgPath}/outside_collaborators`, `outside collaborators of ${org}`, notChecked, itemIndex);
	if ((outside ?? []).some((collaborator) => same(collaborator.login, login))) {
		changes.push({ action: 'removedOutsideCollaborator', method: 'DELETE', path: `${orgPath}/outside_collaborators/${user}`, fields: {} });
	}
	return { changes, notChecked };
}


/** The change a plan line carries: the person, and the write with what it is about. */
export function boundRevokeChange(subject: IDataObject, change: RevokeChange): IDataObject {
	return { ...subject, action: change.action, method: change.method, path: change.path, fields: change.fields };
}

/** Whether a change planned now is the one a plan line carries (same write, about the same thing). */
export function sameRevokeChange(line: IDataObject, change: RevokeChange): boolean {
	return line.action === change.action && line.path === change.path && canonicalJson(line.fields) === canonicalJson(change.fields);
}
