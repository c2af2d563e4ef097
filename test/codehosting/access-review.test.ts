import type { IDataObject } from 'n8n-workflow';

import type { ListReader } from '../../nodes/CodeHosting/actions/access/review/graphqlPages';
import { readMaintainers } from '../../nodes/CodeHosting/actions/access/review/maintainers';
import type { CodeHostingServer } from './harness';
import { ACME, acme as acmeOrg, byName } from './accessReviewKit';
import { LOGIN, OTHER_TOKEN, runCodeHosting, strictServerPerTest } from './harness';

// Access → Review (issue 39, part 2): who has access to which repository of an organization, and
// through what, from lists only (requests grow with repositories and teams, not with people ×
// repositories), against the strict stand-in (requests and responses checked against GitHub's
// OpenAPI description).

let srv: CodeHostingServer;
strictServerPerTest((server) => (srv = server));

const review = (org = ACME, output = 'perPersonAndRepository', options: IDataObject = {}): IDataObject => ({ resource: 'access', operation: 'review', owner: byName(org), output, options });
/** The operation of a GraphQL request ('' for others). */
const operationOf = (request: { path: string; body?: string }) => (request.path === '/graphql' ? String(JSON.parse(String(request.body)).operationName) : '');
/** Requests that could change something: anything but a GET and the review's GraphQL queries (reads). */
const writes = () => srv.requests.filter((request) => request.method !== 'GET' && !['OrganizationRepositories', 'OrganizationTeamMaintainers'].includes(operationOf(request)));
const calls = () =>
	srv.requests.map(
		(request) => `${request.method} ${request.path}${request.query.role ? ` role=${request.query.role}` : ''}${request.query.filter ? ` filter=${request.query.filter}` : ''}${request.path === '/graphql' ? ` ${operationOf(request)}` : ''}`,
	);
const access = (output: Array<{ json: IDataObject }>) =>
	output.filter((item) => item.json.kind === 'access').map((item) => [item.json.login, item.json.repository, item.json.permission, item.json.sources, item.json.twoFactorDisabled]);

const base = (permission: string) => ({ source: 'organization role', role: 'base permission', permission });
const owner = { source: 'organization role', role: 'owner', permission: 'admin' };
const team = (slug: string, permission: string) => ({ source: 'team', team: slug, permission });

const acme = async () => await acmeOrg(srv);

