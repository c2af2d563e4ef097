import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { errorText } from '../../../../shared';
import { codeHosting } from '../../common';

/**
 * Who is in a team now (Access → Sync plans from it; Access → Apply Plan reads it again to see
 * which approved changes still hold).
 */

/** A team's current people: members by login (with their role) and pending invitations. */
export interface TeamState {
	members: Map<string, { login: string; role: 'member' | 'maintainer' }>;
	pending: Map<string, string>;
	/** The invitations could not be read (HTTP status and message), else undefined. */
	invitationsUnreadable?: string;
}

export const key = (login: string) => login.toLowerCase();

/**
 * One team's members (two paged lists: members and maintainers, which together are every member
 * once) and pending invitations. An unknown team is an error naming the roster item that names
 * it, before any write.
 */
export async function teamState(ctx: IExecuteFunctions, orgPath: string, org: string, slug: string, itemIndex: number): Promise<TeamState> {
	const client = codeHosting(ctx);
	const teamPath = `${orgPath}/teams/${encodeURIComponent(slug)}`;
	const members: TeamState['members'] = new Map();
	for (const role of ['maintainer', 'member'] as const) {
		const list = await client.requestAll('GET', `${teamPath}/members`, Infinity, { qs: { role }, itemIndex }).catch((error: unknown) => {
			if (error instanceof NodeApiError && error.httpCode === '404') {
				throw new NodeOperationError(ctx.getNode(), `The team "${slug}" was not found in ${org}`, {
					itemIndex,
					description: 'Check the slug (the team\'s name in URLs), or that the credential can see the team (a secret team is visible to its members and the organization owners only). Nothing was changed.',
				});
			}
			throw error;
		});
		for (const user of list) if (!members.has(key(String(user.login)))) members.set(key(String(user.login)), { login: String(user.login), role });
	}
	const pending = new Map<string, string>();
	let invitationsUnreadable: string | undefined;
	const invitations = await client.requestAll('GET', `${teamPath}/invitations`, Infinity, { itemIndex }).catch((error: unknown) => {
		if (!(error instanceof NodeApiError && (error.httpCode === '403' || error.httpCode === '404'))) throw error;
		invitationsUnreadable = `HTTP ${error.httpCode}: ${errorText(error)}`;
		return [] as IDataObject[];
	});
	for (const invitation of invitations) if (typeof invitation.login === 'string') pending.set(key(invitation.login), invitation.login);
	return { members, pending, invitationsUnreadable };
}


/** One change of a team's members (Access → Sync plans them). */
export interface TeamChange {
	action: 'add' | 'remove';
	team: string;
	login: string;
	/** The person's role in the team now (removals), or the role given (additions). */
	role: 'member' | 'maintainer';
	/** A pending invitation to the team, not yet a membership (removals). */
	pending?: boolean;
}

/** Makes one change: an addition as a member, or a removal (membership or pending invitation). */
export async function writeTeamChange(ctx: IExecuteFunctions, orgPath: string, change: TeamChange, itemIndex: number) {
	const path = `${orgPath}/teams/${encodeURIComponent(change.team)}/memberships/${encodeURIComponent(change.login)}`;
	return change.action === 'add'
		? await codeHosting(ctx).fullRequest<IDataObject>('PUT', path, { body: { role: 'member' }, itemIndex, acceptStatuses: [403, 404, 422] })
		: await codeHosting(ctx).fullRequest<IDataObject>('DELETE', path, { itemIndex, acceptStatuses: [403, 404, 422] });
}

/** Why the platform refused a team change (its status), for the item. */
export function teamRefusal(statusCode: number): string {
	return statusCode === 403
		? "The credential may not change this team's members (it needs organization owner or team maintainer rights, and the Members permission); it was not changed."
		: 'The platform refused the change; it was not made.';
}

/** The change a plan line carries. */
export function boundTeamChange(organization: string, change: TeamChange): IDataObject {
	return { organization, team: change.team, login: change.login, action: change.action, role: change.role, ...(change.pending ? { pending: true } : {}) };
}

/** Why a planned team change no longer holds in the team's state now, or undefined when it does. */
export function teamChangeGone(change: TeamChange, state: TeamState): string | undefined {
	const member = state.members.get(key(change.login));
	const pending = state.pending.has(key(change.login));
	const now = member ? `${member.role} of ${change.team}` : pending ? `invited to ${change.team}` : `not in ${change.team}`;
	if (change.action === 'add') return member || pending ? `changed since the plan: planned from not in ${change.team}, now ${now}` : undefined;
	const planned = change.pending ? `invited to ${change.team}` : `${change.role} of ${change.team}`;
	return planned === now ? undefined : `changed since the plan: planned from ${planned}, now ${now}`;
}
