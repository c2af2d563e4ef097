import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { ClientRequestOptions } from '../../../../shared';
import { append, DEFAULT_RETRY_POLICY, errorText, isRateLimitError, nodeOf } from '../../../../shared';
import { codeHosting } from '../../common';
import type { Level } from './levels';
import { LEVEL_OF, levelOfRole } from './levels';
import type { GraphqlAnswer, ListReader } from './graphqlPages';
import { readMaintainers } from './maintainers';
import { readRepositories } from './repositories';

/** A list the credential could not read: named in an item, never skipped silently. */
export interface NotReadable {
	reading: string;
	error: string;
}

/** Refusals a review names instead of failing on: no permission (403), hidden (404), owners-only filters (422). */
const REFUSED = ['403', '404', '422'];

/**
 * How long one read of a review may wait for GitHub's rate limit to reset, unless the node's
 * Request Options say otherwise: a review only reads, so waiting an hour for the reset finishes it
 * where failing would throw away every read made so far (writes keep the node's bounded wait).
 */
export const READ_RATE_LIMIT_WAIT_MS = 60 * 60_000;

/** The retry policy of a review's reads: the node's Max Rate-Limit Wait if set, else READ_RATE_LIMIT_WAIT_MS. */
function readPolicy(ctx: IExecuteFunctions, itemIndex: number): ClientRequestOptions['retry'] {
	const set = (nodeOf(ctx).parameters?.requestOptions as IDataObject | undefined)?.maxRateLimitWait !== undefined;
	const seconds = set ? ctx.getNodeParameter('requestOptions.maxRateLimitWait', itemIndex, undefined) : undefined;
	const maxTotalWaitMs = typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : READ_RATE_LIMIT_WAIT_MS;
	return { ...DEFAULT_RETRY_POLICY, maxTotalWaitMs };
}

/** The lists of the organization that make up the review. */
class Reader implements ListReader {
	readonly notReadable: NotReadable[] = [];
	readonly options: ClientRequestOptions;

	constructor(
		private readonly ctx: IExecuteFunctions,
		itemIndex: number,
	) {
		this.options = {
			itemIndex,
			retry: readPolicy(ctx, itemIndex),
			onRetry: ({ waitMs, reason }) => {
				if (!reason.includes('rate limit')) return;
				const until = new Date(Date.now() + waitMs).toISOString();
				ctx.logger.info(`${nodeOf(ctx).name}: GitHub's rate limit is used up (${reason}); the access review waits until ${until} and then goes on reading`);
			},
		};
	}

	/** The options of one REST read: the lists' waits and budget. */
	get restOptions(): ClientRequestOptions {
		return { ...this.options, ...this.listOptions };
	}

	/** A GraphQL query's whole answer (`data` and `errors`) and when the budget resets, with the lists' waits for a rate limit. */
	async graphql(operationName: string, query: string, variables: IDataObject): Promise<GraphqlAnswer> {
		const client = codeHosting(this.ctx);
		const { graphqlUrl } = await client.connection(this.options.itemIndex);
		const response = await client.fullRequest<GraphqlAnswer>('POST', '', { ...this.options, url: graphqlUrl, body: { query, variables, operationName } });
		const reset = Number(response.headers['x-ratelimit-reset']);
		return { ...(response.body ?? {}), ...(Number.isFinite(reset) && reset > 0 ? { resetAt: new Date(reset * 1000) } : {}) };
	}

	refused(reading: string, error: string): void {
		this.notReadable.push({ reading, error });
	}

	async waitForReset(resetAt: Date, budget: string): Promise<void> {
		const waitMs = resetAt.getTime() - Date.now();
		if (!(waitMs > 0)) return;
		const allowed = this.options.retry?.maxTotalWaitMs ?? 0;
		if (waitMs > allowed) {
			this.fail(`GitHub's rate limit is used up until ${resetAt.toISOString()}`, `${budget}; waiting longer than the ${Math.round(allowed / 1000)} s allowed (Request Options → Max Rate-Limit Wait). Run the review again after the reset.`);
		}
		this.ctx.logger.info(`${nodeOf(this.ctx).name}: GitHub's rate limit is used up (${budget}); the access review waits until ${resetAt.toISOString()} and then goes on reading`);
		await sleep(waitMs);
	}

