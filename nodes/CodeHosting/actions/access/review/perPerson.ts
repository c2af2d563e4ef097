import type { IDataObject } from 'n8n-workflow';

import { append } from '../../../../shared';
import type { Level, SourceName } from './levels';
import { LEVELS, rank } from './levels';
import type { Organization, Person } from './read';
import { directSource, invitationItems, notReadableItems, summaryItem } from './read';

/** A grant above the base: a team (counted: the team's item lists its repositories) or the repository itself (named). */
interface GroupSource {
	source: SourceName;
	team?: string;
	count: number;
	repositories?: string[];
}

/** The repositories a person reaches at one permission above the base, and what grants that permission. */
interface Group {
	permission: Level;
	count: number;
	sources: GroupSource[];
}

/** What one person reaches: at the base of their organization role (a count), and above it (grouped by permission). */
export interface PersonAccess {
	person: Person;
	key: string;
	teams: string[];
	/** What the organization role alone gives: owners admin, members the base permission, outside collaborators none. */
	basePermission: Level | 'none' | null;
	baseRepositories: number;
	aboveBase: Group[];
}

const byLogin = (a: { person: Person }, b: { person: Person }) => a.person.login.localeCompare(b.person.login);

/** Each person's teams (slugs), by login key. */
function teamsByPerson(organization: Organization): Map<string, string[]> {
	const teamsOf = new Map<string, string[]>();
	for (const team of [...organization.teams.values()].sort((a, b) => a.slug.localeCompare(b.slug))) {
		for (const key of team.members) {
			const slugs = teamsOf.get(key) ?? [];
			slugs.push(team.slug);
			teamsOf.set(key, slugs);
		}
	}
	return teamsOf;
}

/**
 * Everyone's access, one person at a time: what a person reaches above their organization role's
 * level is worked out per repository from their teams and direct grants, then kept as counts per
 * permission and source; nothing is held for people × repositories.
 */
export function peopleAccess(organization: Organization): PersonAccess[] {
	const { base, people, teams, repositories } = organization;
	const teamsOf = teamsByPerson(organization);
	const result: PersonAccess[] = [];
	for (const [key, person] of people) {
		const basePermission = person.role === 'owner' ? 'admin' : person.role === 'member' ? (base ?? null) : 'none';
		const baseline = basePermission ?? 'none';
		const best = new Map<string, { level: Level; sources: Array<{ source: SourceName; team?: string; repository: string }> }>();
		const offer = (repository: string, level: Level, source: SourceName, team?: string) => {
			if (rank(level) <= rank(baseline)) return;
			const current = best.get(repository.toLowerCase());
			const entry = { source, team, repository };
			if (!current || rank(level) > rank(current.level)) best.set(repository.toLowerCase(), { level, sources: [entry] });
			else if (level === current.level) current.sources.push(entry);
		};
		for (const slug of teamsOf.get(key) ?? []) for (const [repository, level] of teams.get(slug)!.repositories) offer(repository, level, 'team', slug);
		for (const grant of organization.direct.get(key) ?? []) offer(grant.repository, grant.level, directSource(organization, key));

		const aboveBase: Group[] = [];
		for (const level of [...LEVELS].reverse()) {
			const sources = new Map<string, GroupSource>();
			let count = 0;
			for (const entry of best.values()) {
				if (entry.level !== level) continue;
				count++;
				for (const source of entry.sources) {
					const id = source.team === undefined ? source.source : `team ${source.team}`;
					const group = sources.get(id) ?? { source: source.source, ...(source.team === undefined ? { repositories: [] } : { team: source.team }), count: 0 };
					group.count++;
					group.repositories?.push(source.repository);
					sources.set(id, group);
				}
			}
			if (count > 0) aboveBase.push({ permission: level, count, sources: [...sources.values()] });
		}
		const baseRepositories = baseline === 'none' ? 0 : repositories.length;
		result.push({ person, key, teams: teamsOf.get(key) ?? [], basePermission, baseRepositories, aboveBase });
	}
	return result.sort(byLogin);
}

/** One line a CSV reader takes in at a glance: "admin on 1 (direct: acme/web); write on 2 (team developers)". */
function describe(groups: Group[]): string {
	return groups
		.map((group) => {
			const sources = group.sources.map((source) => (source.team !== undefined ? `team ${source.team}` : `${source.source}: ${source.repositories!.join(', ')}`));
			return `${group.permission} on ${group.count} (${sources.join('; ')})`;
		})
		.join('; ');
}

/**
 * The organization's teams, each with its members, its maintainers (who certify the members) and
 * its repositories by permission; members or maintainers null where not readable.
 */
