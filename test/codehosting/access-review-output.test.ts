import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { perRepository } from '../../nodes/CodeHosting/actions/access/review/perRepository';
import type { Organization } from '../../nodes/CodeHosting/actions/access/review/read';
import { ACME, acme as acmeOrg, byName } from './accessReviewKit';
import type { CodeHostingServer } from './harness';
import { LOGIN, runCodeHosting, strictServerPerTest } from './harness';

// Access → Review's Output (issue 47, item 2): Per Person (the default), Exceptions Only, and Per
// Person and Repository; pending repository invitations (item 6), against the strict stand-in.

let srv: CodeHostingServer;
strictServerPerTest((server) => (srv = server));

const review = (extra: IDataObject = {}): IDataObject => ({ resource: 'access', operation: 'review', owner: byName(ACME), ...extra });
const ofKind = (output: Array<{ json: IDataObject }>, kind: string) => output.filter((item) => item.json.kind === kind).map((item) => item.json);

/** acme of accessReviewKit.ts without the invitation by email. */
const acme = async () => await acmeOrg(srv, { byEmail: false });

/** frank, not a member, invited to the private repository api with write: pending until he accepts. */
async function inviteFrank(): Promise<void> {
	const { error } = await runCodeHosting(srv, {
		parameters: { resource: 'collaborator', operation: 'add', owner: byName(ACME), repository: byName('api'), username: 'frank', permission: 'push' },
	});
	expect(error).toBeUndefined();
	srv.resetRequests();
}

