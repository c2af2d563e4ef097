import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer, RecordedRequest } from './harness';
import {
	ADMIN_KEY,
	ADMIN_USER_ID,
	MIXED_EMAIL,
	MIXED_USER_ID,
	NO_ADMIN_PROJECT_ID,
	PENDING_INVITE_CODE,
	PROJECT_ID,
	VIEWER_USER_ID,
	byId,
	runGovernance,
	startServer,
} from './harness';

// Governance at organization scale: one credential acts in any project its key reaches, emails
// match without case against the strict server's case-sensitive search, revoke everywhere, sync
// and review.

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const MARKETING = 'proj-e2e-0002';
const RESEARCH = 'proj-e2e-0003';
const SANDBOX = 'proj-e2e-0004';
const EDITOR = { items: { serviceDefault: { actions: { 'role:editor': true } } } };
const VIEWER = { items: { serviceDefault: { actions: { 'role:viewer': true } } } };

const isWrite = (request: RecordedRequest) => request.method !== 'GET' && !request.path.endsWith('/list');
const writes = () => srv.requests.filter(isWrite);
const projectOf = (request: RecordedRequest) => /^Bearer ([^:]+):/.exec(request.headers.authorization)?.[1] ?? /^([^:\s]+):/.exec(request.headers.authorization)?.[1];

describe('the Project parameter', () => {
	test('By ID: every call names that project in the Authorization header; the project header never reaches the platform', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'getAll', project: byId(MARKETING), returnAll: true, filters: {} },
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json._id).sort()).toEqual([ADMIN_USER_ID, MIXED_USER_ID]);
		expect(srv.requests).toHaveLength(1);
		expect(srv.requests[0].headers.authorization).toBe(`Bearer ${MARKETING}:${ADMIN_KEY}`);
		expect(Object.keys(srv.requests[0].headers).filter((name) => name.includes('governance'))).toEqual([]);
	});

	test('a saved workflow without the parameter acts in the credential\'s project, exactly as before', async () => {
		const { output } = await runGovernance(srv, { parameters: { resource: 'user', operation: 'getAll', returnAll: true, filters: {} } });
		expect(output.map((item) => item.json._id).sort()).toEqual([ADMIN_USER_ID, VIEWER_USER_ID]);
		expect(srv.requests[0].headers.authorization).toBe(`Bearer ${PROJECT_ID}:${ADMIN_KEY}`);
	});

	test('From List: the projects the key reaches, searchable; the role update keeps its form without Bearer', async () => {
		const { output } = await runGovernance(srv, {
			parameters: {
				resource: 'user',
				operation: 'updateRole',
				project: { __rl: true, mode: 'list', value: RESEARCH, cachedResultName: 'Research' },
				userId: byId(MIXED_USER_ID),
				roles: ['editor'],
				options: { overwrite: true },
			},
		});
		expect(output[0].json).toMatchObject({ success: true, user_id: MIXED_USER_ID });
		expect(srv.requests[0].headers.authorization).toBe(`${RESEARCH}:${ADMIN_KEY}`);
		expect(srv.state.memberships[RESEARCH][MIXED_USER_ID]).toEqual(EDITOR);
	});

	test.each([
		['a colon', 'proj:1', 'Project is not a valid project ID: "proj:1"'],
		['a space', 'proj 1', 'Project is not a valid project ID: "proj 1"'],
		['a slash', 'proj/1', 'Project is not a valid project ID: "proj/1"'],
		['nothing', '', 'Project is empty'],
	])('a project ID with %s (from an expression or an AI agent) is refused before any request', async (_name, value, message) => {
		const { error } = await runGovernance(srv, {
			parameters: {
				resource: 'invite',
				operation: 'create',
				project: byId(`={{ ${JSON.stringify(value)} }}`),
				email: 'x@acme.test',
				roles: ['viewer'],
				options: {},
			},
		});
		expect(error?.message).toBe(message);
		expect(srv.requests).toHaveLength(0);
	});

	test('typed into By ID, such an ID is already a parameter issue in n8n (the mode\'s validation)', async () => {
		await expect(
			runGovernance(srv, {
				parameters: { resource: 'invite', operation: 'create', project: byId('proj:1'), email: 'x@acme.test', roles: ['viewer'], options: {} },
			}),
		).rejects.toThrow(/workflow has issues/);
		expect(srv.requests).toHaveLength(0);
	});

	test('a project the key does not reach: the platform\'s refusal names the project, nothing is written', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'ensure', project: byId('proj-unknown'), email: 'x@acme.test', roles: ['viewer'], options: {} },
		});
		expect(error?.message).toMatch(/Unknown project|no access/i);
		expect(error?.description).toContain('proj-unknown');
		expect(writes()).toHaveLength(0);
	});
});

