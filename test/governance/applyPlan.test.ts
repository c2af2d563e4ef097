import type { IDataObject } from 'n8n-workflow';

import { Governance } from '../../nodes/Governance/Governance.node';
import type { GovernanceServer } from './harness';
import { ADMIN_KEY, ADMIN_USER_ID, MIXED_EMAIL, MIXED_KEY, MIXED_USER_ID, PROJECT_ID, VIEWER_USER_ID, runGovernance, startServer } from './harness';
import { MARKETING, RESEARCH, SANDBOX, isWrite } from './orgKit';

// Plans that bind (issue 48): Ensure, Revoke and Sync with Mode Plan Only output signed plan
// lines; Access → Apply Plan applies exactly those, each only while the person's access is what
// the plan was made from; a changed, incomplete or foreign plan is refused whole with 0 requests.

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const writes = () => srv.requests.filter(isWrite).map((request) => `${request.method} ${request.path}`);
const access = (operation: string, parameters: IDataObject, items?: IDataObject[], apiKey?: string) =>
	runGovernance(srv, { parameters: { resource: 'access', operation, ...parameters }, items, apiKey });
const apply = (items: IDataObject[], options: IDataObject = {}, apiKey?: string) => access('applyPlan', { options }, items, apiKey);

const roster = [
	{ email: 'admin@example.com', roles: 'admin' },
	{ email: 'new.hire@acme.test', roles: 'editor' },
	{ email: 'member@example.com', roles: 'viewer' },
];

/** Sync's plan for the roster above: invite new.hire, invite member, remove viewer. */
async function syncPlan(options: IDataObject = {}) {
	const planned = await access('sync', { options: { dryRun: true, ...options } }, roster);
	expect(planned.error).toBeUndefined();
	srv.resetRequests();
	return planned.output.map((item) => item.json);
}