test('Per Person is the default: one item per person, the base permission as a count, what is above it grouped by permission with its sources', async () => {
	await acme();
	const { output, error } = await runCodeHosting(srv, { parameters: review() });
	expect(error).toBeUndefined();
	const people = ofKind(output, 'person');
	expect(people.map((person) => [person.login, person.role, person.basePermission, person.baseRepositories, person.highestPermission, person.aboveBase])).toEqual([
		['alice', 'member', 'read', 2, 'maintain', [{ permission: 'maintain', count: 1, sources: [{ source: 'team', team: 'leads', count: 1 }] }]],
		[
			'bob',
			'member',
			'read',
			2,
			'admin',
			[
				{ permission: 'admin', count: 1, sources: [{ source: 'direct', count: 1, repositories: ['acme/web'] }] },
				{ permission: 'write', count: 1, sources: [{ source: 'team', team: 'developers', count: 1 }] },
			],
		],
		['carol', 'member', 'read', 2, 'read', []],
		['dave', 'outside collaborator', 'none', 0, 'read', [{ permission: 'read', count: 1, sources: [{ source: 'outside collaborator', count: 1, repositories: ['acme/api'] }] }]],
		[LOGIN, 'owner', 'admin', 2, 'admin', []],
	]);
	expect(people[1]).toEqual({
		kind: 'person',
		organization: ACME,
		login: 'bob',
		role: 'member',
		twoFactorDisabled: false,
		teams: ['developers'],
		basePermission: 'read',
		baseRepositories: 2,
		aboveBaseRepositories: 2,
		highestPermission: 'admin',
		aboveBase: expect.any(Array),
		aboveBaseSummary: 'admin on 1 (direct: acme/web); write on 1 (team developers)',
	});
	expect(people.map((person) => [person.login, person.teams, person.twoFactorDisabled])).toEqual([
		['alice', ['developers', 'leads'], true],
		['bob', ['developers'], false],
		['carol', [], false],
		['dave', [], true],
		[LOGIN, [], false],
	]);
	expect(ofKind(output, 'team')).toEqual([
		{ kind: 'team', organization: ACME, team: 'developers', memberCount: 2, members: ['alice', 'bob'], maintainers: ['bob'], repositoryCount: 2, repositories: { admin: [], maintain: [], write: ['acme/api'], triage: [], read: ['acme/web'] } },
		{ kind: 'team', organization: ACME, team: 'leads', memberCount: 1, members: ['alice'], maintainers: [], repositoryCount: 1, repositories: { admin: [], maintain: ['acme/api'], write: [], triage: [], read: [] } },
	]);
	expect(ofKind(output, 'invitation').map((invitation) => [invitation.scope, invitation.login])).toEqual([['organization', 'erin']]);
	expect(output.at(-1)!.json).toEqual({
		kind: 'summary',
		organization: ACME,
		output: 'perPerson',
		complete: true,
		people: 5,
		repositories: 2,
		teams: 2,
		owners: 1,
		outsideCollaborators: 1,
		admins: 2,
		invitations: 1,
		repositoryInvitations: 0,
		twoFactorDisabled: ['alice', 'dave'],
		notReadable: [],
		basePermission: 'read',
		readThrough: 'GraphQL',
	});
	// reads only: GETs and the GraphQL queries of the repositories and of the teams' maintainers
	expect(srv.requests.filter((request) => request.method !== 'GET' && !/"query Organization(Repositories|TeamMaintainers)\(/.test(String(request.body)))).toEqual([]);
});

test('Exceptions Only: owners, no two-factor, write or more above the base through a team, direct and outside grants, pending invitations; nobody else', async () => {
	await acme();
	await inviteFrank();
	const { output, error } = await runCodeHosting(srv, { parameters: review({ output: 'exceptionsOnly' }) });
	expect(error).toBeUndefined();
	const lines = ofKind(output, 'exception').map((item) => [item.login, item.reason, item.permission ?? null, item.team ?? item.repository ?? item.scope ?? null]);
	expect(lines).toEqual([
		['alice', 'two-factor disabled', null, null],
		['alice', 'above base permission', 'maintain', 'leads'],
		['bob', 'above base permission', 'write', 'developers'],
		['bob', 'direct grant', 'admin', 'acme/web'],
		['dave', 'two-factor disabled', null, null],
		['dave', 'outside collaborator', 'read', 'acme/api'],
		['erin', 'pending invitation', null, 'organization'],
		['frank', 'pending invitation', 'write', 'acme/api'],
		[LOGIN, 'owner', 'admin', null],
	]);
	// carol (the base permission only) is counted, not listed
	expect(lines.some(([login]) => login === 'carol')).toBe(false);
	expect(output.at(-1)!.json).toMatchObject({ kind: 'summary', output: 'exceptionsOnly', exceptions: 9, peopleFlagged: 4, peopleNotFlagged: 1, repositoryInvitations: 1, invitations: 2 });
});

test('a pending repository invitation is listed in every output, with the one request per repository it costs; without the option it is not read and the summary says so', async () => {
	await acme();
	await inviteFrank();
	for (const output of ['perPerson', 'perPersonAndRepository']) {
		srv.resetRequests();
		const result = await runCodeHosting(srv, { parameters: review({ output }) });
		expect(result.error).toBeUndefined();
		expect(ofKind(result.output, 'invitation').filter((item) => item.scope === 'repository')).toEqual([
			{ kind: 'invitation', organization: ACME, scope: 'repository', repository: 'acme/api', login: 'frank', permission: 'write', invitationId: expect.any(Number), invitedAt: expect.any(String), inviter: LOGIN },
		]);
		expect(srv.requests.filter((request) => /^\/repos\/acme\/[a-z]+\/invitations$/.test(request.path))).toHaveLength(2);
	}
	srv.resetRequests();
	const without = await runCodeHosting(srv, { parameters: review({ options: { includeRepositoryInvitations: false } }) });
	expect(without.error).toBeUndefined();
	expect(ofKind(without.output, 'invitation').map((item) => item.scope)).toEqual(['organization']);
	expect(without.output.at(-1)!.json).toMatchObject({ repositoryInvitations: 'not read', invitations: 1 });
	expect(srv.requests.filter((request) => request.path.endsWith('/invitations') && request.path.startsWith('/repos/'))).toEqual([]);
});

test('an unknown Output: a clear error, nothing sent', async () => {
	await acme();
	const { error } = await runCodeHosting(srv, { parameters: review({ output: 'everything' }) });
	expect(error?.message).toBe('Unknown value for Output: "everything"');
	expect(srv.requests).toEqual([]);
});

test('Per Person and Repository stops with an error naming Per Person before it holds more than its maximum of items', () => {
	const people = new Map(Array.from({ length: 30 }, (_, i) => [`p${i}`, { login: `p${i}`, role: 'member' as const }]));
	const organization: Organization = {
		org: 'wide',
		base: 'read',
		people,
		twoFactorDisabled: () => false,
		invitations: [],
		teams: new Map(),
		repositories: Array.from({ length: 10 }, (_, i) => ({ fullName: `wide/r${i}`, private: true })),
		direct: new Map(),
		repositoryInvitations: undefined,
		notReadable: [],
		readThrough: 'GraphQL',
		graphqlPoints: 1,
	};
	const ctx = { getNode: () => ({ name: 'Review', type: 'codeHosting', typeVersion: 1, position: [0, 0], parameters: {} }) } as unknown as IExecuteFunctions;
	expect(perRepository(ctx, 0, organization, 300)).toHaveLength(301); // 300 access items and the summary
	expect(() => perRepository(ctx, 0, organization, 299)).toThrow(expect.objectContaining({ message: 'Per Person and Repository would output more than 299 items for wide', description: expect.stringMatching(/Choose Output: Per Person/) }));
});

describe('a review that uses up the rate limit waits for the reset and finishes (item 4)', () => {
	/** GitHub's primary limit: `remaining` requests left, reset `inSeconds` from now. */
	const limitLeft = (remaining: number, inSeconds: number) => {
		const reset = Math.floor(Date.now() / 1000) + inSeconds;
		Object.assign(srv.state.rate.core, { remaining, reset });
		return reset;
	};

	test('by default the reads wait for the reset (up to an hour), send nothing while GitHub reports 0 left, and the review completes with the same result', async () => {
		await acme();
		const reference = await runCodeHosting(srv, { parameters: review() });
		srv.resetRequests();
		const reset = limitLeft(6, 2);
		const { output, error } = await runCodeHosting(srv, { parameters: review() });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toEqual(reference.output.map((item) => item.json));
		// the sixth read reported 0 left: nothing was sent, and refused, before the reset
		const rest = srv.requests.filter((request) => request.path !== '/graphql');
		expect(rest.filter((request) => request.status === 403)).toEqual([]);
		const last = rest.findIndex((request) => request.responseHeaders?.['x-ratelimit-remaining'] === '0');
		expect(last).toBe(5);
		expect(rest.slice(last + 1).every((request) => request.at >= reset * 1000 && request.status === 200)).toBe(true);
		expect(rest.length).toBeGreaterThan(last + 1);
	});

	test('a rate limit GitHub did not announce (a 403 with 0 left) is waited out and the read sent again', async () => {
		await acme();
		const reset = limitLeft(0, 2);
		const { error } = await runCodeHosting(srv, { parameters: review() });
		expect(error).toBeUndefined();
		const refused = srv.requests.filter((request) => request.status === 403);
		expect(refused).toHaveLength(1);
		const after = srv.requests.slice(srv.requests.indexOf(refused[0]) + 1);
		expect(after[0].path).toBe(refused[0].path);
		expect(after.every((request) => request.at >= reset * 1000)).toBe(true);
	});

	test('GraphQL\'s budget reported used up: the next query waits for the reset instead of being sent and refused', async () => {
		for (const login of ['m-1', 'm-2']) srv.addUser(login);
		srv.addOrg('many', { members: { [LOGIN]: 'admin', 'm-1': 'member', 'm-2': 'member' }, default_permission: 'pull' });
		for (let i = 0; i < 101; i++) srv.addRepo('many', `r-${String(i).padStart(3, '0')}`);
		srv.addCollaborator('many', 'r-100', 'm-2', 'admin');
		const reset = Math.floor(Date.now() / 1000) + 2;
		srv.setRateLimit({ remaining: 1, reset, resource: 'graphql' });
		srv.resetRequests();
		const { output, error } = await runCodeHosting(srv, { parameters: { resource: 'access', operation: 'review', owner: byName('many'), options: { includeRepositoryInvitations: false } } });
		expect(error).toBeUndefined();
		const queries = srv.requests.filter((request) => request.path === '/graphql');
		expect(queries.map((request) => request.status)).toEqual([200, 200]);
		expect(queries[1].at).toBeGreaterThanOrEqual(reset * 1000);
		expect(ofKind(output, 'person').find((person) => person.login === 'm-2')!.aboveBaseSummary).toBe('admin on 1 (direct: many/r-100)');
		expect(output.at(-1)!.json).toMatchObject({ repositories: 101, readThrough: 'GraphQL', complete: true });
	});

	test('GraphQL answers a used-up budget with HTTP 200 and RATE_LIMITED (as GitHub does): the review waits for the reset and asks again', async () => {
		await acme();
		const reset = Math.floor(Date.now() / 1000) + 2;
		srv.setRateLimit({ remaining: 0, reset, resource: 'graphql' });
		const { output, error } = await runCodeHosting(srv, { parameters: review() });
		expect(error).toBeUndefined();
		const queries = srv.requests.filter((request) => request.path === '/graphql');
		// the repositories' query answered RATE_LIMITED, asked again after the reset; then the teams' maintainers
		expect(queries.map((request) => request.status)).toEqual([200, 200, 200]);
		expect(queries[1].at).toBeGreaterThanOrEqual(reset * 1000);
		expect(output.at(-1)!.json).toMatchObject({ complete: true, readThrough: 'GraphQL', people: 5 });
	});

	test('with Max Rate-Limit Wait 0 the review stops with the rate-limit error naming the reset', async () => {
		await acme();
		limitLeft(6, 30);
		const { error } = await runCodeHosting(srv, { parameters: { ...review(), requestOptions: { maxRateLimitWait: 0 } } });
		expect(error?.message).toMatch(/^GitHub's rate limit is used up until /);
		// stopped before sending what would be refused
		expect(srv.requests.filter((request) => request.status === 403)).toEqual([]);
		expect(srv.requests).toHaveLength(6);
	});
});
