import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, OTHER_TOKEN, runCodeHosting, strictServerPerTest } from './harness';
import { seedTeams } from './teamsKit';

// Access → Sync (issue 39, part 2): team memberships of an organization made to match a roster,
// against the strict stand-in (requests and responses checked against GitHub's OpenAPI description).
// Seeded: team developers (octo-user maintainer, other-user member); here also team reviewers
// (dev-a, dev-c members) and the organization members dev-a, dev-b, dev-c.

let srv: CodeHostingServer;
strictServerPerTest((server) => {
	srv = server;
	seedTeams(srv);
});

const OTHER = 'other-user';
const OUTSIDER = 'outside-user';
const byName = (value: string) => ({ __rl: true, mode: 'name', value });
const sync = (extra: IDataObject = {}): IDataObject => ({ resource: 'access', operation: 'sync', owner: byName(ORG), ...extra });
const writes = () =>
	srv.requests
		.filter((request) => request.method !== 'GET' && !request.path.endsWith('/graphql'))
		.map((request) => `${request.method} ${request.path}${request.body ? ` ${request.body}` : ''}`);
const reads = () => srv.requests.filter((request) => request.method === 'GET').map((request) => `${request.path}${request.query.role ? `?role=${request.query.role}` : ''}`);
const team = (slug: string) => srv.state.orgs[ORG].teams.get(slug)!;
const membersOf = (slug: string) => Object.fromEntries([...team(slug).members.entries()].sort());
const itemIndexOf = (error: unknown) => (error as { context?: IDataObject } | undefined)?.context?.itemIndex;
const row = (json: IDataObject) => [json.action, json.team, json.login, json.applied];

/** other-user stays in developers; dev-a joins developers and stays in reviewers; dev-b joins reviewers; dev-c leaves reviewers. */
const ROSTER: IDataObject[] = [
	{ login: OTHER, teams: 'developers' },
	{ login: 'dev-a', teams: ['developers', 'reviewers'] },
	{ login: 'dev-b', teams: 'reviewers' },
];

const PUT = (slug: string, login: string) => `PUT /orgs/${ORG}/teams/${slug}/memberships/${login} {"role":"member"}`;
const DELETE = (slug: string, login: string) => `DELETE /orgs/${ORG}/teams/${slug}/memberships/${login}`;