describe('access → apply plan', () => {
	test('Sync plans, Apply applies exactly the plan: the same writes as Sync would make, approval recorded', async () => {
		const plan = await syncPlan();
		expect(plan.map((item) => [item.email, item.action, Boolean(item.plan)])).toEqual([
			['admin@example.com', 'unchanged', false],
			['new.hire@acme.test', 'invite', true],
			['member@example.com', 'invite', true],
			['viewer@example.com', 'revoke', true],
		]);
		expect(writes()).toEqual([]);
		const { output, error } = await apply(plan, { approvedBy: 'ada@acme.test', approvedAt: '2026-11-29T09:00:00Z' });
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.email, item.json.result, item.json.approvedBy, item.json.approvedAt])).toEqual([
			['new.hire@acme.test', 'applied', 'ada@acme.test', '2026-11-29T09:00:00Z'],
			['member@example.com', 'applied', 'ada@acme.test', '2026-11-29T09:00:00Z'],
			['viewer@example.com', 'applied', 'ada@acme.test', '2026-11-29T09:00:00Z'],
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }, { item: 3 }]);
		expect(writes()).toEqual(['POST /latest/auth/invite/create', 'POST /latest/auth/invite/create', `POST /latest/auth/users/${VIEWER_USER_ID}/delete`]);
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toBeUndefined();
	});

	test('the platform changed after the plan: changed lines are skipped and say what changed; someone added meanwhile is not removed', async () => {
		const plan = await syncPlan();
		// meanwhile: an admin gives viewer editor, invites new.hire as viewer, adds another member
		srv.addMember(PROJECT_ID, VIEWER_USER_ID, ['editor']);
		srv.addInvite(PROJECT_ID, 'new.hire@acme.test', ['viewer']);
		srv.addMember(PROJECT_ID, MIXED_USER_ID, ['viewer']);
		srv.resetRequests();
		const { output, error } = await apply(plan);
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.email, item.json.result])).toEqual([
			['new.hire@acme.test', 'skipped'],
			['member@example.com', 'applied'],
			['viewer@example.com', 'skipped'],
		]);
		expect(output[0].json.skipReason).toMatch(/^changed since the plan: planned from no access, now pending invite \S+ \(viewer\)$/);
		expect(output[2].json.skipReason).toBe(`changed since the plan: planned from member ${VIEWER_USER_ID} (viewer), now member ${VIEWER_USER_ID} (editor)`);
		expect(writes()).toEqual(['POST /latest/auth/invite/create']);
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toBeDefined();
		expect(srv.state.memberships[PROJECT_ID][MIXED_USER_ID]).toBeDefined();
	});

	test('a write that fails part-way: what was applied, where it stopped and what is left; applying again finishes', async () => {
		const plan = await syncPlan();
		srv.failNext({ method: 'POST', path: '/latest/auth/invite/create', status: 500, body: { message: 'mail service down' }, times: 1 });
		// the first invite fails: nothing applied before it
		const { error } = await apply(plan);
		expect(error?.message).toBe('mail service down (HTTP 500)');
		expect(error?.description).toMatch(/Applying the plan stopped at line 1 of plan \S+: invite of new\.hire@acme\.test \(proj-e2e-0001\)\. No change was made before\. Left: 3 changes, the one it stopped at and 2 after it: invite new\.hire@acme\.test \(proj-e2e-0001\), invite member@example\.com \(proj-e2e-0001\), revoke viewer@example\.com \(proj-e2e-0001\)\./);
		srv.resetRequests();
		const again = await apply(plan);
		expect(again.output.map((item) => item.json.result)).toEqual(['applied', 'applied', 'applied']);
		expect(writes()).toEqual(['POST /latest/auth/invite/create', 'POST /latest/auth/invite/create', `POST /latest/auth/users/${VIEWER_USER_ID}/delete`]);
	});

	test('applying the same approved plan again changes nothing: every line is skipped', async () => {
		const plan = await syncPlan();
		expect((await apply(plan)).error).toBeUndefined();
		srv.resetRequests();
		const again = await apply(plan);
		expect(again.error).toBeUndefined();
		expect(again.output.map((item) => item.json.result)).toEqual(['skipped', 'skipped', 'skipped']);
		expect(writes()).toEqual([]);
	});

	const tamperings: Array<[string, (plan: IDataObject[]) => IDataObject[], RegExp]> = [
		['a role changed in a line', (plan) => plan.map((item) => (item.email === 'member@example.com' ? { ...item, plan: { ...(item.plan as IDataObject), change: { ...((item.plan as IDataObject).change as IDataObject), permissions: { items: { serviceDefault: { actions: { 'role:admin': true } } } } } } } : item)), /does not match its digest/],
		['the target of a removal changed', (plan) => plan.map((item) => (item.action === 'revoke' ? { ...item, plan: { ...(item.plan as IDataObject), change: { ...((item.plan as IDataObject).change as IDataObject), userId: ADMIN_USER_ID } } } : item)), /does not match its digest/],
		['a line left out', (plan) => plan.filter((item) => item.email !== 'new.hire@acme.test'), /has 3 line\(s\), 2 given/],
		['a line given twice', (plan) => [...plan, plan[3]], /has 3 line\(s\), 4 given/],
		['a line that is no plan line', (plan) => [...plan, { plan: { change: {}, id: 'x' } }], /is not a plan line/],
	];

	test.each(tamperings)('a tampered plan (%s) is refused whole: 0 requests', async (_name, tamper, message) => {
		const plan = await syncPlan();
		const { error } = await apply(tamper(plan));
		expect(error?.message).toMatch(message);
		expect(error?.description).toMatch(/Nothing was changed\.$/);
		expect(srv.requests).toEqual([]);
	});

	test('a plan made with another credential is refused: 0 requests', async () => {
		const plan = await syncPlan();
		const { error } = await apply(plan, {}, MIXED_KEY);
		expect(error?.message).toMatch(/does not match its digest/);
		expect(error?.description).toMatch(/another credential/);
		expect(srv.requests).toEqual([]);
	});

	test('no plan given is an error; a plan without changes applies nothing', async () => {
		const none = await apply([{ email: 'someone' }]);
		expect(none.error?.message).toBe('No plan was given');
		const ensured = await access('ensure', { email: 'admin@example.com', roles: ['admin'], options: { dryRun: true } });
		expect(ensured.output[0].json).toMatchObject({ action: 'unchanged', plan: [] });
		srv.resetRequests();
		const nothing = await apply(ensured.output.map((item) => item.json));
		expect(nothing.error).toBeUndefined();
		expect(nothing.output.map((item) => item.json.result)).toEqual(['nothing to apply']);
		expect(srv.requests).toEqual([]);
	});

	test('a Sync plan above its Max Removals is refused at Apply too', async () => {
		const plan = await syncPlan({ maxRemovals: 0 });
		expect(plan.every((item) => item.wouldApply === false)).toBe(true);
		const { error } = await apply(plan);
		expect(error?.message).toMatch(/removes 1 members or invites, more than its Max Removals \(0\): nothing was changed/);
		expect(writes()).toEqual([]);
	});

	test('the plan as a value (Plan Source: Value), e.g. the planning step\'s items after an approval step', async () => {
		const plan = await syncPlan();
		const { output, error } = await access('applyPlan', { source: 'value', planValue: plan.map((json) => ({ json })) }, [{ approved: true }]);
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.result)).toEqual(['applied', 'applied', 'applied']);
	});

	test('Revoke every project with Delete API Keys, planned then applied: removed everywhere, keys deleted once', async () => {
		const planned = await access('revoke', { scope: 'everyProject', email: MIXED_EMAIL, options: { deleteApiKeys: true, dryRun: true } });
		expect(planned.error).toBeUndefined();
		const item = planned.output[0].json;
		expect(item).toMatchObject({ action: 'removed', dryRun: true, applied: false });
		expect((item.plan as IDataObject[]).map((line) => [line.line, (line.change as IDataObject).projectId, (line.change as IDataObject).deleteApiKeys ?? false])).toEqual([
			[1, MARKETING, true],
			[2, RESEARCH, false],
			[3, SANDBOX, false],
		]);
		expect(writes()).toEqual([]);
		srv.resetRequests();
		const { output, error } = await apply([item]);
		expect(error).toBeUndefined();
		expect(output.map((entry) => [entry.json.project, entry.json.result, entry.json.keysDeleted])).toEqual([
			[MARKETING, 'applied', 1],
			[RESEARCH, 'applied', undefined],
			[SANDBOX, 'applied', undefined],
		]);
		for (const project of [MARKETING, RESEARCH, SANDBOX]) expect(srv.state.memberships[project][MIXED_USER_ID]).toBeUndefined();
		expect(Object.values(srv.state.keys).some((key) => key.user_id === MIXED_USER_ID)).toBe(false);
	});
});

