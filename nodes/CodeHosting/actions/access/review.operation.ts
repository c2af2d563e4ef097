import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { errorText, showFor } from '../../../shared';
import { codeHosting, organizationField, readLogin } from '../common';

export const description: INodeProperties[] = showFor('access', 'review', [
	{ ...organizationField, description: 'The organization whose access to review: every person on every repository' },
]);

/** Any number of output items per input item: one per person per repository, invitation and unreadable list, then a summary. */
export const returns = 'items';

/** Repository permissions from least to most. */
const LEVELS = ['read', 'triage', 'write', 'maintain', 'admin'] as const;
type Level = (typeof LEVELS)[number];

/** GitHub's names of the standard roles (the REST API's old and new spellings) as the levels above. */
const LEVEL_OF: Record<string, Level> = { pull: 'read', read: 'read', triage: 'triage', push: 'write', write: 'write', maintain: 'maintain', admin: 'admin' };

const rank = (level: Level) => LEVELS.indexOf(level);
const highest = (levels: Level[]): Level | undefined => levels.reduce<Level | undefined>((best, level) => (best === undefined || rank(level) > rank(best) ? level : best), undefined);

/** The level of a `permissions` hash ({admin, maintain, push, triage, pull}): its highest true flag. */
function levelOfPermissions(permissions: unknown): Level | undefined {
	if (!permissions || typeof permissions !== 'object') return undefined;
	const flags = permissions as IDataObject;
	return highest((['pull', 'triage', 'push', 'maintain', 'admin'] as const).filter((flag) => flags[flag] === true).map((flag) => LEVEL_OF[flag]));
}

/** A role name of the standard roles, else (a custom role) the level of the permissions hash. */
function levelOfRole(roleName: unknown, permissions: unknown): Level | undefined {
	return (typeof roleName === 'string' ? LEVEL_OF[roleName] : undefined) ?? levelOfPermissions(permissions);
}

type SourceName = 'organization role' | 'team' | 'direct' | 'outside collaborator';

/** One grant behind a person's access to a repository. */
interface Source {
	source: SourceName;
	permission: Level;
	/** The team's slug (source team), or what the organization role is (owner, base permission). */
	team?: string;
	role?: 'owner' | 'base permission';
}

/** A list the credential could not read: named in an item, never skipped silently. */
interface NotReadable {
	reading: string;
	error: string;
}

/** Refusals a review names instead of failing on: no permission (403), hidden (404), owners-only filters (422). */
const REFUSED = ['403', '404', '422'];

/** The lists of the organization that make up the review. */
class Reader {
	readonly notReadable: NotReadable[] = [];

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly itemIndex: number,
	) {}

	/** A list read in full (100 a page); a refusal is recorded and answers undefined; anything else stops the review. */
	async list(path: string, reading: string, qs: IDataObject = {}): Promise<IDataObject[] | undefined> {
		return await codeHosting(this.ctx)
			.requestAll('GET', path, Infinity, { qs, itemIndex: this.itemIndex })
			.catch((error: unknown) => {
				const status = error instanceof NodeApiError && REFUSED.includes(String(error.httpCode)) ? error.httpCode : undefined;
				// anything but a refusal (a network failure, a 5xx after the retries) stops the review
				if (status === undefined) throw error;
				this.notReadable.push({ reading, error: `HTTP ${status}: ${errorText(error)}` });
				return undefined;
			});
	}
}

const loginKey = (login: unknown) => String(login).toLowerCase();
const loginsOf = (list: IDataObject[] | undefined) => (list === undefined ? undefined : new Set(list.map((user) => loginKey(user.login))));

/** The organization's base permission (owners see it), or why it is unknown. */
async function basePermission(ctx: IExecuteFunctions, orgPath: string, org: string, reader: Reader, itemIndex: number): Promise<Level | 'none' | undefined> {
	const details = await codeHosting(ctx).request<IDataObject>('GET', orgPath, { itemIndex });
	const value = details.default_repository_permission;
	if (value === 'none') return 'none';
	if (typeof value === 'string' && LEVEL_OF[value]) return LEVEL_OF[value];
	reader.notReadable.push({
		reading: `base permission of ${org}`,
		error: 'GitHub answered without default_repository_permission: only organization owners (a classic token with admin:org) see it, so access through the base permission is not counted',
	});
	return undefined;
}