describe('apply (Mode Automatic in a workflow)', () => {
	test('one item per change, then complete; exact requests; the maintainer is kept; a second run writes nothing', async () => {
		const { output, error } = await runCodeHosting(srv, { items: ROSTER, parameters: sync() });
		expect(error).toBeUndefined();
		expect(output.map((item) => row(item.json))).toEqual([
			['add', 'developers', 'dev-a', true],
			['add', 'reviewers', 'dev-b', true],
			['remove', 'reviewers', 'dev-c', true],
			['complete', undefined, undefined, undefined],
		]);
		expect(output[0].json).toEqual({ organization: ORG, team: 'developers', login: 'dev-a', action: 'add', role: 'member', dryRun: false, applied: true, state: 'active' });
		expect(output[3].json).toMatchObject({
			complete: true,
			dryRun: false,
			teams: ['developers', 'reviewers'],
			people: 3,
			changes: 3,
			additions: 2,
			removals: 1,
			changesApplied: 3,
			changesNotApplied: 0,
			maintainersKept: [{ team: 'developers', login: LOGIN }],
			notReadable: [],
			maxRemovals: 5,
		});
		// pairing: an addition with its person's item, a removal of someone not in the roster with the items naming the team, the summary with all
		expect(output.map((item) => item.pairedItem)).toEqual([[{ item: 1 }], [{ item: 2 }], [{ item: 1 }, { item: 2 }], [{ item: 0 }, { item: 1 }, { item: 2 }]]);
		expect(writes()).toEqual([PUT('developers', 'dev-a'), PUT('reviewers', 'dev-b'), DELETE('reviewers', 'dev-c')]);
		// reads grow with teams: per team its maintainers, members and pending invitations; once, as
		// there is a removal, the credential's own login (kept unless the option allows it)
		expect(reads()).toEqual([
			`/orgs/${ORG}/teams/developers/members?role=maintainer`,
			`/orgs/${ORG}/teams/developers/members?role=member`,
			`/orgs/${ORG}/teams/developers/invitations`,
			`/orgs/${ORG}/teams/reviewers/members?role=maintainer`,
			`/orgs/${ORG}/teams/reviewers/members?role=member`,
			`/orgs/${ORG}/teams/reviewers/invitations`,
			'/user',
		]);
		expect(membersOf('developers')).toEqual({ 'dev-a': 'member', [LOGIN]: 'maintainer', [OTHER]: 'member' });
		expect(membersOf('reviewers')).toEqual({ 'dev-a': 'member', 'dev-b': 'member' });

		srv.resetRequests();
		const again = await runCodeHosting(srv, { items: ROSTER, parameters: sync({ options: { dryRun: false } }) });
		expect(again.error).toBeUndefined();
		expect(again.output.map((item) => item.json)).toEqual([expect.objectContaining({ action: 'complete', complete: true, changes: 0, changesApplied: 0 })]);
		expect(writes()).toEqual([]);
	});

	test('Manage Maintainers: a maintainer the roster does not list for the team is removed too, but never the token\'s own login unless that option is on', async () => {
		// the maintainer of developers is octo-user, the login the token acts as
		const { output, error } = await runCodeHosting(srv, { items: ROSTER, parameters: sync({ options: { manageMaintainers: true } }) });
		expect(error).toBeUndefined();
		expect(output.filter((item) => item.json.action === 'remove').map((item) => [item.json.team, item.json.login, item.json.role])).toEqual([['reviewers', 'dev-c', 'member']]);
		expect(writes()).not.toContain(DELETE('developers', LOGIN));
		expect(output.at(-1)!.json).toMatchObject({ maintainersKept: [], ownLoginKept: [{ team: 'developers', login: LOGIN, reason: expect.stringMatching(/login this credential acts as/) }] });

		srv.resetRequests();
		const allowed = await runCodeHosting(srv, { items: ROSTER, parameters: sync({ options: { manageMaintainers: true, includeOwnLogin: true } }) });
		expect(allowed.error).toBeUndefined();
		expect(allowed.output.filter((item) => item.json.action === 'remove').map((item) => [item.json.team, item.json.login, item.json.role])).toEqual([['developers', LOGIN, 'maintainer']]);
		expect(writes()).toContain(DELETE('developers', LOGIN));
		expect(reads()).not.toContain('/user');
	});

	test('Teams to Sync: a listed team the roster does not name loses everyone but its maintainers; other teams are not read', async () => {
		const { output, error } = await runCodeHosting(srv, { items: [{ login: 'dev-a', teams: 'reviewers' }], parameters: sync({ options: { teams: 'reviewers, developers' } }) });
		expect(error).toBeUndefined();
		expect(output.map((item) => row(item.json))).toEqual([
			['remove', 'reviewers', 'dev-c', true],
			['remove', 'developers', OTHER, true],
			['complete', undefined, undefined, undefined],
		]);
		expect(output.at(-1)!.json).toMatchObject({ teams: ['reviewers', 'developers'], maintainersKept: [{ team: 'developers', login: LOGIN }] });
	});

	test('someone outside the organization: the addition invites them (pending); a second run sees the invitation and writes nothing', async () => {
		const roster = [...ROSTER, { login: OUTSIDER, teams: 'reviewers' }];
		const { output, error } = await runCodeHosting(srv, { items: roster, parameters: sync() });
		expect(error).toBeUndefined();
		expect(output.find((item) => item.json.login === OUTSIDER)!.json).toMatchObject({ action: 'add', team: 'reviewers', applied: true, state: 'pending' });
		srv.resetRequests();
		const again = await runCodeHosting(srv, { items: roster, parameters: sync() });
		expect(again.output.map((item) => row(item.json))).toEqual([['complete', undefined, undefined, undefined]]);
		expect(writes()).toEqual([]);
		// left out of the roster: the pending membership is removed as such
		srv.resetRequests();
		const without = await runCodeHosting(srv, { items: ROSTER, parameters: sync() });
		expect(without.output[0].json).toMatchObject({ action: 'remove', team: 'reviewers', login: OUTSIDER, pending: true, applied: true });
		expect(writes()).toEqual([DELETE('reviewers', OUTSIDER)]);
	});
});