function teamItems(organization: Organization): IDataObject[] {
	const names = new Map(organization.repositories.map((repository) => [repository.fullName.toLowerCase(), repository.fullName]));
	return [...organization.teams.values()]
		.sort((a, b) => a.slug.localeCompare(b.slug))
		.map((team) => {
			const byLevel: Record<string, string[]> = {};
			for (const level of [...LEVELS].reverse()) byLevel[level] = [];
			for (const [repository, level] of team.repositories) byLevel[level].push(names.get(repository) ?? repository);
			const logins = (keys: Set<string>) => [...keys].map((key) => organization.people.get(key)?.login ?? key).sort((a, b) => a.localeCompare(b));
			const members = team.membersRead ? logins(team.members) : null;
			const maintainers = team.maintainers === undefined ? null : logins(team.maintainers);
			return { kind: 'team', organization: organization.org, team: team.slug, memberCount: members?.length ?? null, members, maintainers, repositoryCount: team.repositories.size, repositories: byLevel };
		});
}

/** The summary, with the counts of organization roles. */
function summary(organization: Organization, output: string, everyone: PersonAccess[], extra: IDataObject): IDataObject {
	return summaryItem(organization, output, {
		owners: everyone.filter((entry) => entry.person.role === 'owner').length,
		outsideCollaborators: everyone.filter((entry) => entry.person.role === 'outside collaborator').length,
		...extra,
	});
}

/**
 * Per Person: one item per person (organization role, two-factor state, teams, the base
 * permission's reach as a count, and what they reach above it grouped by permission with its
 * sources), one item per team (its members, maintainers and repositories), one per pending
 * invitation, a summary last.
 */
export function perPerson(organization: Organization): IDataObject[] {
	const everyone = peopleAccess(organization);
	const output = notReadableItems(organization);
	for (const entry of everyone) {
		output.push({
			kind: 'person',
			organization: organization.org,
			login: entry.person.login,
			role: entry.person.role,
			twoFactorDisabled: organization.twoFactorDisabled(entry.key),
			teams: entry.teams,
			basePermission: entry.basePermission,
			baseRepositories: entry.baseRepositories,
			aboveBaseRepositories: entry.aboveBase.reduce((sum, group) => sum + group.count, 0),
			highestPermission: entry.aboveBase[0]?.permission ?? (entry.baseRepositories > 0 ? entry.basePermission : 'none'),
			aboveBase: entry.aboveBase as unknown as IDataObject[],
			aboveBaseSummary: describe(entry.aboveBase),
		});
	}
	append(output, teamItems(organization));
	append(output, invitationItems(organization));
	output.push(summary(organization, 'perPerson', everyone, { admins: everyone.filter((entry) => entry.basePermission === 'admin' || entry.aboveBase[0]?.permission === 'admin').length }));
	return output;
}

/** The reasons an auditor flags, in the order they are listed per person. */
const REASONS = ['owner', 'two-factor disabled', 'above base permission', 'direct grant', 'outside collaborator', 'pending invitation'];

/**
 * Exceptions Only: what an auditor flags, one item each: owners, people without two-factor
 * authentication, admin/maintain/write above the base through a team (per team and permission,
 * counted), every direct and outside grant (per repository), every pending invitation of both
 * kinds; a summary last. People with nothing to flag are counted, not listed.
 */
export function exceptionsOnly(organization: Organization): IDataObject[] {
	const everyone = peopleAccess(organization);
	const { org } = organization;
	const exceptions: IDataObject[] = [];
	for (const entry of everyone) {
		const who = { kind: 'exception', organization: org, login: entry.person.login, role: entry.person.role, twoFactorDisabled: organization.twoFactorDisabled(entry.key) };
		if (entry.person.role === 'owner') exceptions.push({ ...who, reason: 'owner', permission: 'admin', count: entry.baseRepositories });
		if (who.twoFactorDisabled === true) exceptions.push({ ...who, reason: 'two-factor disabled' });
		for (const group of entry.aboveBase) {
			if (rank(group.permission) < rank('write')) continue;
			for (const source of group.sources) if (source.team !== undefined) exceptions.push({ ...who, reason: 'above base permission', permission: group.permission, source: 'team', team: source.team, count: source.count });
		}
		for (const grant of organization.direct.get(entry.key) ?? []) {
			const source = directSource(organization, entry.key);
			exceptions.push({ ...who, reason: source === 'direct' ? 'direct grant' : 'outside collaborator', permission: grant.level, repository: grant.repository });
		}
	}
	for (const invitation of invitationItems(organization)) exceptions.push({ ...invitation, kind: 'exception', reason: 'pending invitation' });
	const login = (item: IDataObject) => String(item.login ?? item.email ?? '');
	exceptions.sort((a, b) => login(a).localeCompare(login(b)) || REASONS.indexOf(String(a.reason)) - REASONS.indexOf(String(b.reason)));
	const flagged = new Set(exceptions.filter((item) => item.reason !== 'pending invitation').map((item) => item.login));
	const output = notReadableItems(organization);
	append(output, exceptions);
	output.push(summary(organization, 'exceptionsOnly', everyone, { exceptions: exceptions.length, peopleFlagged: flagged.size, peopleNotFlagged: organization.people.size - flagged.size }));
	return output;
}
