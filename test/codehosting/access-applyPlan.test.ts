import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, OTHER_TOKEN, runCodeHosting, strictServerPerTest } from './harness';
import { seedTeams } from './teamsKit';

// Plans that bind on GitHub (issue 48): Access → Revoke and Sync with Mode Plan Only sign each
// change; Access → Apply Plan applies exactly those, each only while what it changes is still as
// planned; a changed, incomplete or foreign plan is refused whole with 0 requests. Against the
// strict stand-in. Seeded: team developers (octo-user maintainer, other-user member), here also
// team reviewers (dev-a, dev-c) and organization members dev-a, dev-b, dev-c.

let srv: CodeHostingServer;
strictServerPerTest((server) => {
	srv = server;
	seedTeams(srv);
});

const OTHER = 'other-user';
const byName = (value: string) => ({ __rl: true, mode: 'name', value });
const writes = () => srv.requests.filter((request) => request.method !== 'GET' && !request.path.endsWith('/graphql')).map((request) => `${request.method} ${request.path}`);
const team = (slug: string) => srv.state.orgs[ORG].teams.get(slug)!;
const access = (operation: string, parameters: IDataObject, items?: IDataObject[], token?: string) =>
	runCodeHosting(srv, { parameters: { resource: 'access', operation, owner: byName(ORG), ...parameters }, items, ...(token ? { token } : {}) });
const apply = (items: IDataObject[], options: IDataObject = {}, token?: string) => runCodeHosting(srv, { parameters: { resource: 'access', operation: 'applyPlan', options }, items, ...(token ? { token } : {}) });

/** dev-a joins developers, dev-b joins reviewers, dev-c leaves reviewers. */
const ROSTER: IDataObject[] = [
	{ login: OTHER, teams: 'developers' },
	{ login: 'dev-a', teams: ['developers', 'reviewers'] },
	{ login: 'dev-b', teams: 'reviewers' },
];

async function planned(operation: string, parameters: IDataObject, items?: IDataObject[]) {
	const { output, error } = await access(operation, { ...parameters, options: { dryRun: true, ...((parameters.options as IDataObject) ?? {}) } }, items);
	expect(error).toBeUndefined();
	expect(writes()).toEqual([]);
	srv.resetRequests();
	return output.map((item) => item.json);
}

describe('Sync planned, then applied', () => {
	test('exactly the planned writes, the approval on every item', async () => {
		const plan = await planned('sync', {}, ROSTER);
		expect(plan.filter((item) => item.plan).map((item) => [item.action, item.team, item.login])).toEqual([
			['add', 'developers', 'dev-a'],
			['add', 'reviewers', 'dev-b'],
			['remove', 'reviewers', 'dev-c'],
		]);
		const { output, error } = await apply(plan, { approvedBy: 'ada', approvedAt: '2026-11-29T10:00:00Z' });
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.action, item.json.team, item.json.login, item.json.result, item.json.approvedBy])).toEqual([
			['add', 'developers', 'dev-a', 'applied', 'ada'],
			['add', 'reviewers', 'dev-b', 'applied', 'ada'],
			['remove', 'reviewers', 'dev-c', 'applied', 'ada'],
		]);
		expect(writes()).toEqual([
			`PUT /orgs/${ORG}/teams/developers/memberships/dev-a`,
			`PUT /orgs/${ORG}/teams/reviewers/memberships/dev-b`,
			`DELETE /orgs/${ORG}/teams/reviewers/memberships/dev-c`,
		]);
		// each team read once to check the lines
		expect(srv.requests.filter((request) => request.method === 'GET' && /\/teams\/[^/]+\/invitations$/.test(request.path))).toHaveLength(2);
	});

	test('the teams changed before the approval: those lines are skipped and say why; nobody else is touched', async () => {
		const plan = await planned('sync', {}, ROSTER);
		// meanwhile: dev-b joined reviewers, dev-c became its maintainer, dev-d joined (not in the plan)
		team('reviewers').members.set('dev-b', 'member');
		team('reviewers').members.set('dev-c', 'maintainer');
		srv.addUser('dev-d');
		srv.state.orgs[ORG].members['dev-d'] = 'member';
		team('reviewers').members.set('dev-d', 'member');
		const { output, error } = await apply(plan);
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.login, item.json.result, item.json.skipReason])).toEqual([
			['dev-a', 'applied', undefined],
			['dev-b', 'skipped', 'changed since the plan: planned from not in reviewers, now member of reviewers'],
			['dev-c', 'skipped', 'changed since the plan: planned from member of reviewers, now maintainer of reviewers'],
		]);
		expect(writes()).toEqual([`PUT /orgs/${ORG}/teams/developers/memberships/dev-a`]);
		expect(team('reviewers').members.get('dev-d')).toBe('member');
	});

	test('above the Max Removals it was planned with: refused at Apply, 0 requests', async () => {
		const plan = await planned('sync', { options: { maxRemovals: 0 } }, ROSTER);
		const { error } = await apply(plan);
		expect(error?.message).toMatch(/removes 1 team memberships, more than its Max Removals \(0\): nothing was changed/);
		expect(srv.requests).toEqual([]);
	});
});

