import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { append } from '../../../../shared';

import type { Source } from './levels';
import { highest, sortSources } from './levels';
import type { Organization, Person } from './read';
import { directSource, invitationItems, loginKey, notReadableItems, summaryItem } from './read';

/**
 * The most access items Per Person and Repository hands to n8n. Beyond it the output no longer
 * fits an n8n execution (about 300 bytes an item, kept in memory and in the execution data), and
 * Per Person says the same in one item per person.
 */
export const MAX_ACCESS_ITEMS = 500_000;

/** One person on one repository (or, with `repository` null, a person without repository access). */
function accessItem(org: string, person: Person, repository: string | null, isPrivate: boolean | undefined, sources: Source[]): IDataObject {
	const sorted = sortSources(sources);
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

/**
 * Per Person and Repository: one item per person per repository with the effective permission
 * (the highest of its sources) and the sources; a person with no repository access once with
 * permission none; one item per pending invitation; a `summary` item last. Stops with an error
 * before it holds more than `max` (MAX_ACCESS_ITEMS) access items.
 */
export function perRepository(ctx: IExecuteFunctions, itemIndex: number, organization: Organization, max = MAX_ACCESS_ITEMS): IDataObject[] {
	const { org, base, people, teams } = organization;
	const directOn = new Map<string, Array<{ key: string; source: Source }>>();
	for (const [key, grants] of organization.direct) {
		for (const grant of grants) {
			const repository = grant.repository.toLowerCase();
			const list = directOn.get(repository) ?? [];
			list.push({ key, source: { source: directSource(organization, key), permission: grant.level } });
			directOn.set(repository, list);
		}
	}
	const access: IDataObject[] = [];
	const reached = new Set<string>();
	for (const repository of organization.repositories) {
		const lower = repository.fullName.toLowerCase();
		const grants = new Map<string, Source[]>();
		const grant = (key: string, source: Source) => {
			const list = grants.get(key) ?? [];
			list.push(source);
			grants.set(key, list);
		};
		for (const [key, person] of people) {
			if (person.role === 'owner') grant(key, { source: 'organization role', role: 'owner', permission: 'admin' });
			else if (person.role === 'member' && base !== undefined && base !== 'none') grant(key, { source: 'organization role', role: 'base permission', permission: base });
		}
		for (const team of teams.values()) {
			const level = team.repositories.get(lower);
			if (level) for (const key of team.members) grant(key, { source: 'team', team: team.slug, permission: level });
		}
		for (const entry of directOn.get(lower) ?? []) grant(entry.key, entry.source);
		for (const [key, sources] of grants) {
			const person = people.get(key);
			if (!person) continue; // a team member the members list did not show (it could not be read)
			reached.add(key);
			access.push(accessItem(org, person, repository.fullName, repository.private, sources));
		}
		if (access.length > max) {
			throw new NodeOperationError(ctx.getNode(), `Per Person and Repository would output more than ${max.toLocaleString('en-US')} items for ${org}`, {
				itemIndex,
				description: `${org} has ${people.size.toLocaleString('en-US')} people and ${organization.repositories.length.toLocaleString('en-US')} repositories: one item per person per repository does not fit an n8n execution. Choose Output: Per Person (one item per person, the base permission stated once) or Exceptions Only.`,
			});
		}
	}
	for (const [key, person] of people) if (!reached.has(key)) access.push(accessItem(org, person, null, undefined, []));
	for (const item of access) item.twoFactorDisabled = organization.twoFactorDisabled(loginKey(item.login));
	access.sort((a, b) => String(a.login).localeCompare(String(b.login)) || String(a.repository ?? '').localeCompare(String(b.repository ?? '')));

	const invited = invitationItems(organization);
	const unreadable = notReadableItems(organization);
	const withAccess = access.filter((item) => item.repository !== null);
	const summary = summaryItem(organization, 'perPersonAndRepository', {
		accessItems: withAccess.length,
		admins: new Set(withAccess.filter((item) => item.permission === 'admin').map((item) => item.login)).size,
	});
	const output = unreadable;
	append(output, access);
	append(output, invited);
	output.push(summary);
	return output;
}