/**
 * Who has access to what in one organization, from lists only: the organization (base permission),
 * its members (owners apart), members and outside collaborators without two-factor
 * authentication, pending invitations, teams with their members and repositories, and each
 * repository's direct collaborators. Requests grow with repositories and teams, never with
 * people × repositories. One item per person per repository with the effective permission (the
 * highest of its sources) and the sources; a person with no repository access once with
 * permission none; one item per pending invitation; each list the credential may not read is
 * named in a `notReadable` item; a `summary` item last. Reads only.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const encoded = readLogin(this, 'owner', 'Organization', itemIndex);
	const org = decodeURIComponent(encoded);
	const orgPath = `/orgs/${encoded}`;
	const reader = new Reader(this, itemIndex);

	const base = await basePermission(this, orgPath, org, reader, itemIndex);
	const members = await reader.list(`${orgPath}/members`, `members of ${org}`);
	const owners = loginsOf(await reader.list(`${orgPath}/members`, `owners of ${org}`, { role: 'admin' }));
	const membersWithout2fa = loginsOf(await reader.list(`${orgPath}/members`, `members of ${org} without two-factor authentication`, { filter: '2fa_disabled' }));
	const outside = await reader.list(`${orgPath}/outside_collaborators`, `outside collaborators of ${org}`);
	const outsideWithout2fa = loginsOf(
		await reader.list(`${orgPath}/outside_collaborators`, `outside collaborators of ${org} without two-factor authentication`, { filter: '2fa_disabled' }),
	);
	const invitations = await reader.list(`${orgPath}/invitations`, `pending invitations to ${org}`);

	// teams: who is in each, and which repositories each reaches at which level
	const teamMembers = new Map<string, Set<string>>();
	const teamRepos = new Map<string, Array<{ repository: string; level: Level }>>();
	for (const team of (await reader.list(`${orgPath}/teams`, `teams of ${org}`)) ?? []) {
		const slug = String(team.slug);
		const teamPath = `${orgPath}/teams/${encodeURIComponent(slug)}`;
		const inTeam = await reader.list(`${teamPath}/members`, `members of team ${slug}`);
		const reached = await reader.list(`${teamPath}/repos`, `repositories of team ${slug}`);
		teamMembers.set(slug, loginsOf(inTeam) ?? new Set());
		teamRepos.set(
			slug,
			(reached ?? []).flatMap((repository) => {
				const level = levelOfRole(repository.role_name, repository.permissions);
				return level ? [{ repository: loginKey(repository.full_name), level }] : [];
			}),
		);
	}

	// people: members (owners marked), outside collaborators, and anyone a repository names directly
	const people = new Map<string, { login: string; role: 'owner' | 'member' | 'outside collaborator' }>();
	for (const member of members ?? []) people.set(loginKey(member.login), { login: String(member.login), role: owners?.has(loginKey(member.login)) ? 'owner' : 'member' });
	for (const owner of owners ?? []) if (!people.has(owner)) people.set(owner, { login: owner, role: 'owner' });
	for (const collaborator of outside ?? []) if (!people.has(loginKey(collaborator.login))) people.set(loginKey(collaborator.login), { login: String(collaborator.login), role: 'outside collaborator' });
	const isMember = (key: string) => people.get(key)?.role === 'owner' || people.get(key)?.role === 'member';

	const repositories = (await reader.list(`${orgPath}/repos`, `repositories of ${org}`, { type: 'all' })) ?? [];
	const access: IDataObject[] = [];
	const reached = new Set<string>();
	for (const repository of repositories) {
		const fullName = String(repository.full_name);
		const [owner, name] = fullName.split('/');
		const grants = new Map<string, Source[]>();
		const grant = (key: string, source: Source) => grants.set(key, [...(grants.get(key) ?? []), source]);
		for (const [key, person] of people) {
			if (person.role === 'owner') grant(key, { source: 'organization role', role: 'owner', permission: 'admin' });
			else if (person.role === 'member' && base !== undefined && base !== 'none') grant(key, { source: 'organization role', role: 'base permission', permission: base });
		}
		for (const [slug, repos] of teamRepos) {
			const entry = repos.find((candidate) => candidate.repository === fullName.toLowerCase());
			if (entry) for (const key of teamMembers.get(slug) ?? []) grant(key, { source: 'team', team: slug, permission: entry.level });
		}
		const direct = await reader.list(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/collaborators`, `direct collaborators of ${fullName}`, { affiliation: 'direct' });
		for (const collaborator of direct ?? []) {
			const key = loginKey(collaborator.login);
			// the permissions hash is the collaborator's own (base) role; role_name is the highest of all grants
			const level = levelOfPermissions(collaborator.permissions) ?? levelOfRole(collaborator.role_name, undefined);
			if (!level) continue;
			if (!people.has(key)) people.set(key, { login: String(collaborator.login), role: 'outside collaborator' });
			grant(key, { source: isMember(key) ? 'direct' : 'outside collaborator', permission: level });
		}
		for (const [key, sources] of grants) {
			const person = people.get(key);
			if (!person) continue; // a team member the members list did not show (it could not be read)
			reached.add(key);
			access.push(accessItem(org, person, fullName, repository.private === true, sources));
		}
	}

	const twoFactorOf = (key: string): boolean | null => {
		const without = isMember(key) ? membersWithout2fa : outsideWithout2fa;
		return without === undefined ? null : without.has(key);
	};
	for (const [key, person] of people) if (!reached.has(key)) access.push(accessItem(org, person, null, undefined, []));
	for (const item of access) item.twoFactorDisabled = twoFactorOf(loginKey(item.login));
	access.sort((a, b) => String(a.login).localeCompare(String(b.login)) || String(a.repository ?? '').localeCompare(String(b.repository ?? '')));

	const invited = (invitations ?? []).map((invitation) => ({
		kind: 'invitation',
		organization: org,
		login: invitation.login ?? null,
		email: invitation.email ?? null,
		role: invitation.role,
		invitationId: invitation.id,
		invitedAt: invitation.created_at,
		inviter: (invitation.inviter as IDataObject | null)?.login ?? null,
		teamCount: invitation.team_count ?? 0,
	}));
	const unreadable = reader.notReadable.map((entry) => ({ kind: 'notReadable', organization: org, ...entry }));
	const withAccess = access.filter((item) => item.repository !== null);
	const summary: IDataObject = {
		kind: 'summary',
		organization: org,
		complete: unreadable.length === 0,
		people: people.size,
		repositories: repositories.length,
		teams: teamRepos.size,
		accessItems: withAccess.length,
		admins: new Set(withAccess.filter((item) => item.permission === 'admin').map((item) => item.login)).size,
		invitations: invited.length,
		twoFactorDisabled: [...people.keys()].filter((key) => twoFactorOf(key) === true).map((key) => people.get(key)!.login),
		notReadable: unreadable.map((entry) => entry.reading),
		basePermission: base ?? null,
	};
	return [...unreadable, ...access, ...invited, summary];
}

/** One person on one repository (or, with `repository` null, a person without repository access). */
function accessItem(org: string, person: { login: string; role: string }, repository: string | null, isPrivate: boolean | undefined, sources: Source[]): IDataObject {
	const order = (source: Source) => ['organization role', 'team', 'direct', 'outside collaborator'].indexOf(source.source);
	const sorted = [...sources].sort((a, b) => order(a) - order(b) || String(a.team ?? '').localeCompare(String(b.team ?? '')));
	return {
		kind: 'access',
		organization: org,
		login: person.login,
		role: person.role,
		repository,
		...(isPrivate !== undefined ? { private: isPrivate } : {}),
		permission: highest(sources.map((source) => source.permission)) ?? 'none',
		sources: sorted.map((source) => ({ ...source }) as IDataObject),
		teams: sorted.filter((source) => source.source === 'team').map((source) => source.team as string),
	};
}
