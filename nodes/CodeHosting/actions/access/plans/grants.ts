import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { canonicalJson } from '../../../../shared/binding';
import { codeHosting } from '../../common';
import { levelOfPermissions, levelOfRole } from '../review/levels';

/**
 * Single grants (issue 49): what Access → Remove Grants ends, one at a time, and what Access →
 * Apply Plan reads again before it ends one. A grant is a team membership, a direct grant on one
 * repository (a member's direct grant or an outside collaborator's), a pending repository
 * invitation or a pending organization invitation. Its state is read once per team membership,
 * repository or organization in a run, whatever the number of grants.
 */

export type GrantKind = 'team' | 'repository' | 'repositoryInvitation' | 'organizationInvitation';
export const GRANT_KINDS: readonly GrantKind[] = ['team', 'repository', 'repositoryInvitation', 'organizationInvitation'];

/** What names one grant: its kind, the organization, and what the kind needs. */
export interface GrantRef {
	kind: GrantKind;
	organization: string;
	login?: string;
	/** Team slug (team). */
	team?: string;
	/** owner/name (repository, repositoryInvitation). */
	repository?: string;
	/** An invitation's id; else it is found by login (or email, organization invitations). */
	invitationId?: number;
	email?: string;
}

/** A grant's removal as a plan line carries it: the grant, the DELETE, and the state it was planned from. */
export interface GrantRemoval extends IDataObject {
	organization: string;
	grant: GrantKind;
	action: 'remove' | 'cancel';
	method: 'DELETE';
	path: string;
	from: IDataObject;
}

export const same = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
const enc = encodeURIComponent;

export function repositoryPathOf(fullName: string): string {
	const [owner, name] = fullName.split('/');
	return `/repos/${enc(owner)}/${enc(name)}`;
}

/** The grant a plan line names (Apply Plan reads it again by these fields). */
export function refOfLine(change: IDataObject): GrantRef {
	const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
	return {
		kind: change.grant as GrantKind,
		organization: String(change.organization),
		login: text(change.login),
		team: text(change.team),
		repository: text(change.repository),
		invitationId: typeof change.invitationId === 'number' ? change.invitationId : undefined,
		email: text(change.email),
	};
}

/** The grant's own fields (those given), as an output item and a plan line show them. */
export function grantFields(ref: GrantRef): IDataObject {
	const fields: IDataObject = { organization: ref.organization, grant: ref.kind };
	for (const name of ['login', 'team', 'repository', 'invitationId', 'email'] as const) if (ref[name] !== undefined) fields[name] = ref[name];
	return fields;
}

/** A grant in words, for errors and notes: "alice from team developers". */
export function describeGrant(ref: GrantRef): string {
	const who = ref.invitationId !== undefined ? `invitation ${ref.invitationId}` : `invitation of ${ref.login ?? ref.email}`;
	switch (ref.kind) {
		case 'team':
			return `${ref.login} from team ${ref.team}`;
		case 'repository':
			return `${ref.login} from ${ref.repository}`;
		case 'repositoryInvitation':
			return `${who} to ${ref.repository}`;
		case 'organizationInvitation':
			return `${who} to ${ref.organization}`;
	}
}

/** A grant's state in words: "maintainer of developers (active)", "write on acme/web", "none". */
export function describeState(ref: GrantRef, from: IDataObject | undefined): string {
	switch (ref.kind) {
		case 'team':
			return from ? `${String(from.role)} of ${ref.team}${from.state === 'pending' ? ' (pending)' : ''}` : `not in ${ref.team}`;
		case 'repository':
			return from ? `${String(from.permission)} on ${ref.repository} (direct)` : `no direct grant on ${ref.repository}`;
		case 'repositoryInvitation':
			return from ? `invitation ${String(from.invitationId)} to ${ref.repository} (${String(from.permission)})` : `no such invitation to ${ref.repository}`;
		case 'organizationInvitation':
			return from ? `invitation ${String(from.invitationId)} to ${ref.organization} (${String(from.role)})` : `no such invitation to ${ref.organization}`;
	}
}

/**
 * Reads grants' state for one node run: a team membership once per team and login, a repository's
 * direct collaborators and pending invitations once per repository, an organization's pending
 * invitations once per organization.
 */
export class GrantReader {
	private readonly reads = new Map<string, Promise<unknown>>();