test('Revoke every project: the line that was to delete the API keys no longer holds, so the next applied removal of that user deletes them', async () => {
	const planned = await access('revoke', { scope: 'everyProject', email: MIXED_EMAIL, options: { deleteApiKeys: true, dryRun: true } });
	// meanwhile the leaver left Marketing (the line with the keys) on their own
	delete srv.state.memberships[MARKETING][MIXED_USER_ID];
	srv.resetRequests();
	const { output, error } = await apply([planned.output[0].json]);
	expect(error).toBeUndefined();
	expect(output.map((entry) => [entry.json.project, entry.json.result, entry.json.keysDeleted])).toEqual([
		[MARKETING, 'skipped', undefined],
		[RESEARCH, 'applied', 1],
		[SANDBOX, 'applied', undefined],
	]);
	expect(Object.values(srv.state.keys).some((key) => key.user_id === MIXED_USER_ID)).toBe(false);
});

test('when no removal of the user still holds, the item says their API keys are kept', async () => {
	const planned = await access('revoke', { email: MIXED_EMAIL, project: { __rl: true, mode: 'id', value: MARKETING }, options: { deleteApiKeys: true, dryRun: true } });
	srv.addMember(MARKETING, MIXED_USER_ID, ['viewer']);
	srv.resetRequests();
	const { output } = await apply([planned.output[0].json]);
	expect(output[0].json).toMatchObject({ result: 'skipped', keysNotDeleted: expect.stringMatching(/API keys this plan was to delete are kept/) });
	expect(writes()).toEqual([]);
});