describe('emails match without case (the platform\'s search is case-sensitive)', () => {
	const lower = MIXED_EMAIL.toLowerCase();

	test('Revoke removes a member stored as Mixed.Case@… given the address in lower case', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'revoke', project: byId(MARKETING), email: lower, options: {} },
		});
		expect(output[0].json).toEqual({ email: lower, action: 'removed', userId: MIXED_USER_ID, keysDeleted: 0 });
		expect(srv.state.memberships[MARKETING][MIXED_USER_ID]).toBeUndefined();
		// The search as typed found nobody; the whole member list then did.
		const lists = srv.requests.filter((request) => request.path === '/latest/auth/users/list').map((request) => JSON.parse(request.body ?? '{}'));
		expect(lists[0].user_filters).toEqual({ email_search: lower });
		expect(lists[1].user_filters).toBeUndefined();
	});

	test('Ensure updates that member (no invite for someone already in the project)', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'ensure', project: byId(MARKETING), email: 'MIXED.CASE@ACME.TEST', roles: ['viewer'], options: {} },
		});
		expect(output[0].json).toMatchObject({ action: 'updated', userId: MIXED_USER_ID, roles: ['viewer'] });
		expect(writes().map((request) => request.path)).toEqual([`/latest/auth/users/${MIXED_USER_ID}/update`]);
		expect(srv.state.memberships[MARKETING][MIXED_USER_ID]).toEqual(VIEWER);
	});

	test('someone in no project is notFound only after every member was compared', async () => {
		srv.addUsers(150, 'many');
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'revoke', email: 'nobody@acme.test', options: {} },
		});
		expect(output[0].json.action).toBe('notFound');
		const unfiltered = srv.requests.filter((request) => request.path === '/latest/auth/users/list' && !JSON.parse(request.body ?? '{}').user_filters);
		expect(unfiltered).toHaveLength(2); // 152 members, pages of 100
		expect(writes()).toHaveLength(0);
	});
});