	constructor(private readonly ctx: IExecuteFunctions) {}

	private once<T>(key: string, read: () => Promise<T>): Promise<T> {
		let known = this.reads.get(key.toLowerCase()) as Promise<T> | undefined;
		if (!known) {
			known = read();
			this.reads.set(key.toLowerCase(), known);
		}
		return known;
	}

	private list(key: string, path: string, itemIndex: number, qs: IDataObject = {}): Promise<IDataObject[]> {
		return this.once(key, async () => await codeHosting(this.ctx).requestAll('GET', path, Infinity, { qs, itemIndex }));
	}

	/** The removal that ends the grant now, or undefined when there is none to end. */
	async removalOf(ref: GrantRef, itemIndex: number): Promise<GrantRemoval | undefined> {
		const base = { ...grantFields(ref), organization: ref.organization, grant: ref.kind };
		const orgPath = `/orgs/${enc(ref.organization)}`;
		if (ref.kind === 'team') {
			const path = `${orgPath}/teams/${enc(ref.team!)}/memberships/${enc(ref.login!)}`;
			const response = await this.once(`team\u0000${path}`, async () => await codeHosting(this.ctx).fullRequest<IDataObject>('GET', path, { itemIndex, acceptStatuses: [404] }));
			if (response.statusCode === 404) return undefined;
			return { ...base, action: 'remove', method: 'DELETE', path, from: { role: response.body?.role ?? null, state: response.body?.state ?? null } };
		}
		const repoPath = ref.repository !== undefined ? repositoryPathOf(ref.repository) : '';
		if (ref.kind === 'repository') {
			const collaborators = await this.list(`collaborators\u0000${repoPath}`, `${repoPath}/collaborators`, itemIndex, { affiliation: 'direct' });
			const entry = collaborators.find((collaborator) => same(collaborator.login, ref.login));
			if (!entry) return undefined;
			// the permissions hash is the repository's own (direct) grant; role_name the highest of all sources
			const permission = levelOfPermissions(entry.permissions) ?? levelOfRole(entry.role_name, undefined) ?? null;
			return { ...base, action: 'remove', method: 'DELETE', path: `${repoPath}/collaborators/${enc(ref.login!)}`, from: { permission } };
		}
		if (ref.kind === 'repositoryInvitation') {
			const invitations = await this.list(`invitations\u0000${repoPath}`, `${repoPath}/invitations`, itemIndex);
			const invitation = invitations.find((entry) =>
				ref.invitationId !== undefined ? entry.id === ref.invitationId : same((entry.invitee as IDataObject | null)?.login, ref.login),
			);
			if (!invitation) return undefined;
			const from = { invitationId: invitation.id, login: (invitation.invitee as IDataObject | null)?.login ?? null, permission: invitation.permissions ?? null };
			return { ...base, invitationId: invitation.id as number, action: 'cancel', method: 'DELETE', path: `${repoPath}/invitations/${enc(String(invitation.id))}`, from };
		}
		const invitations = await this.list(`invitations\u0000${orgPath}`, `${orgPath}/invitations`, itemIndex);
		const invitation = invitations.find((entry) =>
			ref.invitationId !== undefined ? entry.id === ref.invitationId : ref.login !== undefined ? same(entry.login, ref.login) : same(entry.email, ref.email),
		);
		if (!invitation) return undefined;
		const from = { invitationId: invitation.id, login: invitation.login ?? null, email: invitation.email ?? null, role: invitation.role ?? null };
		return { ...base, invitationId: invitation.id as number, action: 'cancel', method: 'DELETE', path: `${orgPath}/invitations/${enc(String(invitation.id))}`, from };
	}
}

/** Whether the grant's login is one Include the Token's Own Login guards (a membership or direct grant, not an invitation). */
export const guardsOwnLogin = (kind: GrantKind) => kind === 'team' || kind === 'repository';

/** Why a planned removal no longer holds now (`now`: the removal read again), or undefined when it does. */
export function removalGone(line: IDataObject, now: GrantRemoval | undefined): string | undefined {
	const ref = refOfLine(line);
	if (now && now.path === line.path && canonicalJson(now.from) === canonicalJson(line.from)) return undefined;
	return `changed since the plan: planned from ${describeState(ref, line.from as IDataObject)}, now ${describeState(ref, now?.from)}`;
}