	fail(message: string, description: string): never {
		throw new NodeOperationError(this.ctx.getNode(), message, { itemIndex: this.options.itemIndex, description });
	}

	/** The REST budget GitHub last reported (`x-ratelimit-remaining`, `-reset`), to send nothing while it is 0. */
	private rest: { remaining?: number; resetAt?: number } = {};

	/** The lists' options: the budget followed from each answer, and held to before each call. */
	private readonly listOptions: ClientRequestOptions = {
		onResponse: ({ headers }) => {
			const remaining = Number(headers['x-ratelimit-remaining']);
			const reset = Number(headers['x-ratelimit-reset']);
			const resource = headers['x-ratelimit-resource'];
			if ((resource === undefined || resource === 'core') && Number.isFinite(remaining) && Number.isFinite(reset)) this.rest = { remaining, resetAt: reset * 1000 };
		},
		beforeAttempt: async () => {
			const { remaining, resetAt } = this.rest;
			if (remaining === 0 && resetAt !== undefined && resetAt > Date.now()) {
				await this.waitForReset(new Date(resetAt), 'REST: 0 requests left');
				this.rest = {};
			}
		},
	};

	/** A list read in full (100 a page); a refusal is recorded and answers undefined; anything else stops the review. */
	async list(path: string, reading: string, qs: IDataObject = {}): Promise<IDataObject[] | undefined> {
		return await codeHosting(this.ctx)
			.requestAll('GET', path, Infinity, { ...this.options, ...this.listOptions, qs })
			.catch((error: unknown) => {
				const refused = error instanceof NodeApiError && REFUSED.includes(String(error.httpCode)) && !isRateLimitError(error);
				const status = refused ? error.httpCode : undefined;
				// anything but a refusal (a network failure, a 5xx after the retries, a rate limit that outlasted the wait) stops the review
				if (status === undefined) throw error;
				this.notReadable.push({ reading, error: `HTTP ${status}: ${errorText(error)}` });
				return undefined;
			});
	}
}

export const loginKey = (login: unknown) => String(login).toLowerCase();
const loginsOf = (list: IDataObject[] | undefined) => (list === undefined ? undefined : new Set(list.map((user) => loginKey(user.login))));

export type Role = 'owner' | 'member' | 'outside collaborator';
export interface Person {
	login: string;
	role: Role;
}

export interface Team {
	slug: string;
	/** Members' login keys (empty when not readable: `membersRead` false). */
	members: Set<string>;
	membersRead: boolean;
	/** The team's own maintainers' login keys; undefined when not readable. */
	maintainers: Set<string> | undefined;
	/** Repository (full name, lower case) → the team's level on it. */
	repositories: Map<string, Level>;
}

export interface Repository {
	fullName: string;
	private: boolean;
}

/** A grant to one person on one repository by the repository itself (direct or outside collaborator). */
export interface DirectGrant {
	repository: string;
	level: Level;
}

/** A pending invitation to one repository (GitHub has no organization-wide list of them). */
export interface RepositoryInvitation {
	repository: string;
	login: string | null;
	permission: Level | string;
	invitationId: number | null;
	invitedAt: string | null;
	inviter: string | null;
}

/** Everything one review knows about an organization: lists only, never people × repositories. */
export interface Organization {
	org: string;
	/** The base permission; undefined when the credential may not see it. */
	base: Level | 'none' | undefined;
	/** By login key: members (owners marked), outside collaborators, and anyone a repository names directly. */
	people: Map<string, Person>;
	/** Two-factor authentication disabled (true), enabled (false), or unknown (null: the list was not readable). */
	twoFactorDisabled(key: string): boolean | null;
	invitations: IDataObject[];
	teams: Map<string, Team>;
	repositories: Repository[];
	/** By login key: the repositories that name the person directly, in the organization's repository order. */
	direct: Map<string, DirectGrant[]>;
	/** Pending repository invitations; undefined when not read (the option is off). */
	repositoryInvitations: RepositoryInvitation[] | undefined;
	notReadable: NotReadable[];
	/** How the repositories and their direct collaborators were read: 'GraphQL', or 'REST (why)'. */
	readThrough: string;
	graphqlPoints: number;
}