describe('access → revoke with Scope "Every Project"', () => {
	const revokeEverywhere = (email: string, options: IDataObject = {}) =>
		runGovernance(srv, { parameters: { resource: 'access', operation: 'revoke', scope: 'everyProject', email, options } });

	test('a person in 3 of 4 projects: one item, 3 cleaned, the 4th notFound; requests = 1 projects list + lookups + writes', async () => {
		srv.removeProject(NO_ADMIN_PROJECT_ID);
		const { output, error } = await revokeEverywhere('mixed.case@acme.test', { deleteApiKeys: true });
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			email: 'mixed.case@acme.test',
			scope: 'everyProject',
			action: 'removed',
			complete: true,
			userId: MIXED_USER_ID,
			keysDeleted: 1,
			projectsChecked: 4,
			projectsNotChecked: 0,
		});
		expect((output[0].json.projects as IDataObject[]).map((line) => [line.projectId, line.action])).toEqual([
			[PROJECT_ID, 'notFound'],
			[MARKETING, 'removed'],
			[RESEARCH, 'removed'],
			[SANDBOX, 'removed'],
		]);
		for (const project of [MARKETING, RESEARCH, SANDBOX]) expect(srv.state.memberships[project][MIXED_USER_ID]).toBeUndefined();
		expect(Object.values(srv.state.keys).some((key) => key.user_id === MIXED_USER_ID)).toBe(false);

		const projectLists = srv.requests.filter((request) => request.path === '/latest/projects/list');
		expect(projectLists).toHaveLength(1);
		// Per project: the search (+ the full list where the search finds nobody), the invites, the writes.
		const perProject = (id: string) => srv.requests.filter((request) => request.path !== '/latest/projects/list' && projectOf(request) === id).map((request) => request.path);
		expect(perProject(PROJECT_ID)).toEqual(['/latest/auth/users/list', '/latest/auth/users/list', '/latest/auth/invite/list']);
		expect(perProject(MARKETING)).toEqual([
			'/latest/auth/users/list',
			'/latest/auth/users/list',
			'/latest/auth/invite/list',
			`/latest/auth/users/${MIXED_USER_ID}/keys/list`,
			`/latest/auth/users/${MIXED_USER_ID}/keys/delete`,
			`/latest/auth/users/${MIXED_USER_ID}/delete`,
		]);
		expect(perProject(RESEARCH).filter((path) => !path.endsWith('/list'))).toEqual([`/latest/auth/users/${MIXED_USER_ID}/delete`]);
		expect(srv.requests).toHaveLength(1 + 3 + 6 + 4 + 4);
	});

	test('a project where the key lacks Admin is reported, the others are cleaned, and the result is not notFound', async () => {
		const { output, error } = await revokeEverywhere('pending.person@acme.test');
		expect(error).toBeUndefined();
		const lines = output[0].json.projects as IDataObject[];
		expect(lines.find((line) => line.projectId === RESEARCH)).toMatchObject({ action: 'uninvited', inviteIds: [PENDING_INVITE_CODE] });
		const refused = lines.find((line) => line.projectId === NO_ADMIN_PROJECT_ID);
		expect(refused).toMatchObject({ action: 'notChecked' });
		expect(String(refused?.error)).toMatch(/Admin/);
		expect(output[0].json).toMatchObject({ action: 'uninvited', complete: false, projectsNotChecked: 1 });
		expect(srv.state.invites[PENDING_INVITE_CODE]).toBeUndefined();

		const again = await revokeEverywhere('Pending.Person@acme.test');
		expect(again.output[0].json).toMatchObject({ action: 'notChecked', complete: false });
	});

	test('a server error stops it and says what was done and what is left', async () => {
		srv.failNext({ method: 'POST', path: '/latest/auth/invite/list', status: 500, times: 1 });
		srv.resetRequests();
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'revoke', scope: 'everyProject', email: 'mixed.case@acme.test', options: {} },
		});
		expect(error?.description).toMatch(/stopped in project E2E project/);
		expect(error?.description).toMatch(/Not yet checked: Marketing, Research/);
		expect(srv.state.memberships[MARKETING][MIXED_USER_ID]).toBeDefined();
	});
});

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
});