describe('a write that fails part-way (a 5xx after the retries)', () => {
	test('the error names what was done and what is left, and a rerun makes only the writes left', async () => {
		srv.failNext({ method: 'PUT', path: `/orgs/${ORG}/teams/reviewers/memberships/dev-b`, status: 500, body: { message: 'Server Error' } });
		const { output, error } = await runCodeHosting(srv, { items: ROSTER, parameters: sync() });
		expect(output).toEqual([]);
		const description = String((error as unknown as { description?: string }).description);
		expect(description).toContain(`The sync of ${ORG}'s teams stopped at add dev-b to reviewers.`);
		expect(description).toContain('Done before: 1 change: add dev-a to developers.');
		expect(description).toContain('Left: 2 changes, the one it stopped at and 1 after it: add dev-b to reviewers, remove dev-c from reviewers.');
		expect(description).toMatch(/Running the step again finishes the job/);
		// a write is not repeated after a 500: one attempt each
		expect(writes()).toEqual([PUT('developers', 'dev-a'), PUT('reviewers', 'dev-b')]);
		expect(membersOf('developers')).toEqual({ 'dev-a': 'member', [LOGIN]: 'maintainer', [OTHER]: 'member' });
		expect(membersOf('reviewers')).toEqual({ 'dev-a': 'member', 'dev-c': 'member' });

		srv.resetRequests();
		const rerun = await runCodeHosting(srv, { items: ROSTER, parameters: sync() });
		expect(rerun.error).toBeUndefined();
		expect(writes()).toEqual([PUT('reviewers', 'dev-b'), DELETE('reviewers', 'dev-c')]);
		expect(membersOf('reviewers')).toEqual({ 'dev-a': 'member', 'dev-b': 'member' });
	});
});

describe('plan only', () => {
	test('Mode Plan Only: the same items, applied false, the brake\'s verdict in the summary, nothing written', async () => {
		const { output, error } = await runCodeHosting(srv, { items: ROSTER, parameters: sync({ options: { dryRun: true, maxRemovals: 0 } }) });
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.action, item.json.dryRun, item.json.applied])).toEqual([
			['add', true, false],
			['add', true, false],
			['remove', true, false],
			['complete', true, undefined],
		]);
		expect(output[3].json).toMatchObject({ changes: 3, changesApplied: 0, changesNotApplied: 3, maxRemovals: 0, wouldApply: false, summary: expect.stringMatching(/nothing was changed/) });
		expect(writes()).toEqual([]);
		expect(membersOf('reviewers')).toEqual({ 'dev-a': 'member', 'dev-c': 'member' });
	});

	test('as an AI tool, Mode not added (Automatic): it plans; Apply lets the tool apply', async () => {
		const planned = await runCodeHosting(srv, { asTool: true, items: ROSTER, parameters: sync() });
		expect(planned.error).toBeUndefined();
		expect(planned.output.map((item) => [item.json.action, item.json.dryRun, item.json.applied])).toEqual([
			['add', true, false],
			['add', true, false],
			['remove', true, false],
			['complete', true, undefined],
		]);
		expect(writes()).toEqual([]);
		const applied = await runCodeHosting(srv, { asTool: true, items: ROSTER, parameters: sync({ options: { dryRun: false } }) });
		expect(applied.output[0].json).toMatchObject({ action: 'add', dryRun: false, applied: true });
		expect(writes()).toHaveLength(3);
	});
});