/** The organization's base permission (owners see it), or why it is unknown. */
async function basePermission(ctx: IExecuteFunctions, orgPath: string, org: string, reader: Reader): Promise<Level | 'none' | undefined> {
	const details = await codeHosting(ctx).request<IDataObject>('GET', orgPath, reader.restOptions);
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
 * Reads the organization: its base permission, members (owners apart), members and outside
 * collaborators without two-factor authentication, pending invitations, teams with their members,
 * maintainers and repositories, its repositories and each one's direct collaborators, and (with
 * `repositoryInvitations`) each one's pending invitations. Requests grow with repositories and
 * teams, never with people × repositories.
 */
export async function readOrganization(ctx: IExecuteFunctions, itemIndex: number, encoded: string, options: { repositoryInvitations: boolean }): Promise<Organization> {
	const org = decodeURIComponent(encoded);
	const orgPath = `/orgs/${encoded}`;
	const reader = new Reader(ctx, itemIndex);

	const base = await basePermission(ctx, orgPath, org, reader);
	const members = await reader.list(`${orgPath}/members`, `members of ${org}`);
	const owners = loginsOf(await reader.list(`${orgPath}/members`, `owners of ${org}`, { role: 'admin' }));
	const membersWithout2fa = loginsOf(await reader.list(`${orgPath}/members`, `members of ${org} without two-factor authentication`, { filter: '2fa_disabled' }));
	const outside = await reader.list(`${orgPath}/outside_collaborators`, `outside collaborators of ${org}`);
	const outsideWithout2fa = loginsOf(
		await reader.list(`${orgPath}/outside_collaborators`, `outside collaborators of ${org} without two-factor authentication`, { filter: '2fa_disabled' }),
	);
	const invitations = (await reader.list(`${orgPath}/invitations`, `pending invitations to ${org}`)) ?? [];

	// teams: who is in each, and which repositories each reaches at which level
	const teams = new Map<string, Team>();
	for (const team of (await reader.list(`${orgPath}/teams`, `teams of ${org}`)) ?? []) {
		const slug = String(team.slug);
		const teamPath = `${orgPath}/teams/${encodeURIComponent(slug)}`;
		const inTeam = await reader.list(`${teamPath}/members`, `members of team ${slug}`);
		const reached = await reader.list(`${teamPath}/repos`, `repositories of team ${slug}`);
		const repositories = new Map<string, Level>();
		for (const repository of reached ?? []) {
			const level = levelOfRole(repository.role_name, repository.permissions);
			if (level) repositories.set(loginKey(repository.full_name), level);
		}
		teams.set(slug, { slug, members: loginsOf(inTeam) ?? new Set(), membersRead: inTeam !== undefined, maintainers: undefined, repositories });
	}

	const people = new Map<string, Person>();
	for (const member of members ?? []) people.set(loginKey(member.login), { login: String(member.login), role: owners?.has(loginKey(member.login)) ? 'owner' : 'member' });
	for (const owner of owners ?? []) if (!people.has(owner)) people.set(owner, { login: owner, role: 'owner' });
	for (const collaborator of outside ?? []) if (!people.has(loginKey(collaborator.login))) people.set(loginKey(collaborator.login), { login: String(collaborator.login), role: 'outside collaborator' });

	const repositories: Repository[] = [];
	const direct = new Map<string, DirectGrant[]>();
	const repositoryInvitations: RepositoryInvitation[] | undefined = options.repositoryInvitations ? [] : undefined;
	const read = await readRepositories(reader, orgPath, org);
	// who maintains each team (the reviewers of its members): GraphQL where the repositories were read through it
	const led = await readMaintainers(reader, orgPath, org, [...teams.keys()], read.via === 'GraphQL');
	for (const [slug, maintainers] of led.maintainers) teams.get(slug)!.maintainers = maintainers;
	for (const repository of read.repositories) {
		const { fullName } = repository;
		repositories.push({ fullName, private: repository.private });
		for (const collaborator of repository.direct) {
			const key = loginKey(collaborator.login);
			if (!people.has(key)) people.set(key, { login: collaborator.login, role: 'outside collaborator' });
			const grants = direct.get(key) ?? [];
			grants.push({ repository: fullName, level: collaborator.level });
			direct.set(key, grants);
		}
		const [owner, name] = fullName.split('/');
		const repoPath = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
		if (repositoryInvitations) {
			const pending = (await reader.list(`${repoPath}/invitations`, `pending invitations to ${fullName}`)) ?? [];
			append(
				repositoryInvitations,
				pending.map((invitation) => ({
					repository: fullName,
					login: ((invitation.invitee as IDataObject | null)?.login as string | undefined) ?? null,
					permission: LEVEL_OF[String(invitation.permissions)] ?? String(invitation.permissions),
					invitationId: typeof invitation.id === 'number' ? invitation.id : null,
					invitedAt: typeof invitation.created_at === 'string' ? invitation.created_at : null,
					inviter: ((invitation.inviter as IDataObject | null)?.login as string | undefined) ?? null,
				})),
			);
		}
	}

	const isMember = (key: string) => people.get(key)?.role === 'owner' || people.get(key)?.role === 'member';
	const twoFactorDisabled = (key: string): boolean | null => {
		const without = isMember(key) ? membersWithout2fa : outsideWithout2fa;
		return without === undefined ? null : without.has(key);
	};
	return {
		org,
		base,
		people,
		twoFactorDisabled,
		invitations,
		teams,
		repositories,
		direct,
		repositoryInvitations,
		notReadable: reader.notReadable,
		readThrough: read.via,
		graphqlPoints: read.graphqlPoints + led.graphqlPoints,
	};
}

