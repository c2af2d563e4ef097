import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import { ADMIN_USER_ID, MIXED_EMAIL, MIXED_USER_ID, PENDING_INVITE_CODE, PROJECT_ID, VIEWER_USER_ID, runGovernance, startServer } from './harness';
import { MARKETING, RESEARCH, SANDBOX, isWrite } from './orgKit';

// Access → Remove Grants (issue 49): all input items together are single grants to end, one
// person in one project each; planned, braked by Max Removals and summarised per grant; Plan Only
// signs lines that Access → Apply Plan applies. Nothing else is touched.

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const writes = () => srv.requests.filter(isWrite).map((request) => `${request.method} ${request.path}`);
const remove = (items: IDataObject[], options: IDataObject = {}, parameters: IDataObject = {}) =>
	runGovernance(srv, { parameters: { resource: 'access', operation: 'removeGrants', options, ...parameters }, items });
const apply = (items: IDataObject[]) => runGovernance(srv, { parameters: { resource: 'access', operation: 'applyPlan', options: { approvedBy: 'ada' } }, items });

/** What a reviewer marked Remove: viewer@ here, Max in Marketing only, Research's pending invite, someone without access, the key's own user. */
const GRANTS = [
	{ email: 'viewer@example.com', project: PROJECT_ID },
	{ email: MIXED_EMAIL.toLowerCase(), project: MARKETING },
	{ email: 'Pending.Person@acme.test', project: RESEARCH },
	{ email: 'nobody@acme.test', project: PROJECT_ID },
	{ email: 'admin@example.com', project: PROJECT_ID },
];
const EXPECTED_WRITES = [
	`POST /latest/auth/users/${VIEWER_USER_ID}/delete`,
	`POST /latest/auth/users/${MIXED_USER_ID}/delete`,
	'POST /latest/auth/invite/delete',
];