describe('an organization with owners, teams, direct grants, outside collaborators and invitations', () => {
	test('one item per person per repository: the effective permission is the highest of its sources, each source named', async () => {
		await acme();
		const { output, error } = await runCodeHosting(srv, { parameters: review() });
		expect(error).toBeUndefined();
		expect(access(output)).toEqual([
			['alice', 'acme/api', 'maintain', [base('read'), team('developers', 'write'), team('leads', 'maintain')], true],
			['alice', 'acme/web', 'read', [base('read'), team('developers', 'read')], true],
			['bob', 'acme/api', 'write', [base('read'), team('developers', 'write')], false],
			['bob', 'acme/web', 'admin', [base('read'), team('developers', 'read'), { source: 'direct', permission: 'admin' }], false],
			['carol', 'acme/api', 'read', [base('read')], false],
			['carol', 'acme/web', 'read', [base('read')], false],
			['dave', 'acme/api', 'read', [{ source: 'outside collaborator', permission: 'read' }], true],
			[LOGIN, 'acme/api', 'admin', [owner], false],
			[LOGIN, 'acme/web', 'admin', [owner], false],
		]);
		expect(output[0].json).toEqual({
			kind: 'access',
			organization: ACME,
			login: 'alice',
			role: 'member',
			repository: 'acme/api',
			private: true,
			permission: 'maintain',
			sources: [base('read'), team('developers', 'write'), team('leads', 'maintain')],
			teams: ['developers', 'leads'],
			twoFactorDisabled: true,
		});
		expect(output.filter((item) => item.json.kind === 'access').map((item) => [item.json.login, item.json.role])).toEqual(
			expect.arrayContaining([['dave', 'outside collaborator'], [LOGIN, 'owner'], ['carol', 'member']]),
		);
		const invitations = output.filter((item) => item.json.kind === 'invitation').map((item) => item.json);
		expect(invitations).toEqual([
			expect.objectContaining({ organization: ACME, login: 'erin', email: null, role: 'direct_member', inviter: LOGIN, invitationId: expect.any(Number) }),
			expect.objectContaining({ organization: ACME, login: null, email: 'new.hire@example.com', role: 'direct_member' }),
		]);
		expect(output.at(-1)!.json).toEqual({
			kind: 'summary',
			organization: ACME,
			complete: true,
			people: 5,
			repositories: 2,
			output: 'perPersonAndRepository',
			teams: 2,
			accessItems: 9,
			admins: 2,
			invitations: 2,
			repositoryInvitations: 0,
			twoFactorDisabled: ['alice', 'dave'],
			notReadable: [],
			basePermission: 'read',
			readThrough: 'GraphQL',
		});
		expect(output.filter((item) => item.json.kind === 'notReadable')).toEqual([]);
		// lists only: a request per list (and page), a list per team and per repository; nothing written
		expect(calls()).toEqual([
			`GET /orgs/${ACME}`,
			`GET /orgs/${ACME}/members`,
			`GET /orgs/${ACME}/members role=admin`,
			`GET /orgs/${ACME}/members filter=2fa_disabled`,
			`GET /orgs/${ACME}/outside_collaborators`,
			`GET /orgs/${ACME}/outside_collaborators filter=2fa_disabled`,
			`GET /orgs/${ACME}/invitations`,
			`GET /orgs/${ACME}/teams`,
			`GET /orgs/${ACME}/teams/developers/members`,
			`GET /orgs/${ACME}/teams/developers/repos`,
			`GET /orgs/${ACME}/teams/leads/members`,
			`GET /orgs/${ACME}/teams/leads/repos`,
			// the repositories and their direct collaborators: one GraphQL query (a hundred a query, 1 point)
			`POST /graphql OrganizationRepositories`,
			// the teams' maintainers: one GraphQL query (a hundred teams a query, 1 point)
			`POST /graphql OrganizationTeamMaintainers`,
			`GET /repos/${ACME}/api/invitations`,
			`GET /repos/${ACME}/web/invitations`,
		]);
		const query = srv.requests.find((request) => request.path === '/graphql')!;
		expect(JSON.parse(String(query.body))).toMatchObject({ operationName: 'OrganizationRepositories', variables: { org: ACME, after: null } });
		expect(query.responseHeaders!['x-ratelimit-used']).toBe('1');
		expect(srv.requests.every((request) => request.query.per_page === '100' || request.path === `/orgs/${ACME}` || request.path === '/graphql')).toBe(true);
		expect(output.filter((item) => item.json.kind === 'invitation').map((item) => item.json.scope)).toEqual(['organization', 'organization']);
		expect(writes()).toEqual([]);
	});

	test('base permission none: a member without a team or a grant is listed once, without a repository', async () => {
		await acme();
		srv.state.orgs[ACME].default_permission = 'none';
		const { output, error } = await runCodeHosting(srv, { parameters: review() });
		expect(error).toBeUndefined();
		expect(access(output).filter(([login]) => login === 'carol' || login === 'bob')).toEqual([
			['bob', 'acme/api', 'write', [team('developers', 'write')], false],
			['bob', 'acme/web', 'admin', [team('developers', 'read'), { source: 'direct', permission: 'admin' }], false],
			['carol', null, 'none', [], false],
		]);
		expect(output.at(-1)!.json).toMatchObject({ basePermission: 'none', accessItems: 7, complete: true });
	});

	test('as an AI tool: the same review, nothing written', async () => {
		await acme();
		const { output, error } = await runCodeHosting(srv, { parameters: review(), asTool: true });
		expect(error).toBeUndefined();
		expect(access(output)).toHaveLength(9);
		expect(writes()).toEqual([]);
	});
});