describe('the brake and what stops before any write', () => {
	test('more removals than Max Removals: an error naming the count, 0 writes', async () => {
		const { error } = await runCodeHosting(srv, { items: [{ login: 'dev-b', teams: 'developers, reviewers' }], parameters: sync({ options: { maxRemovals: 2 } }) });
		expect(error?.message).toBe('The sync would remove 3 team memberships, more than Max Removals (2): nothing was changed');
		expect(error?.description).toMatch(/^First removals: other-user from developers, dev-a from reviewers, dev-c from reviewers/);
		expect(writes()).toEqual([]);
		expect(membersOf('reviewers')).toEqual({ 'dev-a': 'member', 'dev-c': 'member' });
	});

	test('the default Max Removals is 5', async () => {
		for (const login of ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']) {
			srv.addUser(login);
			srv.state.orgs[ORG].members[login] = 'member';
			team('reviewers').members.set(login, 'member');
		}
		srv.resetRequests();
		const { error } = await runCodeHosting(srv, { items: [{ login: 'dev-a', teams: 'reviewers' }], parameters: sync() });
		expect(error?.message).toMatch(/^The sync would remove 7 team memberships, more than Max Removals \(5\)/);
		expect(writes()).toEqual([]);
	});

	test('an unknown team: a clear error naming the item, no write', async () => {
		const { error } = await runCodeHosting(srv, { items: [...ROSTER, { login: 'dev-c', teams: 'reviewers, ghosts' }], parameters: sync() });
		expect(error?.message).toBe(`The team "ghosts" was not found in ${ORG}`);
		expect(error?.description).toMatch(/Nothing was changed\.$/);
		expect(itemIndexOf(error)).toBe(3);
		expect(writes()).toEqual([]);
	});

	test('a team of the roster outside Teams to Sync: an error naming the item, 0 requests', async () => {
		const { error } = await runCodeHosting(srv, { items: ROSTER, parameters: sync({ options: { teams: 'developers' } }) });
		expect(error?.message).toBe('Item 1 names the team "reviewers", which is not in Teams to Sync');
		expect(itemIndexOf(error)).toBe(1);
		expect(srv.requests).toEqual([]);
	});
});