describe('access → review', () => {
	const review = (parameters: IDataObject) =>
		runGovernance(srv, { parameters: { resource: 'access', operation: 'review', returnAll: true, options: {}, ...parameters } });

	test('four projects: one item per person per project, exactly the server\'s state', async () => {
		const { output, error } = await review({ scope: 'projects', projectIds: [PROJECT_ID, MARKETING, RESEARCH, SANDBOX], options: { includeApiKeys: true } });
		expect(error).toBeUndefined();
		const lines = output.map((item) => item.json);
		const expected: string[] = [];
		for (const project of [PROJECT_ID, MARKETING, RESEARCH, SANDBOX]) {
			for (const userId of Object.keys(srv.state.memberships[project])) expected.push(`${project} member ${String(srv.state.users[userId].email)}`);
			for (const invite of Object.values(srv.state.invites).filter((entry) => entry.project === project)) expected.push(`${project} pending ${String(invite.email)}`);
		}
		expect(lines.map((line) => `${line.project} ${line.state} ${line.email}`)).toEqual(expected);
		expect(lines.find((line) => line.project === RESEARCH && line.state === 'pending')).toMatchObject({
			projectName: 'Research',
			email: 'Pending.Person@acme.test',
			roles: ['editor'],
			inviteCode: PENDING_INVITE_CODE,
		});
		expect(lines.find((line) => line.project === MARKETING && line.userId === MIXED_USER_ID)).toMatchObject({
			email: MIXED_EMAIL,
			roles: ['editor'],
			apiKeyCount: 1,
			apiKeyLabels: ['laptop'],
		});
		expect(JSON.stringify(lines)).not.toMatch(/sk-/);
		// Keys are read once per user, however many projects they are in.
		expect(srv.requests.filter((request) => request.path === `/latest/auth/users/${MIXED_USER_ID}/keys/list`)).toHaveLength(1);
		expect(writes()).toHaveLength(0);
	});

	test('every project: a project without Admin is a notReadable line, not a failure; Limit stops the reading', async () => {
		const { output } = await review({ scope: 'everyProject' });
		expect(output.find((item) => item.json.project === NO_ADMIN_PROJECT_ID && item.json.state === 'notReadable')).toBeDefined();

		srv.resetRequests();
		const limited = await review({ scope: 'everyProject', returnAll: false, limit: 3 });
		expect(limited.output).toHaveLength(3);
		expect(srv.requests.map((request) => request.path)).toEqual(['/latest/projects/list', '/latest/auth/users/list', '/latest/auth/invite/list', '/latest/auth/users/list']);
	});

	test('with Include API Keys in a project whose keys the key may not read: every member is still listed, the refusal noted once', async () => {
		const { output, error } = await review({ scope: 'project', project: byId(NO_ADMIN_PROJECT_ID), options: { includeApiKeys: true } });
		expect(error).toBeUndefined();
		const members = output.filter((item) => item.json.state === 'member').map((item) => item.json);
		expect(members.map((line) => line.userId).sort()).toEqual(Object.keys(srv.state.memberships[NO_ADMIN_PROJECT_ID]).sort());
		for (const line of members) {
			expect(line.apiKeyCount).toBeUndefined();
			expect(String(line.apiKeysNotReadable)).toMatch(/Admin/);
		}
		expect(output.at(-1)?.json).toMatchObject({ state: 'notReadable', reading: 'invites' });
		expect(srv.requests.filter((request) => request.path.endsWith('/keys/list'))).toHaveLength(1);
	});

	test('an unknown project is refused before reading members', async () => {
		const { error } = await review({ scope: 'projects', projectIds: 'proj-nowhere' });
		expect(error?.message).toBe('Project "proj-nowhere" is not among the projects the key reaches');
		expect(srv.requests.map((request) => request.path)).toEqual(['/latest/projects/list']);
	});
});

describe('organization roles and info', () => {
	test('User → Update Organization Role sends {admin, role} as the OpenAPI copy describes', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: {
				resource: 'user',
				operation: 'updateOrganizationRole',
				organizationId: byId('org-e2e-0001'),
				userId: byId(MIXED_USER_ID),
				admin: false,
				options: { role: 'viewer' },
			},
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ success: true, organization_id: 'org-e2e-0001', user_id: MIXED_USER_ID, admin: false, role: 'viewer' });
		expect(srv.requests[0].path).toBe(`/latest/auth/organization/org-e2e-0001/user/${MIXED_USER_ID}/update`);
		expect(JSON.parse(srv.requests[0].body ?? '')).toEqual({ admin: false, role: 'viewer' });
	});

	test('role admin with Organization Admin off is a contradiction refused before any request', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'updateOrganizationRole', organizationId: byId('org-e2e-0001'), userId: byId(MIXED_USER_ID), admin: false, options: { role: 'admin' } },
		});
		expect(error?.message).toBe('Role admin needs Organization Admin on');
		expect(srv.requests).toHaveLength(0);
	});

	test('an unknown organization role is refused before any request', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'updateOrganizationRole', organizationId: byId('org-e2e-0001'), userId: byId(MIXED_USER_ID), admin: false, options: { role: 'owner' } },
		});
		expect(error?.message).toBe('Unknown value for Role: "owner"');
		expect(srv.requests).toHaveLength(0);
	});

	test('Project → Get Organization Info reads the chosen project\'s organization', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'project', operation: 'getOrganizationInfo', project: byId(SANDBOX) },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ project_id: SANDBOX, concurrency: expect.any(Object) });
		expect(srv.requests[0]).toMatchObject({ method: 'GET', path: '/latest/projects/organization_info' });
		expect(srv.requests[0].headers.authorization).toBe(`Bearer ${SANDBOX}:${ADMIN_KEY}`);
	});
});