describe("the API key's own user is kept unless the option allows it", () => {
	test('Revoke of the key\'s own user: kept, 0 writes; with the option: removed', async () => {
		const kept = await access('revoke', { email: 'admin@example.com', options: { deleteApiKeys: true } }, undefined, ADMIN_KEY);
		expect(kept.error).toBeUndefined();
		expect(kept.output[0].json).toMatchObject({ action: 'kept', userId: ADMIN_USER_ID, kept: expect.stringMatching(/own user: not removed/) });
		expect(writes()).toEqual([]);
		const removed = await access('revoke', { email: 'admin@example.com', options: { includeOwnUser: true } });
		expect(removed.output[0].json).toMatchObject({ action: 'removed', userId: ADMIN_USER_ID });
		expect(writes()).toEqual([`POST /latest/auth/users/${ADMIN_USER_ID}/delete`]);
	});

	test('Revoke every project of the key\'s own user: kept in each, keys kept', async () => {
		const { output, error } = await access('revoke', { scope: 'everyProject', email: 'admin@example.com', options: { deleteApiKeys: true } });
		expect(error).toBeUndefined();
		// kept in the four projects where the key's user is a member; the fifth refuses the key (not Admin there)
		expect(output[0].json).toMatchObject({ action: 'notChecked', keysDeleted: 0, projectsNotChecked: 1 });
		expect((output[0].json.projects as IDataObject[]).map((line) => line.action)).toEqual(['kept', 'kept', 'kept', 'kept', 'notChecked']);
		expect(writes()).toEqual([]);
	});

	test('Ensure of the key\'s own user with other roles: kept as is, 0 writes; with the option: updated', async () => {
		const kept = await access('ensure', { email: 'admin@example.com', roles: ['viewer'] });
		expect(kept.error).toBeUndefined();
		expect(kept.output[0].json).toMatchObject({ action: 'unchanged', roles: ['admin'], kept: expect.stringMatching(/own user: not changed/) });
		expect(writes()).toEqual([]);
		const changed = await access('ensure', { email: 'admin@example.com', roles: ['viewer'], options: { includeOwnUser: true } });
		expect(changed.output[0].json).toMatchObject({ action: 'updated', roles: ['viewer'] });
		expect(writes()).toEqual([`POST /latest/auth/users/${ADMIN_USER_ID}/update`]);
	});

	test('someone else is found: one lookup of who the key is; nobody found: none', async () => {
		await access('revoke', { email: 'viewer@example.com' });
		expect(srv.requests.filter((request) => request.path === '/latest/auth/info')).toHaveLength(1);
		srv.resetRequests();
		await access('revoke', { email: 'nobody@example.com' });
		expect(srv.requests.filter((request) => request.path === '/latest/auth/info')).toHaveLength(0);
	});
});

describe('the canvas says what a step that changes access does when run', () => {
	// the subtitle is an n8n expression over the node's parameters: evaluated here as the editor does
	const subtitle = String(new Governance().description.subtitle);
	const body = /^=\{\{([\s\S]*)\}\}$/.exec(subtitle)?.[1] ?? '';
	// eslint-disable-next-line @typescript-eslint/no-implied-eval
	const shown = (parameters: IDataObject) => (new Function('$parameter', `return (${body});`) as (p: IDataObject) => string)(parameters);

	test.each([
		[{ resource: 'access', operation: 'sync', options: {} }, 'sync: access (applies; plans as a tool)'],
		[{ resource: 'access', operation: 'sync', options: { dryRun: 'auto' } }, 'sync: access (applies; plans as a tool)'],
		[{ resource: 'access', operation: 'revoke', options: { dryRun: true } }, 'revoke: access (plan only)'],
		[{ resource: 'access', operation: 'ensure', options: { dryRun: false } }, 'ensure: access (applies)'],
		[{ resource: 'access', operation: 'applyPlan', options: {} }, 'applyPlan: access'],
		[{ resource: 'access', operation: 'review' }, 'review: access'],
		[{ resource: 'user', operation: 'remove' }, 'remove: user'],
	])('%j: "%s"', (parameters, expected) => {
		expect(shown(parameters)).toBe(expected);
	});
});
