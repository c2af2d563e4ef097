import type { IDataObject } from 'n8n-workflow';

import type { InviteState, MemberState, ProjectState } from './lookup';
import { rolesOf, samePermissions } from './permissions';

/** What the access core does for one person in one project. */
export type AccessAction = 'invite' | 'update' | 'reinvite' | 'revoke' | 'unchanged';

/** Someone who must have exactly these permissions. */
export interface DesiredAccess {
	email: string;
	permissions: IDataObject;
	/** The input items this entry came from (paired with the change). */
	items: number[];
}

export interface PlanRules {
	/** Members and invites whose email is not desired are removed (Sync, Revoke). */
	removeOthers: boolean;
	/** Users never changed or removed (the key's own user, unless an option allows it). */
	protectedUserIds?: ReadonlySet<string>;
	/** Admins are left as they are (Sync without Manage Admins). */
	protectAdmins?: boolean;
}

/** One planned change: the output of a sync's plan, and what `applyChange` carries out. */
export interface AccessChange {
	projectId: string;
	email: string;
	action: AccessAction;
	fromRoles: string[];
	toRoles: string[];
	reason: string;
	/** The member this acts on (update, revoke, or unchanged member). */
	userId?: string;
	/** The pending invite kept (unchanged, update of duplicates). */
	inviteCode?: string;
	/** The pending invite a reinvite replaces (deleted, then created with the new permissions). */
	replaces?: InviteState;
	/** Further pending invites of this email that the change deletes. */
	dropInvites: InviteState[];
	/** The permissions the person ends up with (invite, update, reinvite). */
	permissions?: IDataObject;
	items: number[];
}

const key = (email: string) => email.trim().toLowerCase();

function groupBy<T>(entries: T[], emailOf: (entry: T) => string): Map<string, T[]> {
	const groups = new Map<string, T[]>();
	for (const entry of entries) {
		const email = key(emailOf(entry));
		if (email === '') continue;
		groups.set(email, [...(groups.get(email) ?? []), entry]);
	}
	return groups;
}

/** Why a member is left as they are although the plan would change them, if it must be. */
function protection(member: MemberState, rules: PlanRules, removing: boolean): string | undefined {
	if (rules.protectedUserIds?.has(member.userId)) {
		return `the API key's own user: ${removing ? 'not removed' : 'not changed'} (every call of this credential runs as this user)`;
	}
	if (rules.protectAdmins && rolesOf(member.permissions).includes('admin')) {
		return `admin: ${removing ? 'kept' : 'left as is'} (Manage Admins is off)`;
	}
	return undefined;
}

function forDesired(projectId: string, want: DesiredAccess, members: MemberState[], invites: InviteState[], rules: PlanRules): AccessChange {
	const toRoles = rolesOf(want.permissions);
	const base = { projectId, email: want.email, toRoles, items: want.items, dropInvites: [] as InviteState[] };
	const member = members[0];
	if (member) {
		const fromRoles = rolesOf(member.permissions);
		const at = { ...base, fromRoles, userId: member.userId };
		if (samePermissions(member.permissions, want.permissions)) {
			return { ...at, action: 'unchanged', reason: 'member with exactly these roles' };
		}
		const kept = protection(member, rules, false);
		if (kept) return { ...at, toRoles: fromRoles, action: 'unchanged', reason: kept };
		return { ...at, action: 'update', reason: 'member with other roles', permissions: want.permissions };
	}
	const keep = invites.find((invite) => samePermissions(invite.permissions, want.permissions));
	if (keep) {
		// Further pending invites for this email would grant other roles once accepted.
		const dropInvites = invites.filter((invite) => invite !== keep);
		const at = { ...base, fromRoles: toRoles, inviteCode: keep.inviteCode, dropInvites };
		if (dropInvites.length === 0) return { ...at, action: 'unchanged', reason: 'pending invite with exactly these roles' };
		return {
			...at,
			action: 'update',
			reason: `pending invite with these roles kept; ${dropInvites.length} further pending invite(s) with other roles deleted`,
		};
	}
	const [replaces, ...rest] = invites;
	if (replaces) {
		return {
			...base,
			fromRoles: rolesOf(replaces.permissions),
			action: 'reinvite',
			reason: 'pending invite with other roles: replaced (deleted, invited again; restored if that fails)',
			replaces,
			dropInvites: rest,
			permissions: want.permissions,
		};
	}
	return { ...base, fromRoles: [], action: 'invite', reason: 'no access yet', permissions: want.permissions };
}

/**
 * The plan for one project (a pure function): for every desired person the least change that
 * gives them exactly the desired permissions (nothing, a role update, a safe replace of a pending
 * invite, an invite), and with `removeOthers` the removal of every other member and pending
 * invite, except protected users. Emails match without case. Desired entries come first, in
 * their order, then removals by email.
 */
export function planAccess(desired: DesiredAccess[], state: ProjectState, rules: PlanRules): AccessChange[] {
	const membersByEmail = groupBy(state.members, (member) => member.email);
	const invitesByEmail = groupBy(state.invites, (invite) => invite.email);
	const wanted = new Set(desired.map((want) => key(want.email)));
	const changes = desired.map((want) =>
		forDesired(state.projectId, want, membersByEmail.get(key(want.email)) ?? [], invitesByEmail.get(key(want.email)) ?? [], rules),
	);
	if (!rules.removeOthers) return changes;

	const removals: AccessChange[] = [];
	for (const member of state.members) {
		if (wanted.has(key(member.email))) continue;
		const fromRoles = rolesOf(member.permissions);
		const at = { projectId: state.projectId, email: member.email, fromRoles, userId: member.userId, items: [] };
		const kept = protection(member, rules, true);
		if (kept) {
			removals.push({ ...at, toRoles: fromRoles, action: 'unchanged', reason: kept, dropInvites: [] });
			continue;
		}
		// A member's own pending invites go with them (once: the first member of an email takes them).
		const dropInvites = invitesByEmail.get(key(member.email)) ?? [];
		invitesByEmail.delete(key(member.email));
		removals.push({ ...at, toRoles: [], action: 'revoke', reason: 'member not in the roster', dropInvites });
	}
	for (const [email, invites] of invitesByEmail) {
		if (wanted.has(email) || membersByEmail.has(email)) continue;
		removals.push({
			projectId: state.projectId,
			email: invites[0].email,
			fromRoles: rolesOf(invites[0].permissions),
			toRoles: [],
			action: 'revoke',
			reason: 'pending invite not in the roster',
			dropInvites: invites,
			items: [],
		});
	}
	removals.sort((a, b) => key(a.email).localeCompare(key(b.email)));
	return [...changes, ...removals];
}

/** Whether a change writes anything. */
export function writes(change: AccessChange): boolean {
	return change.action !== 'unchanged';
}

/** What a person reads of a change: who, what, from which roles to which, why. */
export function changeSummary(change: AccessChange): IDataObject {
	return {
		email: change.email,
		action: change.action,
		fromRoles: change.fromRoles,
		toRoles: change.toRoles,
		reason: change.reason,
		...(change.userId !== undefined ? { userId: change.userId } : {}),
	};
}