describe('what could not be done is named', () => {
	test('a maintainer of one team only: the refused write is an item with its error, the others are made; complete is false', async () => {
		team('reviewers').members.set(OTHER, 'maintainer');
		const roster = [{ login: OTHER, teams: 'developers, reviewers' }, { login: 'dev-a', teams: 'developers, reviewers' }];
		const { output, error } = await runCodeHosting(srv, { token: OTHER_TOKEN, items: roster, parameters: sync() });
		expect(error).toBeUndefined();
		expect(output.map((item) => row(item.json))).toEqual([
			['add', 'developers', 'dev-a', false],
			['remove', 'reviewers', 'dev-c', true],
			['complete', undefined, undefined, undefined],
		]);
		expect(output[0].json).toMatchObject({ error: expect.stringMatching(/^HTTP 403: /), reason: expect.stringMatching(/organization owner or team maintainer/) });
		expect(output[2].json).toMatchObject({
			complete: false,
			changesApplied: 1,
			changesNotApplied: 1,
			notReadable: [expect.stringMatching(/^pending invitations to team developers \(HTTP 403: /)],
			summary: expect.stringMatching(/^Incomplete: 1 change refused and 1 list not readable/),
		});
		expect(writes()).toEqual([PUT('developers', 'dev-a'), DELETE('reviewers', 'dev-c')]);
		expect(team('developers').members.has('dev-a')).toBe(false);
	});
});

describe('people by email: the organization\'s SAML identities', () => {
	test('emails become logins, the identities read once for the whole roster', async () => {
		const roster = [{ login: 'Other.User@corp.example', teams: 'reviewers' }, { login: 'octo.user@corp.example', teams: 'reviewers' }, { login: 'dev-a', teams: 'reviewers' }];
		const { output, error } = await runCodeHosting(srv, { items: roster, parameters: sync() });
		expect(error).toBeUndefined();
		expect(output.map((item) => row(item.json))).toEqual([
			['add', 'reviewers', LOGIN, true],
			['add', 'reviewers', OTHER, true],
			['remove', 'reviewers', 'dev-c', true],
			['complete', undefined, undefined, undefined],
		]);
		expect(output[1].json).toMatchObject({ email: 'Other.User@corp.example', login: OTHER });
		expect(srv.requests.filter((request) => request.path === '/graphql')).toHaveLength(1);
		expect(srv.requests[0].path).toBe('/graphql');
	});

	test('an email no identity has: an error asking for the login in the roster, naming the item, nothing written', async () => {
		const { error } = await runCodeHosting(srv, { items: [...ROSTER, { login: 'nobody@corp.example', teams: 'reviewers' }], parameters: sync() });
		expect(error?.message).toBe(`No SAML identity of ${ORG} has the email nobody@corp.example`);
		expect(error?.description).toContain('Enter the person\'s login (their GitHub username) in the roster instead');
		expect(itemIndexOf(error)).toBe(3);
		expect(srv.requests.map((request) => request.path)).toEqual(['/graphql']);
	});
});

describe('bad input: an error naming the item, 0 requests', () => {
	test.each([
		['an empty login', [{ login: 'dev-a', teams: 'reviewers' }, { login: '', teams: 'reviewers' }], {}, /^Item 1 has no login or email in field "login"$/, 1],
		['no login field', [{ login: 'dev-a', teams: 'reviewers' }, { name: 'Dev B', teams: 'reviewers' }], {}, /^Item 1 has no login or email/, 1],
		['a login with a slash', [{ login: 'dev/a', teams: 'reviewers' }], {}, /^Item 0 has no valid login in field "login": "dev\/a"$/, 0],
		['a malformed email', [{ login: 'someone@nowhere', teams: 'reviewers' }], {}, /is not a valid email address/, 0],
		['a bad team slug', [{ login: 'dev-a', teams: 'reviewers' }, { login: 'dev-b', teams: 'release team' }], {}, /^Item 1's field "teams" has a team that is not a team slug: "release team"$/, 1],
		['a slug with a path', [{ login: 'dev-a', teams: ['../admins'] }], {}, /not a team slug: "\.\.\/admins"/, 0],
		['teams that are no list', [{ login: 'dev-a', teams: { slug: 'reviewers' } }], {}, /^Item 0's field "teams" is not a list of team slugs$/, 0],
		['a roster without any team', [{ login: 'dev-a', teams: '' }], {}, /^The roster names no team$/, 0],
		['an empty roster', [{}], {}, /^The roster is empty/, 0],
		['an unknown Mode', ROSTER, { options: { dryRun: 'maybe' } }, /Mode must be Automatic, true or false/, 0],
		['a negative Max Removals', ROSTER, { options: { maxRemovals: -1 } }, /Max Removals must be a whole number/, 0],
		['a bad slug in Teams to Sync', ROSTER, { options: { teams: 'developers, a b' } }, /^Teams to Sync has a team that is not a team slug/, 0],
		['an empty Person Field from an expression', ROSTER, { personField: '={{ "" }}' }, /Person Field is required/, 0],
		['an empty organization from an expression', ROSTER, { owner: byName('={{ "" }}') }, /Organization is required/, 0],
	])('%s', async (_name, items, extra, message, itemIndex) => {
		const { error } = await runCodeHosting(srv, { items: items as IDataObject[], parameters: sync(extra as IDataObject) });
		expect(error?.message).toMatch(message);
		expect(itemIndexOf(error)).toBe(itemIndex);
		expect(srv.requests).toEqual([]);
	});

	test('Person Field and Teams Field with dotted paths', async () => {
		const items = [{ person: { handle: 'dev-a', groups: ['reviewers'] } }, { person: { handle: 'dev-c', groups: ['reviewers'] } }];
		const { output, error } = await runCodeHosting(srv, { items, parameters: sync({ personField: 'person.handle', teamsField: 'person.groups' }) });
		expect(error).toBeUndefined();
		expect(output.map((item) => row(item.json))).toEqual([['complete', undefined, undefined, undefined]]);
	});
});
