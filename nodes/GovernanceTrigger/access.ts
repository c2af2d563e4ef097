import type { IDataObject } from 'n8n-workflow';

/**
 * The Governance Trigger's state and its diff, the pure part: what a poll read of each project
 * (members, pending invites, members' API keys) against what the last poll read → one item per
 * change. The state stays small: per member its email and roles, per invite its email and roles,
 * per key its label (never the key).
 */

export const ACCESS_EVENTS = [
	'memberAdded',
	'memberRemoved',
	'memberRolesChanged',
	'becameAdmin',
	'inviteCreated',
	'inviteAccepted',
	'inviteDeleted',
	'apiKeyCreated',
	'apiKeyDeleted',
	'projectUnreadable',
] as const;
export type AccessEvent = (typeof ACCESS_EVENTS)[number];

/** Key events: the keys of members are read only when one of them is chosen. */
export const KEY_EVENTS: readonly AccessEvent[] = ['apiKeyCreated', 'apiKeyDeleted'];

/** Invite events: a project whose pending invites the key cannot list is unreadable for them. */
export const INVITE_EVENTS: readonly AccessEvent[] = ['inviteCreated', 'inviteAccepted', 'inviteDeleted'];

/**
 * What a poll reads of a project, and what the key needs for it (the control API's required
 * permissions: users/list `users:read`, invite/list `users:write`, users/{id}/keys/list
 * `users:read` on that user; the platform grants them with a membership, and with the Admin role).
 */
export type ReadPart = 'members' | 'invites' | 'keys' | 'project';
export const NEEDS: Record<ReadPart, { role: string; lacks: string }> = {
	members: {
		role: 'member (any role)',
		lacks:
			"The key's user is not a member of the project, or the project ID is wrong: the trigger needs the key's user to be a member of the project (any role) to watch its members, and the Admin role for invite and API key events. Project → From List shows the projects the key reaches.",
	},
	invites: {
		role: 'Admin',
		lacks:
			"The key's user is a member of the project but not an Admin there: listing pending invites needs the Admin role, so the invite events (Invite Created, Invite Accepted, Invite Deleted) cannot be watched. Give the key's user the Admin role in the project, or choose only member events.",
	},
	keys: {
		role: 'Admin',
		lacks:
			"The key's user is a member of the project but not an Admin there: listing members' API keys needs the Admin role, so the API key events cannot be watched. Give the key's user the Admin role in the project, or leave out the API key events.",
	},
	project: {
		role: 'member (any role)',
		lacks: "The project is no longer among the projects the key reaches (deleted, or the key's user left it).",
	},
};

/** The part of a project the key could not read, from an unreadable reason (`<part>: <why>`). */
export function partOf(reason: string): ReadPart {
	const part = reason.split(':')[0];
	return part === 'members' || part === 'invites' || part === 'keys' ? part : 'project';
}

/** [email as the platform keeps it, roles joined with ","]. */
export type Person = [string, string];

/** One project as a poll read it. */
export interface ProjectSnap {
	/** The project's name, where known. */
	n?: string;
	/** Members by user ID. */
	m: Record<string, Person>;
	/** Pending invites by invite code. */
	i: Record<string, Person>;
	/** Why the project could not be read (what was read before stays, to compare later). */
	u?: string;
	/** The invites were never read (no invite event chosen, and the key may not list them): not compared. */
	ni?: boolean;
}

export interface AccessSnap extends IDataObject {
	p: Record<string, ProjectSnap>;
	/** API keys by user ID: key ID → label (only with a key event). */
	k?: Record<string, Record<string, string>>;
}

/** One project as a poll read it: its members and invites, or why it could not be read. */
export type ProjectRead =
	| { name?: string; members: Record<string, Person>; invites: Record<string, Person>; invitesUnread?: boolean }
	| { name?: string; unreadable: string; /** The platform's refusal (not stored). */ refusal?: unknown };

/** What a poll read: each project, and the keys of the members whose keys could be read. */
export interface AccessRead {
	projects: Record<string, ProjectRead>;
	keys?: Record<string, Record<string, string>>;
}

export const rolesText = (roles: string[]): string => [...roles].sort().join(',');
const rolesList = (text: string): string[] => (text ? text.split(',') : []);
const lower = (email: string) => email.trim().toLowerCase();
const hasAdmin = (roles: string) => rolesList(roles).includes('admin');

/** The state of a read, unreadable projects keeping what `before` had of them. */
export function snapOf(read: AccessRead, before?: AccessSnap): AccessSnap {
	const snap: AccessSnap = { p: {} };
	for (const [id, project] of Object.entries(read.projects)) {
		if ('unreadable' in project) {
			const kept = before?.p[id];
			snap.p[id] = { ...(kept ?? { m: {}, i: {} }), u: project.unreadable, ...(project.name ? { n: project.name } : {}) };
		} else if (project.invitesUnread) {
			// invites the key may not list (and no invite event wants them): as before, or never read
			const kept = before?.p[id];
			const invites = kept && !kept.ni && !kept.u ? { i: kept.i } : { i: {}, ni: true };
			snap.p[id] = { m: project.members, ...invites, ...(project.name ? { n: project.name } : {}) };
		} else {
			snap.p[id] = { m: project.members, i: project.invites, ...(project.name ? { n: project.name } : {}) };
		}
	}
	if (read.keys) {
		// the keys of every member: as read now, or as before where they could not be read now
		snap.k = {};
		for (const project of Object.values(snap.p)) {
			for (const userId of Object.keys(project.m)) {
				const keys = read.keys[userId] ?? before?.k?.[userId];
				if (keys) snap.k[userId] = keys;
			}
		}
	}
	return snap;
}