describe('what the credential may not read is named, never skipped', () => {
	test('GraphQL refused (a server without it), then a 403 on one repository\'s collaborators through REST: a notReadable item names it, the rest is reviewed, the summary is incomplete', async () => {
		await acme();
		srv.failNext({ method: 'POST', path: '/graphql', status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/graphql' } });
		srv.failNext({ method: 'GET', path: `/repos/${ACME}/web/collaborators`, status: 403, body: { message: 'Must have admin rights to Repository.', documentation_url: 'https://docs.github.com/rest' } });
		const { output, error } = await runCodeHosting(srv, { parameters: review() });
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({
			kind: 'notReadable',
			organization: ACME,
			reading: 'direct collaborators of acme/web',
			error: expect.stringMatching(/^HTTP 403: .*Must have admin rights to Repository/),
		});
		// bob's direct admin grant on web could not be read: only what the other lists show
		expect(access(output).find(([login, repository]) => login === 'bob' && repository === 'acme/web')).toEqual(['bob', 'acme/web', 'read', [base('read'), team('developers', 'read')], false]);
		expect(output.at(-1)!.json).toMatchObject({ kind: 'summary', complete: false, notReadable: ['direct collaborators of acme/web'], readThrough: expect.stringMatching(/^REST \(GraphQL refused: .*Not Found/) });
		// through REST: the repositories, then one request per repository for its direct collaborators
		expect(srv.requests.filter((request) => request.path === `/orgs/${ACME}/repos` || request.path.endsWith('/collaborators')).map((request) => request.path)).toEqual([
			`/orgs/${ACME}/repos`,
			`/repos/${ACME}/web/collaborators`,
			`/repos/${ACME}/api/collaborators`,
		]);
		expect(writes()).toEqual([]);
	});

	test('a plain member\'s token: the base permission, the two-factor filters, invitations and collaborators are named as not readable', async () => {
		await acme();
		srv.state.orgs[ACME].members['other-user'] = 'member';
		const { output, error } = await runCodeHosting(srv, { parameters: review(), token: OTHER_TOKEN });
		expect(error).toBeUndefined();
		const unreadable = output.filter((item) => item.json.kind === 'notReadable').map((item) => [item.json.reading, String(item.json.error).replace(/^(GraphQL \w+|HTTP \d+|\S+ \S).*$/, '$1')]);
		expect(unreadable).toEqual([
			[`base permission of ${ACME}`, 'GitHub a'],
			[`members of ${ACME} without two-factor authentication`, 'HTTP 422'],
			[`outside collaborators of ${ACME} without two-factor authentication`, 'HTTP 422'],
			[`pending invitations to ${ACME}`, 'HTTP 403'],
			[`direct collaborators of ${ACME}/api`, 'GraphQL FORBIDDEN'],
			[`direct collaborators of ${ACME}/web`, 'GraphQL FORBIDDEN'],
			[`pending invitations to ${ACME}/api`, 'HTTP 403'],
			[`pending invitations to ${ACME}/web`, 'HTTP 403'],
		]);
		// two-factor state unknown: null, not false
		expect(access(output).find(([login]) => login === 'alice')).toEqual(['alice', 'acme/api', 'maintain', [team('developers', 'write'), team('leads', 'maintain')], null]);
		expect(output.at(-1)!.json).toMatchObject({ complete: false, basePermission: null, twoFactorDisabled: [] });
		expect(writes()).toEqual([]);
	});

	test('an organization that does not exist: an error naming the 404, nothing else read', async () => {
		const { error } = await runCodeHosting(srv, { parameters: review('no-such-org') });
		expect(error?.message).toMatch(/not found/i);
		expect(calls()).toEqual(['GET /orgs/no-such-org']);
	});
});

test('pagination beyond 100: members, team repositories and organization repositories read page by page; requests grow with repositories', async () => {
	const logins = Array.from({ length: 101 }, (_, i) => `m-${String(i).padStart(3, '0')}`);
	for (const login of logins) srv.addUser(login);
	srv.addOrg('big', { members: { [LOGIN]: 'admin', ...Object.fromEntries(logins.map((login) => [login, 'member'])) }, default_permission: 'none' });
	const repos = Array.from({ length: 101 }, (_, i) => `r-${String(i).padStart(3, '0')}`);
	for (const name of repos) srv.addRepo('big', name);
	srv.addTeam('big', { name: 'Everyone', members: { 'm-000': 'member', 'm-100': 'member' }, repos: Object.fromEntries(repos.map((name) => [name, 'pull'])) });
	srv.resetRequests();
	// without repository invitations: they would add one request per repository
	const { output, error } = await runCodeHosting(srv, { parameters: review('big', 'perPersonAndRepository', { includeRepositoryInvitations: false }) });
	expect(error).toBeUndefined();
	const items = output.filter((item) => item.json.kind === 'access').map((item) => item.json);
	expect(items.filter((item) => item.login === LOGIN && item.permission === 'admin')).toHaveLength(101);
	expect(items.filter((item) => item.login === 'm-100' && item.permission === 'read')).toHaveLength(101);
	expect(items.filter((item) => item.repository === null)).toHaveLength(99);
	expect(output.at(-1)!.json).toMatchObject({ people: 102, repositories: 101, accessItems: 303, complete: true });
	const count = (path: string) => srv.requests.filter((request) => request.path === path).length;
	expect(count('/orgs/big/members')).toBe(4); // all (2 pages), owners, without two-factor
	expect(count('/orgs/big/teams/everyone/repos')).toBe(2);
	// 101 repositories and their direct collaborators: two GraphQL queries (100, then 1), no request per repository; the team's maintainers: one
	expect(srv.requests.filter((request) => request.path === '/graphql').map(operationOf)).toEqual(['OrganizationRepositories', 'OrganizationRepositories', 'OrganizationTeamMaintainers']);
	expect(srv.requests.filter((request) => request.path.endsWith('/collaborators'))).toHaveLength(0);
	expect(srv.requests).toHaveLength(15);
	expect(output.at(-1)!.json).toMatchObject({ repositoryInvitations: 'not read' });
	expect(writes()).toEqual([]);
});

describe('each team item names its maintainers, who certify its members (issue 49)', () => {
	const teamItems = (output: Array<{ json: IDataObject }>) =>
		output.filter((item) => item.json.kind === 'team').map((item) => [item.json.team, item.json.members, item.json.maintainers, item.json.memberCount]);
	const perPerson = () => review(ACME, 'perPerson', { includeRepositoryInvitations: false });

	test('a team with maintainers and members, a team without a maintainer, an empty team: one GraphQL query of 1 point for all, no request per team', async () => {
		await acme();
		srv.addUser('Gina');
		srv.state.orgs[ACME].members.Gina = 'member';
		srv.addTeam(ACME, { name: 'Auditors', members: { Gina: 'maintainer', carol: 'maintainer', alice: 'member' } });
		srv.addTeam(ACME, { name: 'Empty' });
		const used = srv.state.rate.graphql.used;
		const { output, error } = await runCodeHosting(srv, { parameters: perPerson() });
		expect(error).toBeUndefined();
		expect(teamItems(output)).toEqual([
			['auditors', ['alice', 'carol', 'Gina'], ['carol', 'Gina'], 3],
			['developers', ['alice', 'bob'], ['bob'], 2],
			['empty', [], [], 0],
			['leads', ['alice'], [], 1],
		]);
		expect(output.at(-1)!.json).toMatchObject({ complete: true, teams: 4, notReadable: [] });
		expect(calls().filter((call) => call.includes('/graphql') || call.includes('role=maintainer'))).toEqual(['POST /graphql OrganizationRepositories', 'POST /graphql OrganizationTeamMaintainers']);
		expect(srv.state.rate.graphql.used - used).toBe(2);
		expect(writes()).toEqual([]);
	});

	test('a team whose members list is refused: named as not readable, its members null (not an empty list), its maintainers still read', async () => {
		await acme();
		srv.state.orgs[ACME].teams.get('leads')!.members.set('carol', 'maintainer');
		srv.failNext({ method: 'GET', path: `/orgs/${ACME}/teams/leads/members`, status: 403, body: { message: 'Must have admin rights to Team.', documentation_url: 'https://docs.github.com/rest' } });
		const { output, error } = await runCodeHosting(srv, { parameters: perPerson() });
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ kind: 'notReadable', organization: ACME, reading: 'members of team leads', error: expect.stringMatching(/^HTTP 403: .*Must have admin rights to Team/) });
		expect(teamItems(output)).toEqual([
			['developers', ['alice', 'bob'], ['bob'], 2],
			['leads', null, ['carol'], null],
		]);
		expect(output.at(-1)!.json).toMatchObject({ complete: false, notReadable: ['members of team leads'] });
	});

	test('GraphQL refused (a server without it): one REST request per team (?role=maintainer); a team whose lists are refused has members and maintainers null, each named', async () => {
		await acme();
		srv.failNext({ method: 'POST', path: '/graphql', status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/graphql' } });
		srv.failNext({ method: 'GET', path: `/orgs/${ACME}/teams/leads/members`, status: 403, times: 2, body: { message: 'Must have admin rights to Team.', documentation_url: 'https://docs.github.com/rest' } });
		const { output, error } = await runCodeHosting(srv, { parameters: perPerson() });
		expect(error).toBeUndefined();
		expect(teamItems(output)).toEqual([
			['developers', ['alice', 'bob'], ['bob'], 2],
			['leads', null, null, null],
		]);
		expect(output.filter((item) => item.json.kind === 'notReadable').map((item) => item.json.reading)).toEqual(['members of team leads', 'maintainers of team leads']);
		expect(calls().filter((call) => call.includes('/graphql') || call.includes('role=maintainer'))).toEqual([
			'POST /graphql OrganizationRepositories',
			`GET /orgs/${ACME}/teams/developers/members role=maintainer`,
			`GET /orgs/${ACME}/teams/leads/members role=maintainer`,
		]);
		expect(output.at(-1)!.json).toMatchObject({ complete: false, readThrough: expect.stringMatching(/^REST \(GraphQL refused/) });
	});

	test('250 teams: 3 GraphQL queries of 1 point each for their maintainers (REST would take 250 requests)', async () => {
		srv.addOrg('wide', { members: { [LOGIN]: 'admin', alice: 'member' }, default_permission: 'pull' });
		srv.addUser('alice');
		for (let i = 0; i < 250; i++) srv.addTeam('wide', { name: `Team ${String(i).padStart(3, '0')}`, members: i % 2 === 0 ? { alice: 'maintainer' } : {} });
		srv.resetRequests();
		const used = srv.state.rate.graphql.used;
		const { output, error } = await runCodeHosting(srv, { parameters: review('wide', 'perPerson', { includeRepositoryInvitations: false }) });
		expect(error).toBeUndefined();
		const teams = output.filter((item) => item.json.kind === 'team').map((item) => item.json);
		expect(teams).toHaveLength(250);
		expect(teams.filter((team) => (team.maintainers as string[]).includes('alice'))).toHaveLength(125);
		const queries = srv.requests.filter((request) => operationOf(request) === 'OrganizationTeamMaintainers');
		expect(queries.map((request) => JSON.parse(String(request.body)).variables.after === null)).toEqual([true, false, false]);
		// the repositories' query (1 point) and the maintainers' queries (1 point each)
		expect(srv.state.rate.graphql.used - used).toBe(4);
		expect(srv.requests.filter((request) => request.query.role === 'maintainer')).toEqual([]);
	});
});

test('readMaintainers: a team whose members GraphQL refuses is named and null; one with more than a hundred maintainers is read on through REST', async () => {
	const refused: string[] = [];
	const lists: string[] = [];
	const reader: ListReader = {
		list: async (path, _reading, qs) => {
			lists.push(`${path} ${JSON.stringify(qs)}`);
			return Array.from({ length: 101 }, (_, i) => ({ login: `M-${i}` }));
		},
		graphql: async () => ({
			data: {
				organization: {
					teams: {
						pageInfo: { hasNextPage: false, endCursor: null },
						nodes: [
							{ slug: 'hidden', members: null },
							{ slug: 'large', members: { pageInfo: { hasNextPage: true }, nodes: [{ login: 'M-0' }] } },
							{ slug: 'small', members: { pageInfo: { hasNextPage: false }, nodes: [{ login: 'Lead' }, null] } },
						],
					},
				},
				rateLimit: { cost: 1, remaining: 4999, resetAt: new Date().toISOString() },
			},
			errors: [{ type: 'FORBIDDEN', path: ['organization', 'teams', 'nodes', 0, 'members'], message: 'Resource not accessible by integration' }],
		}),
		refused: (reading, message) => refused.push(`${reading}: ${message}`),
		fail: (message) => {
			throw new Error(message);
		},
		waitForReset: async () => {},
	};
	const read = await readMaintainers(reader, '/orgs/o', 'o', ['hidden', 'large', 'small'], true);
	expect(refused).toEqual(['maintainers of team hidden: GraphQL FORBIDDEN: Resource not accessible by integration']);
	expect(read.maintainers.get('hidden')).toBeUndefined();
	expect(read.maintainers.get('large')?.size).toBe(101);
	expect([...read.maintainers.get('small')!]).toEqual(['lead']);
	expect(lists).toEqual(['/orgs/o/teams/large/members {"role":"maintainer"}']);
	expect(read).toMatchObject({ graphqlQueries: 1, graphqlPoints: 1 });
});