describe('access → remove grants', () => {
	test('Plan Only: one item per grant, a signed line for each removal, nothing written; the own user kept, someone without access notFound', async () => {
		const { output, error } = await remove(GRANTS, { dryRun: true });
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.email, item.json.project, item.json.action, (item.json.plan as unknown[]).length])).toEqual([
			['viewer@example.com', PROJECT_ID, 'revoke', 1],
			[MIXED_EMAIL, MARKETING, 'revoke', 1],
			['Pending.Person@acme.test', RESEARCH, 'revoke', 1],
			['nobody@acme.test', PROJECT_ID, 'notFound', 0],
			['admin@example.com', PROJECT_ID, 'kept', 0],
		]);
		expect(output[4].json.kept).toMatch(/own user/);
		expect(output.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => [{ item }]));
		expect(output[0].json).toMatchObject({ dryRun: true, applied: false, plannedRemovals: 3, maxRemovals: 5, wouldApply: true });
		expect(writes()).toEqual([]);
	});

	test('the approved plan applies exactly those grants: Max stays in his other projects and keeps his keys', async () => {
		const planned = await remove(GRANTS, { dryRun: true });
		srv.resetRequests();
		const { output, error } = await apply(planned.output.map((item) => item.json));
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.email, item.json.result, item.json.approvedBy])).toEqual([
			['viewer@example.com', 'applied', 'ada'],
			[MIXED_EMAIL, 'applied', 'ada'],
			['Pending.Person@acme.test', 'applied', 'ada'],
		]);
		expect(writes()).toEqual(EXPECTED_WRITES);
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toBeUndefined();
		expect(srv.state.memberships[MARKETING][MIXED_USER_ID]).toBeUndefined();
		expect(srv.state.memberships[RESEARCH][MIXED_USER_ID]).toBeDefined();
		expect(srv.state.memberships[SANDBOX][MIXED_USER_ID]).toBeDefined();
		expect(Object.values(srv.state.keys).some((key) => key.user_id === MIXED_USER_ID)).toBe(true);
		expect(srv.state.invites[PENDING_INVITE_CODE]).toBeUndefined();
		expect(srv.state.memberships[PROJECT_ID][ADMIN_USER_ID]).toBeDefined();

		// the same plan again: every line skipped, nothing written
		srv.resetRequests();
		const again = await apply(planned.output.map((item) => item.json));
		expect(again.output.map((item) => item.json.result)).toEqual(['skipped', 'skipped', 'skipped']);
		expect(writes()).toEqual([]);
	});

	test('Mode Apply removes at once, with the same writes; a second run finds nothing to remove', async () => {
		const { output, error } = await remove(GRANTS, { dryRun: false });
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.email, item.json.action, item.json.applied])).toEqual([
			['viewer@example.com', 'removed', true],
			[MIXED_EMAIL, 'removed', true],
			['Pending.Person@acme.test', 'uninvited', true],
			['nobody@acme.test', 'notFound', false],
			['admin@example.com', 'kept', false],
		]);
		expect(writes()).toEqual(EXPECTED_WRITES);
		srv.resetRequests();
		const again = await remove(GRANTS, { dryRun: false });
		expect(again.output.map((item) => item.json.action)).toEqual(['notFound', 'notFound', 'notFound', 'notFound', 'kept']);
		expect(writes()).toEqual([]);
	});

	test('Include the API Key\'s Own User: the own user\'s grant is planned too', async () => {
		const { output } = await remove([{ email: 'admin@example.com', project: PROJECT_ID }], { dryRun: true, includeOwnUser: true });
		expect(output.map((item) => [item.json.action, item.json.userId])).toEqual([['revoke', ADMIN_USER_ID]]);
	});

	test('Max Removals stops the whole list before any write; the plan says it would not apply and Apply Plan refuses it', async () => {
		const { error } = await remove(GRANTS, { dryRun: false, maxRemovals: 2 });
		expect(error?.message).toBe('The grants would remove 3 members or invites, more than Max Removals (2): nothing was changed');
		expect(writes()).toEqual([]);
		const planned = await remove(GRANTS, { dryRun: true, maxRemovals: 2 });
		expect(planned.output[0].json).toMatchObject({ plannedRemovals: 3, maxRemovals: 2, wouldApply: false });
		srv.resetRequests();
		const applied = await apply(planned.output.map((item) => item.json));
		expect(applied.error?.message).toMatch(/Max Removals/);
		expect(srv.requests).toEqual([]);
	});

	test('a grant named twice is one line, paired with both items', async () => {
		const { output } = await remove([GRANTS[0], { ...GRANTS[0], email: 'VIEWER@example.com' }], { dryRun: true });
		expect(output).toHaveLength(1);
		expect(output[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('a project with 5 or more grants is read once, not per person', async () => {
		const people = Array.from({ length: 8 }, (_, index) => ({ _id: `user-r${index}`, email: `r${index}@acme.test` }));
		for (const person of people) {
			srv.addUser(person);
			srv.addMember(SANDBOX, person._id, ['viewer']);
		}
		srv.resetRequests();
		const { output, error } = await remove(people.map((person) => ({ email: person.email, project: SANDBOX })), { dryRun: true });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.action)).toEqual(people.map(() => 'revoke'));
		// the projects list, the key's own user, the members and the invites of Sandbox: not 8 lookups each
		expect(srv.requests.length).toBeLessThanOrEqual(5);
	});

	test.each([
		['an item without an email', [{ project: PROJECT_ID }], 'Item 0 has no email in field "email"'],
		['an email that is none', [{ email: 'not-an-email', project: PROJECT_ID }], /Email of item 0/],
		['a project ID that cannot be one', [{ email: 'viewer@example.com', project: 'a/b' }], /is not a valid project ID/],
	])('%s: a clear error and no request at all', async (_name, items, message) => {
		const { error } = await remove(items, { dryRun: false });
		expect(error?.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
		expect(srv.requests).toEqual([]);
	});

	test('a project the key does not reach: named, and nothing read or written in any project', async () => {
		const { error } = await remove([GRANTS[0], { email: 'viewer@example.com', project: 'proj-unknown' }], { dryRun: false });
		expect(error?.message).toBe('Project "proj-unknown" is not among the projects the key reaches');
		expect(writes()).toEqual([]);
	});

	test('a failure part-way says what was done and what is left; running again finishes', async () => {
		srv.failNext({ method: 'POST', path: `/latest/auth/users/${MIXED_USER_ID}/delete`, status: 500 });
		const { error } = await remove(GRANTS, { dryRun: false });
		expect(error?.description).toMatch(/Removing the grants stopped at mixed\.case@acme\.test \(proj-e2e-0002\)\./i);
		expect(error?.description).toMatch(/Done before: 1 change: viewer@example\.com/);
		expect(error?.description).toMatch(/Left: 2 changes/);
		srv.resetRequests();
		const again = await remove(GRANTS, { dryRun: false });
		expect(again.error).toBeUndefined();
		expect(writes()).toEqual([`POST /latest/auth/users/${MIXED_USER_ID}/delete`, 'POST /latest/auth/invite/delete']);
	});
});