/** A `projectUnreadable` item's fields for one project: which, why, and what the key needs. */
function unreadableFields(projectId: string, project: ProjectSnap): IDataObject {
	const part = partOf(project.u ?? '');
	return {
		project: projectId,
		...(project.n ? { projectName: project.n } : {}),
		reason: project.u,
		unreadablePart: part,
		needs: NEEDS[part].role,
	};
}

/**
 * The first poll's one `projectUnreadable` item: every project in `snap` the key cannot read, by
 * name, with what it lacks; undefined when the key reads them all.
 */
export function unreadableAtStart(snap: AccessSnap, seenAt: string): IDataObject | undefined {
	const projects = Object.entries(snap.p)
		.filter(([, project]) => project.u)
		.map(([id, project]) => unreadableFields(id, project));
	if (projects.length === 0) return undefined;
	const names = projects.map((project) => `${String(project.projectName ?? project.project)} (${String(project.unreadablePart)}: needs ${String(project.needs)})`);
	return {
		event: 'projectUnreadable',
		atStart: true,
		projects,
		message: `The key cannot read ${projects.length} of ${Object.keys(snap.p).length} project(s), which are not watched: ${names.join(', ')}`,
		seenAt,
	};
}

/**
 * The changes from `before` to `after` as items of the chosen events, project by project. A
 * project seen for the first time is taken as seen, or, when the key cannot read it, is one
 * `projectUnreadable`; a project only unreadable so far is taken as seen when it can be read; a
 * project that becomes unreadable is one `projectUnreadable`, once, and no removal; read again,
 * it is compared with what was read before. Invites never read (`ni`) are not compared. A member whose email matches an invite that disappeared is
 * `inviteAccepted` (or `memberAdded` when that is not chosen).
 */
export function diffAccess(before: AccessSnap, after: AccessSnap, chosen: readonly string[], seenAt: string): IDataObject[] {
	const wanted = new Set(chosen);
	const items: IDataObject[] = [];
	const emit = (event: AccessEvent, fields: IDataObject) => {
		if (wanted.has(event)) items.push({ event, ...fields, seenAt });
	};
	for (const [projectId, now] of Object.entries(after.p)) {
		const then = before.p[projectId];
		const where = { project: projectId, ...(now.n ? { projectName: now.n } : {}) };
		if (now.u) {
			if (!then?.u) emit('projectUnreadable', unreadableFields(projectId, now));
			continue;
		}
		if (!then || (then.u && Object.keys(then.m).length === 0 && Object.keys(then.i).length === 0)) continue;
		const invitesCompared = !then.ni && !now.ni;
		// invites gone, by email: an accepted one explains a new member
		const goneInvites = new Map<string, Array<[string, Person]>>();
		for (const [code, person] of Object.entries(invitesCompared ? then.i : {})) {
			if (now.i[code]) continue;
			const list = goneInvites.get(lower(person[0])) ?? [];
			list.push([code, person]);
			goneInvites.set(lower(person[0]), list);
		}
		for (const [userId, [email, roles]] of Object.entries(now.m)) {
			const was = then.m[userId];
			const person = { ...where, email, userId };
			if (!was) {
				const accepted = goneInvites.get(lower(email))?.shift();
				if (accepted && wanted.has('inviteAccepted')) emit('inviteAccepted', { ...person, inviteCode: accepted[0], roles: rolesList(roles) });
				else emit('memberAdded', { ...person, roles: rolesList(roles), ...(accepted ? { inviteCode: accepted[0] } : {}) });
				if (hasAdmin(roles)) emit('becameAdmin', { ...person, before: { roles: [] }, after: { roles: rolesList(roles) } });
				continue;
			}
			if (was[1] !== roles) {
				emit('memberRolesChanged', { ...person, before: { roles: rolesList(was[1]) }, after: { roles: rolesList(roles) } });
				if (hasAdmin(roles) && !hasAdmin(was[1])) emit('becameAdmin', { ...person, before: { roles: rolesList(was[1]) }, after: { roles: rolesList(roles) } });
			}
		}
		for (const [userId, [email, roles]] of Object.entries(then.m)) {
			if (!now.m[userId]) emit('memberRemoved', { ...where, email, userId, roles: rolesList(roles) });
		}
		for (const [code, [email, roles]] of Object.entries(invitesCompared ? now.i : {})) {
			if (!then.i[code]) emit('inviteCreated', { ...where, email, inviteCode: code, roles: rolesList(roles) });
		}
		for (const list of goneInvites.values()) {
			for (const [code, [email, roles]] of list) emit('inviteDeleted', { ...where, email, inviteCode: code, roles: rolesList(roles) });
		}
	}
	for (const [userId, keys] of Object.entries(after.k ?? {})) {
		const was = before.k?.[userId];
		if (!was) continue; // keys of someone first seen are taken as seen
		const who = whoIs(after, userId);
		for (const [keyId, label] of Object.entries(keys)) {
			if (!(keyId in was)) emit('apiKeyCreated', { ...who, keyId, ...(label ? { keyLabel: label } : {}) });
		}
		for (const [keyId, label] of Object.entries(was)) {
			if (!(keyId in keys)) emit('apiKeyDeleted', { ...who, keyId, ...(label ? { keyLabel: label } : {}) });
		}
	}
	return items;
}

/** A user's email and first project where they are a member (for key events). */
function whoIs(snap: AccessSnap, userId: string): IDataObject {
	for (const [projectId, project] of Object.entries(snap.p)) {
		const person = project.m[userId];
		if (person) return { project: projectId, ...(project.n ? { projectName: project.n } : {}), email: person[0], userId };
	}
	return { userId };
}