/** A direct grant's source: direct for a member, outside collaborator for anyone else. */
export const directSource = (organization: Organization, key: string) => {
	const role = organization.people.get(key)?.role;
	return role === 'owner' || role === 'member' ? ('direct' as const) : ('outside collaborator' as const);
};

/** The organization's pending invitations, as items. */
export function invitationItems(organization: Organization): IDataObject[] {
	const items: IDataObject[] = organization.invitations.map((invitation) => ({
		kind: 'invitation',
		organization: organization.org,
		scope: 'organization',
		login: invitation.login ?? null,
		email: invitation.email ?? null,
		role: invitation.role,
		invitationId: invitation.id,
		invitedAt: invitation.created_at,
		inviter: (invitation.inviter as IDataObject | null)?.login ?? null,
		teamCount: invitation.team_count ?? 0,
	}));
	for (const invitation of organization.repositoryInvitations ?? []) items.push({ kind: 'invitation', organization: organization.org, scope: 'repository', ...invitation });
	return items;
}

/** The lists the credential could not read, as items (first in every output). */
export const notReadableItems = (organization: Organization): IDataObject[] =>
	organization.notReadable.map((entry) => ({ kind: 'notReadable', organization: organization.org, ...entry }));

/**
 * The summary item every output ends with: what was read (people, repositories, teams,
 * invitations of both kinds, who has no two-factor authentication, what was not readable, the
 * base permission, how the repositories were read), with the output's own counts in `extra`.
 */
export function summaryItem(organization: Organization, output: string, extra: IDataObject): IDataObject {
	const unreadable = organization.notReadable.map((entry) => entry.reading);
	return {
		kind: 'summary',
		organization: organization.org,
		output,
		complete: unreadable.length === 0,
		people: organization.people.size,
		repositories: organization.repositories.length,
		teams: organization.teams.size,
		...extra,
		invitations: organization.invitations.length + (organization.repositoryInvitations?.length ?? 0),
		repositoryInvitations: organization.repositoryInvitations === undefined ? 'not read' : organization.repositoryInvitations.length,
		twoFactorDisabled: [...organization.people].filter(([key]) => organization.twoFactorDisabled(key) === true).map(([, person]) => person.login),
		notReadable: unreadable,
		basePermission: organization.base ?? null,
		readThrough: organization.readThrough,
	};
}
