import type { IDataObject } from 'n8n-workflow';

/** Repository permissions from least to most. */
export const LEVELS = ['read', 'triage', 'write', 'maintain', 'admin'] as const;
export type Level = (typeof LEVELS)[number];

/** GitHub's names of the standard roles (the REST API's old and new spellings) as the levels above. */
export const LEVEL_OF: Record<string, Level> = { pull: 'read', read: 'read', triage: 'triage', push: 'write', write: 'write', maintain: 'maintain', admin: 'admin' };

export const rank = (level: Level | 'none' | undefined) => (level === undefined || level === 'none' ? -1 : LEVELS.indexOf(level));
export const highest = (levels: Level[]): Level | undefined => levels.reduce<Level | undefined>((best, level) => (best === undefined || rank(level) > rank(best) ? level : best), undefined);

/** The level of a `permissions` hash ({admin, maintain, push, triage, pull}): its highest true flag. */
export function levelOfPermissions(permissions: unknown): Level | undefined {
	if (!permissions || typeof permissions !== 'object') return undefined;
	const flags = permissions as IDataObject;
	return highest((['pull', 'triage', 'push', 'maintain', 'admin'] as const).filter((flag) => flags[flag] === true).map((flag) => LEVEL_OF[flag]));
}

/** A role name of the standard roles, else (a custom role) the level of the permissions hash. */
export function levelOfRole(roleName: unknown, permissions: unknown): Level | undefined {
	return (typeof roleName === 'string' ? LEVEL_OF[roleName] : undefined) ?? levelOfPermissions(permissions);
}

export type SourceName = 'organization role' | 'team' | 'direct' | 'outside collaborator';

/** One grant behind a person's access to a repository. */
export interface Source {
	source: SourceName;
	permission: Level;
	/** The team's slug (source team), or what the organization role is (owner, base permission). */
	team?: string;
	role?: 'owner' | 'base permission';
}

/** Sources in the order a reader expects: organization role, teams (by slug), direct, outside collaborator. */
export function sortSources(sources: Source[]): Source[] {
	const order = (source: Source) => ['organization role', 'team', 'direct', 'outside collaborator'].indexOf(source.source);
	return [...sources].sort((a, b) => order(a) - order(b) || String(a.team ?? '').localeCompare(String(b.team ?? '')));
}