describe('Revoke planned, then applied', () => {
	test('the member is removed as approved; applied again, the line is skipped', async () => {
		const plan = await planned('revoke', { person: OTHER });
		expect(plan.map((item) => [item.action, Boolean(item.plan)])).toEqual([
			['removedMember', true],
			['complete', false],
		]);
		const { output, error } = await apply(plan);
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.action, item.json.login, item.json.result])).toEqual([['removedMember', OTHER, 'applied']]);
		expect(writes()).toEqual([`DELETE /orgs/${ORG}/members/${OTHER}`]);
		srv.resetRequests();
		const again = await apply(plan);
		expect(again.output.map((item) => [item.json.result, item.json.skipReason])).toEqual([['skipped', expect.stringMatching(/^changed since the plan/)]]);
		expect(writes()).toEqual([]);
	});

	test('the person became an owner before the approval: the removal no longer holds as planned', async () => {
		const plan = await planned('revoke', { person: OTHER });
		srv.state.orgs[ORG].members[OTHER] = 'admin';
		const { output } = await apply(plan);
		expect(output.map((item) => item.json.result)).toEqual(['skipped']);
		expect(writes()).toEqual([]);
	});
});

describe('refused whole, 0 requests', () => {
	test.each([
		['a line pointed at another person', (plan: IDataObject[]) => plan.map((item) => (item.plan ? { ...item, plan: { ...(item.plan as IDataObject), change: { ...((item.plan as IDataObject).change as IDataObject), path: `/orgs/${ORG}/members/${LOGIN}` } } } : item)), /does not match its digest/],
		['a line left out', (plan: IDataObject[]) => plan.filter((item) => item.login !== 'dev-b'), /has 3 line\(s\), 2 given/],
	])('%s', async (_name, tamper, message) => {
		const plan = await planned('sync', {}, ROSTER);
		const { error } = await apply(tamper(plan));
		expect(error?.message).toMatch(message);
		expect(srv.requests).toEqual([]);
	});

	test('a plan signed with another token', async () => {
		const plan = await planned('sync', {}, ROSTER);
		const { error } = await apply(plan, {}, OTHER_TOKEN);
		expect(error?.message).toMatch(/does not match its digest/);
		expect(srv.requests).toEqual([]);
	});

	test('a plan of the Governance node', async () => {
		const plan = await planned('sync', {}, ROSTER);
		const foreign = plan.map((item) => (item.plan ? { ...item, plan: { ...(item.plan as IDataObject), platform: 'governance' } } : item));
		const { error } = await apply(foreign);
		expect(error?.message).toMatch(/does not match its digest|which this step does not apply/);
		expect(srv.requests).toEqual([]);
	});
});

test('a plan with nothing to remove (only Revoke\'s complete item) applies nothing; items that are no plan are an error', async () => {
	const plan = await planned('revoke', { person: 'nobody-here' });
	expect(plan.map((item) => item.action)).toEqual(['complete']);
	const { output, error } = await apply(plan, { approvedBy: 'ada' });
	expect(error).toBeUndefined();
	expect(output.map((item) => item.json)).toEqual([{ result: 'nothing to apply', applied: false, approvedBy: 'ada' }]);
	expect(srv.requests).toEqual([]);
	const wrong = await apply([{ login: 'someone' }]);
	expect(wrong.error?.message).toBe('No plan was given');
});
