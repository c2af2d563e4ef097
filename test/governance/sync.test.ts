import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import { ADMIN_KEY, ADMIN_USER_ID, PROJECT_ID, VIEWER_USER_ID, runGovernance, startServer } from './harness';
import { EDITOR, MARKETING, RESEARCH, VIEWER, isWrite } from './orgKit';

// Access → Sync: the input items are the roster each project it names is made to match (plan,
// Dry Run, Max Removals, protected admins, several projects), bad rosters refused before any
// request.

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const writes = () => srv.requests.filter(isWrite);

const roster = (entries: Array<[string, string | string[], string?]>) =>
	entries.map(([email, roles, project]) => ({ email, roles, ...(project ? { project } : {}) }));
const sync = (items: IDataObject[], options: IDataObject = {}, extra: IDataObject = {}) =>
	runGovernance(srv, { parameters: { resource: 'access', operation: 'sync', options, ...extra }, items });

describe('access → sync', () => {
	/** Project 1 holding 50 members: user-admin (the key), user-viewer and 48 bulk ones. */
	function fiftyMembers() {
		srv.addUsers(48, 'crew');
		return [
			{ email: 'admin@example.com', roles: ['admin'] },
			{ email: 'viewer@example.com', roles: 'viewer' },
			...Array.from({ length: 48 }, (_, i) => ({ email: `CREW-${String(i).padStart(4, '0')}@example.com`, roles: 'viewer' })),
		];
	}

	test('a 50-person roster the project already matches: all unchanged, 0 writes, list requests only', async () => {
		const { output, error } = await sync(fiftyMembers());
		expect(error).toBeUndefined();
		expect(output).toHaveLength(50);
		expect(output.every((item) => item.json.action === 'unchanged')).toBe(true);
		expect(writes()).toHaveLength(0);
		expect(srv.requests.map((request) => request.path).sort()).toEqual([
			'/latest/auth/info',
			'/latest/auth/invite/list',
			'/latest/auth/users/list',
			'/latest/projects/list',
		]);
		expect(output[2].pairedItem).toEqual([{ item: 2 }]);
	});

	test.each([
		['Mode not added', {}],
		['Mode added at its shown default, Automatic', { dryRun: 'auto' }],
		['Mode: Apply (false)', { dryRun: false }],
	])('in a workflow (not a tool), %s applies the plan', async (_name, options) => {
		const { output, error } = await sync(roster([['admin@example.com', 'admin'], ['new.hire@acme.test', 'editor']]), options);
		expect(error).toBeUndefined();
		expect(output.find((item) => item.json.email === 'new.hire@acme.test')?.json).toMatchObject({ action: 'invite', dryRun: false, applied: true });
		expect(writes().length).toBeGreaterThan(0);
	});

	test('Mode: Plan Only as text from an expression ("true") plans; an unknown Mode is refused before any request', async () => {
		const planned = await sync(roster([['admin@example.com', 'admin'], ['new.hire@acme.test', 'editor']]), { dryRun: 'true' });
		expect(planned.error).toBeUndefined();
		expect(planned.output.every((item) => item.json.dryRun === true)).toBe(true);
		expect(writes()).toHaveLength(0);
		srv.resetRequests();
		const refused = await sync(roster([['admin@example.com', 'admin']]), { dryRun: 'maybe' });
		expect(refused.error?.message).toBe('Mode must be Automatic, true or false');
		expect(srv.requests).toHaveLength(0);
	});

	test('plan, apply, then the same roster again is all unchanged with no write', async () => {
		srv.addInvite(PROJECT_ID, 'stale@acme.test', ['editor']);
		const items = roster([
			['admin@example.com', 'admin'],
			['Viewer@Example.com', 'editor'],
			['member@example.com', 'viewer'],
			['new.hire@acme.test', ['editor', 'viewer']],
		]);
		const dry = await sync(items, { dryRun: true });
		expect(dry.output.map((item) => `${item.json.action} ${item.json.email}`)).toEqual([
			'unchanged admin@example.com',
			'update Viewer@Example.com',
			'invite member@example.com',
			'invite new.hire@acme.test',
			'revoke stale@acme.test',
		]);
		expect(dry.output[1].json).toMatchObject({ project: PROJECT_ID, projectName: 'E2E project', fromRoles: ['viewer'], toRoles: ['editor'], dryRun: true, applied: false });
		expect(writes()).toHaveLength(0);

		const applied = await sync(items);
		expect(applied.output.map((item) => item.json.applied)).toEqual([false, true, true, true, true]);
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toEqual(EDITOR);
		expect(srv.state.memberships[PROJECT_ID]['user-member']).toEqual(VIEWER);
		expect(Object.values(srv.state.invites).map((invite) => invite.email)).toContain('new.hire@acme.test');
		expect(Object.values(srv.state.invites).map((invite) => invite.email)).not.toContain('stale@acme.test');

		srv.resetRequests();
		const again = await sync(items);
		expect(again.output.every((item) => item.json.action === 'unchanged')).toBe(true);
		expect(writes()).toHaveLength(0);
	});

	test('Max Removals: a roster that would remove 6 with the default 5 writes nothing and names them', async () => {
		srv.addUsers(6, 'gone');
		const { error } = await sync(roster([['admin@example.com', 'admin'], ['viewer@example.com', 'viewer']]));
		expect(error?.message).toBe('The sync would remove 6 members or invites, more than Max Removals (5): nothing was changed');
		expect(error?.description).toMatch(/gone-0000@example.com/);
		expect(writes()).toHaveLength(0);

		const dry = await sync(roster([['admin@example.com', 'admin'], ['viewer@example.com', 'viewer']]), { dryRun: true });
		expect(dry.output.filter((item) => item.json.action === 'revoke')).toHaveLength(6);
		// An approver sees that applying this plan would stop at the brake.
		for (const item of dry.output) expect(item.json).toMatchObject({ plannedRemovals: 6, maxRemovals: 5, wouldApply: false });
		expect(writes()).toHaveLength(0);

		const allowed = await sync(roster([['admin@example.com', 'admin'], ['viewer@example.com', 'viewer']]), { maxRemovals: 6 });
		expect(allowed.error).toBeUndefined();
		expect(writes()).toHaveLength(6);
	});

	test('the key\'s own user and admins are protected unless Manage Admins is on', async () => {
		srv.addUser({ _id: 'other-admin', email: 'other.admin@acme.test' });
		srv.addMember(PROJECT_ID, 'other-admin', ['admin']);
		const kept = await sync(roster([['viewer@example.com', 'viewer']]));
		expect(kept.output.map((item) => `${item.json.action} ${item.json.email}`)).toEqual([
			'unchanged viewer@example.com',
			'unchanged admin@example.com',
			'unchanged other.admin@acme.test',
		]);
		expect(kept.output[1].json.reason).toMatch(/own user/);
		expect(kept.output[2].json.reason).toMatch(/Manage Admins is off/);
		expect(writes()).toHaveLength(0);

		const managed = await sync(roster([['viewer@example.com', 'viewer']]), { manageAdmins: true });
		expect(managed.output.map((item) => `${item.json.action} ${item.json.email}`)).toEqual([
			'unchanged viewer@example.com',
			'unchanged admin@example.com',
			'revoke other.admin@acme.test',
		]);
		expect(srv.state.memberships[PROJECT_ID][ADMIN_USER_ID]).toBeDefined();
		expect(srv.state.memberships[PROJECT_ID]['other-admin']).toBeUndefined();
	});

	test('a roster over several projects (Project field) syncs each project it names, and matches mixed-case members', async () => {
		const { output, error } = await sync(
			roster([
				['admin@example.com', 'admin', MARKETING],
				['mixed.case@acme.test', 'editor', MARKETING],
				['admin@example.com', 'admin', RESEARCH],
				['MIXED.CASE@acme.test', 'viewer', RESEARCH],
				['pending.person@acme.test', 'editor', RESEARCH],
			]),
		);
		expect(error).toBeUndefined();
		expect(output.map((item) => `${item.json.project} ${item.json.action} ${item.json.email}`)).toEqual([
			`${MARKETING} unchanged admin@example.com`,
			`${MARKETING} unchanged mixed.case@acme.test`,
			`${RESEARCH} unchanged admin@example.com`,
			`${RESEARCH} unchanged MIXED.CASE@acme.test`,
			`${RESEARCH} unchanged pending.person@acme.test`,
		]);
		expect(writes()).toHaveLength(0);
	});

	test('no input items: n8n does not run the node, so nothing is read or changed', async () => {
		const { output, error } = await sync([]);
		expect(error).toBeUndefined();
		expect(output).toEqual([]);
		expect(srv.requests).toHaveLength(0);
	});

	test.each([
		['an empty roster (one empty item, as Always Output Data hands over)', [{}], /The roster is empty/],
		['an item without email', [{ name: 'No Mail', roles: 'viewer' }], /Item 0 has no email in field "email"/],
		['not an email', [{ email: 'not-an-email', roles: 'viewer' }], /not a valid email address/],
		['an unknown role', [{ email: 'a@acme.test', roles: 'owner' }], /Unknown value for Roles of a@acme.test/],
		['no roles', [{ email: 'a@acme.test', roles: '' }], /Choose at least one value for Roles of a@acme.test/],
		[
			'the same email twice with different roles',
			[{ email: 'a@acme.test', roles: 'viewer' }, { email: 'A@ACME.test', roles: 'editor' }],
			/A@ACME.test is in the roster twice with different roles/,
		],
	])('%s is a clear error before any request', async (_name, items, message) => {
		const { error } = await sync(items as IDataObject[]);
		expect(error?.message).toMatch(message);
		expect(srv.requests).toHaveLength(0);
	});

	test('an unknown project in the roster is an error before any write', async () => {
		const { error } = await sync(roster([['a@acme.test', 'viewer', 'proj-nowhere']]));
		expect(error?.message).toBe('Project "proj-nowhere" is not among the projects the key reaches');
		expect(srv.requests.map((request) => request.path)).toEqual(['/latest/projects/list']);
	});

	test('field names are chosen in parameters (dotted paths too)', async () => {
		const { output } = await sync(
			[{ person: { mail: 'viewer@example.com' }, access: 'viewer' }, { person: { mail: 'admin@example.com' }, access: ['admin'] }],
			{ dryRun: true },
			{ emailField: 'person.mail', rolesField: 'access', projectField: '' },
		);
		expect(output.map((item) => item.json.action)).toEqual(['unchanged', 'unchanged']);
	});

	test('Execute Once would hand over only the first person: refused before any request', async () => {
		const { runNode } = await import('../helpers/runWorkflow');
		const { Governance } = await import('../../nodes/Governance/Governance.node');
		const { GovernanceApi } = await import('../../credentials/GovernanceApi.credentials');
		const result = await runNode({
			node: new Governance(),
			parameters: { resource: 'access', operation: 'sync', options: {} },
			items: roster([['admin@example.com', 'admin'], ['viewer@example.com', 'viewer']]),
			nodeSettings: { executeOnce: true },
			credentialTypes: [new GovernanceApi()],
			credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: PROJECT_ID, apiKey: ADMIN_KEY } },
		});
		expect(result.error?.message).toBe('Sync cannot run with Execute Once: it would see only the first person of the roster');
		expect(srv.requests).toHaveLength(0);
	});

	test('a reinvite keeps the address as the platform stores it', async () => {
		const { output } = await sync(roster([['admin@example.com', 'admin'], ['viewer@example.com', 'viewer'], ['pending.person@acme.test', 'viewer', RESEARCH], ['admin@example.com', 'admin', RESEARCH], ['Mixed.Case@acme.test', 'viewer', RESEARCH]]));
		expect(output.find((item) => item.json.email === 'pending.person@acme.test')?.json.action).toBe('reinvite');
		expect(Object.values(srv.state.invites).filter((invite) => invite.project === RESEARCH).map((invite) => invite.email)).toEqual(['Pending.Person@acme.test']);
	});

	test('Continue On Fail: one error item paired with every roster item', async () => {
		const result = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'sync', options: {} },
			items: [{ email: 'a@acme.test', roles: 'viewer' }, { email: 'bad', roles: 'viewer' }],
			continueOnFail: true,
		});
		expect(result.output).toHaveLength(1);
		expect(result.output[0].json.error).toMatch(/not a valid email/);
		expect(result.output[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('a write failing midway: the error names what was applied and every change not applied (email, project, change) with their count', async () => {
		srv.addInvite(MARKETING, 'stale@acme.test', ['viewer']);
		const items = roster([
			['admin@example.com', 'admin'],
			['viewer@example.com', 'editor'],
			['new.one@acme.test', 'viewer'],
			['new.two@acme.test', 'editor'],
			['admin@example.com', 'admin', MARKETING],
			['mixed.case@acme.test', 'viewer', MARKETING],
			['dave@acme.test', 'viewer', MARKETING],
		]);
		// The first invite of the plan fails (after the update before it was applied).
		srv.failNext({ method: 'POST', path: '/latest/auth/invite/create', status: 500, body: { message: 'mail service down' } });
		const { error } = await sync(items);
		expect(error?.message).toBe('mail service down (HTTP 500)');
		const left = [
			`invite new.one@acme.test (${PROJECT_ID})`,
			`invite new.two@acme.test (${PROJECT_ID})`,
			`update mixed.case@acme.test (${MARKETING})`,
			`invite dave@acme.test (${MARKETING})`,
			`revoke stale@acme.test (${MARKETING})`,
		];
		expect(error?.description).toContain(
			[
				`The sync stopped at invite of new.one@acme.test (${PROJECT_ID}).`,
				`Done before: 1 change: update viewer@example.com (${PROJECT_ID}).`,
				`Left: 5 changes, the one it stopped at and 4 after it: ${left.join(', ')}.`,
				'Running the step again finishes the job: it reads the access left and makes only the changes left.',
			].join(' '),
		);
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toEqual(EDITOR);

		// What the error names as not applied is exactly what is left to do: the plan from the state now.
		const dry = await sync(items, { dryRun: true });
		const planned = dry.output.filter((item) => item.json.action !== 'unchanged').map((item) => `${item.json.action} ${item.json.email} (${item.json.project})`);
		expect(planned).toEqual(left);
	});
});
