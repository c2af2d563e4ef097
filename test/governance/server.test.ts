/**
 * The governance stand-in itself, over real HTTP: its seed, the mixed-case user and its seed
 * helpers. Every 200 answer is checked against the platform's output schema here too, and every
 * error has the platform's shape. Its routes for organization user permissions, organization
 * info, auth info and the project list: server.routes.test.ts.
 */
import type { GovernanceServer } from './harness';
import {
	ADMIN_KEY,
	MIXED_EMAIL,
	MIXED_KEY,
	MIXED_USER_ID,
	NO_ADMIN_PROJECT_ID,
	ORGANIZATION_ID,
	PENDING_INVITE_CODE,
	PROJECT_ID,
	PROJECT_IDS,
	SECOND_ORGANIZATION_ID,
	VIEWER_KEY,
	bearer,
	ok,
	orgUpdate,
	refused,
	useStandIn,
} from './serverKit';
import type { Json } from './serverKit';

const standIn = useStandIn();
const { call } = standIn;
let srv: GovernanceServer;
beforeEach(() => {
	srv = standIn.srv;
});

describe('the seed', () => {
	test('constants', () => {
		expect(PROJECT_ID).toBe('proj-e2e-0001');
		expect(PROJECT_IDS).toEqual(['proj-e2e-0001', 'proj-e2e-0002', 'proj-e2e-0003', 'proj-e2e-0004', 'proj-e2e-0005']);
		expect(NO_ADMIN_PROJECT_ID).toBe('proj-e2e-0005');
		expect(ORGANIZATION_ID).toBe('org-e2e-0001');
		expect(SECOND_ORGANIZATION_ID).toBe('org-e2e-0002');
		expect(MIXED_USER_ID).toBe('user-mixed');
		expect(MIXED_EMAIL).toBe('Mixed.Case@acme.test');
		expect(MIXED_KEY).toBe('sk-mixed-5a4b3c2d1e0f99887766');
		expect(PENDING_INVITE_CODE).toBe('inv-seeded-pending01');
	});

	test('organizations, projects, users, keys', () => {
		const { state } = srv;
		expect(Object.fromEntries(Object.entries(state.organizations).map(([id, org]) => [id, org.name]))).toEqual({
			[ORGANIZATION_ID]: 'E2E Org',
			[SECOND_ORGANIZATION_ID]: 'Partner Org',
		});
		const projects = Object.values(state.projects).map((p) => [p.project_id, p.name, p.organization_id]);
		expect(projects).toEqual([
			[PROJECT_ID, 'E2E project', ORGANIZATION_ID],
			['proj-e2e-0002', 'Marketing', ORGANIZATION_ID],
			['proj-e2e-0003', 'Research', ORGANIZATION_ID],
			['proj-e2e-0004', 'Sandbox', SECOND_ORGANIZATION_ID],
			['proj-e2e-0005', 'Finance', SECOND_ORGANIZATION_ID],
		]);
		for (const project of Object.values(state.projects)) expect(typeof project.description).toBe('string');
		expect(state.projects[PROJECT_ID]).toEqual({
			project_id: PROJECT_ID,
			name: 'E2E project',
			description: 'seeded',
			organization_id: ORGANIZATION_ID,
		});
		expect(Object.keys(state.users).sort()).toEqual(['user-admin', 'user-member', 'user-mixed', 'user-viewer']);
		expect(state.users[MIXED_USER_ID]).toEqual({
			_id: 'user-mixed',
			email: 'Mixed.Case@acme.test',
			first_name: 'Max',
			last_name: 'Mixed',
			type: 'user',
		});
		expect(state.keys).toEqual({
			[ADMIN_KEY]: { user_id: 'user-admin', key_id: 'key-admin' },
			[VIEWER_KEY]: { user_id: 'user-viewer', key_id: 'key-viewer' },
			[MIXED_KEY]: { user_id: 'user-mixed', key_id: 'key-mixed', label: 'laptop' },
		});
	});

	test('memberships and organization roles', () => {
		const roles = (projectId: string) =>
			Object.fromEntries(
				Object.entries(srv.state.memberships[projectId]).map(([userId, permissions]) => [
					userId,
					Object.keys((permissions as Json).items.serviceDefault.actions),
				]),
			);
		expect(roles(PROJECT_ID)).toEqual({ 'user-admin': ['admin'], 'user-viewer': ['role:viewer'] });
		expect(roles('proj-e2e-0002')).toEqual({ 'user-admin': ['admin'], 'user-mixed': ['role:editor'] });
		expect(roles('proj-e2e-0003')).toEqual({ 'user-admin': ['admin'], 'user-mixed': ['role:viewer'] });
		expect(roles('proj-e2e-0004')).toEqual({ 'user-admin': ['admin'], 'user-mixed': ['admin'] });
		expect(roles('proj-e2e-0005')).toEqual({ 'user-admin': ['role:viewer'], 'user-mixed': ['role:viewer'] });
		for (const projectId of PROJECT_IDS) expect(srv.state.memberships[projectId]['user-member']).toBeUndefined();
		expect(srv.state.organizationRoles).toEqual({
			'org-e2e-0001': { 'user-admin': 'owner', 'user-viewer': 'viewer', 'user-member': 'viewer', 'user-mixed': 'operator' },
			'org-e2e-0002': { 'user-admin': 'admin', 'user-mixed': 'viewer' },
		});
	});

	test('one pending invite, in proj-e2e-0003, listed there and only there', async () => {
		expect(Object.keys(srv.state.invites)).toEqual([PENDING_INVITE_CODE]);
		const listed = ok(
			await call('POST', '/latest/auth/invite/list', { auth: bearer('proj-e2e-0003', ADMIN_KEY), body: {} }),
			'ListProjectInvitesOutput',
		);
		expect(listed.results).toEqual([
			{
				_id: PENDING_INVITE_CODE,
				email: 'Pending.Person@acme.test',
				project: 'proj-e2e-0003',
				permissions: { items: { serviceDefault: { actions: { 'role:editor': true } } } },
				email_status: 'sent',
				email_sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
				email_attempts: 1,
				last_email_attempt_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			},
		]);
		const first = ok(await call('POST', '/latest/auth/invite/list', { auth: bearer(PROJECT_ID, ADMIN_KEY), body: {} }), 'ListProjectInvitesOutput');
		expect(first.results).toEqual([]);
	});

	test('the admin key lacks Admin in proj-e2e-0005: admin-only calls answer 403', async () => {
		const auth = bearer(NO_ADMIN_PROJECT_ID, ADMIN_KEY);
		refused(await call('POST', '/latest/auth/invite/list', { auth, body: {} }), 403);
		refused(await call('POST', '/latest/auth/invite/create', { auth, body: { email: 'x@acme.test', permissions: { items: {} } } }), 403);
		refused(await call('POST', `/latest/auth/users/${MIXED_USER_ID}/delete`, { auth, body: {} }), 403);
		refused(
			await call('POST', `/latest/auth/users/${MIXED_USER_ID}/update`, {
				auth: `${NO_ADMIN_PROJECT_ID}:${ADMIN_KEY}`,
				body: { permissions: { items: {} } },
			}),
			403,
		);
		// reading works
		ok(await call('POST', '/latest/auth/users/list', { auth, body: {} }), 'ListUsersOutput');
		expect(srv.state.memberships[NO_ADMIN_PROJECT_ID][MIXED_USER_ID]).toBeDefined();
	});
});

describe('the mixed-case user', () => {
	test('listed with its stored case; email_search is a case-sensitive substring', async () => {
		for (const projectId of PROJECT_IDS.slice(1)) {
			const list = ok(await call('POST', '/latest/auth/users/list', { auth: bearer(projectId, ADMIN_KEY), body: {} }), 'ListUsersOutput');
			expect(list.results.find((user: Json) => user._id === MIXED_USER_ID)?.email).toBe(MIXED_EMAIL);
		}
		const auth = bearer('proj-e2e-0002', ADMIN_KEY);
		const search = async (email_search: string) =>
			ok(await call('POST', '/latest/auth/users/list', { auth, body: { user_filters: { email_search } } }), 'ListUsersOutput').results.map(
				(user: Json) => user._id,
			);
		expect(await search('Mixed.Case@')).toEqual([MIXED_USER_ID]);
		expect(await search('mixed.case@')).toEqual([]);
		const got = ok(await call('GET', `/latest/auth/users/${MIXED_USER_ID}`, { auth }), 'GetUserOutput');
		expect(got.email).toBe(MIXED_EMAIL);
	});

	test('an invite to its exact email is accepted at once; another case makes a pending invite', async () => {
		const auth = bearer(PROJECT_ID, ADMIN_KEY);
		const permissions = { items: { serviceDefault: { actions: { 'role:viewer': true } } } };
		ok(await call('POST', '/latest/auth/invite/create', { auth, body: { email: 'mixed.case@acme.test', permissions } }), 'CreateProjectInviteOutput');
		expect(srv.state.memberships[PROJECT_ID][MIXED_USER_ID]).toBeUndefined();
		const pending = ok(await call('POST', '/latest/auth/invite/list', { auth, body: {} }), 'ListProjectInvitesOutput');
		expect(pending.results.map((invite: Json) => invite.email)).toEqual(['mixed.case@acme.test']);

		ok(await call('POST', '/latest/auth/invite/create', { auth, body: { email: MIXED_EMAIL, permissions } }), 'CreateProjectInviteOutput');
		expect(srv.state.memberships[PROJECT_ID][MIXED_USER_ID]).toEqual(permissions);
		const after = ok(await call('POST', '/latest/auth/invite/list', { auth, body: {} }), 'ListProjectInvitesOutput');
		expect(after.results).toHaveLength(1);
	});

	test("an invite to a project of another organization stays pending for a user who is not in it", async () => {
		const auth = bearer('proj-e2e-0004', ADMIN_KEY);
		const permissions = { items: { serviceDefault: { actions: { 'role:viewer': true } } } };
		ok(await call('POST', '/latest/auth/invite/create', { auth, body: { email: 'member@example.com', permissions } }), 'CreateProjectInviteOutput');
		expect(srv.state.memberships['proj-e2e-0004']['user-member']).toBeUndefined();
		const list = ok(await call('POST', '/latest/auth/invite/list', { auth, body: {} }), 'ListProjectInvitesOutput');
		expect(list.results.map((invite: Json) => invite.email)).toEqual(['member@example.com']);
	});

	test('its own key reaches its projects and is listed among its keys', async () => {
		const keys = ok(
			await call('POST', `/latest/auth/users/${MIXED_USER_ID}/keys/list`, { auth: bearer('proj-e2e-0004', MIXED_KEY), body: {} }),
			'ListUserKeysOutput',
		);
		expect(keys.results).toEqual([{ _id: 'key-mixed', label: 'laptop' }]);
		// editor, not admin, in proj-e2e-0002
		refused(await call('POST', '/latest/auth/invite/list', { auth: bearer('proj-e2e-0002', MIXED_KEY), body: {} }), 403);
	});
});

describe('seed helpers', () => {
	test('addUser: in organization 1 as a viewer, in no project', async () => {
		srv.addUser({ _id: 'user-new', email: 'New.User@acme.test', first_name: 'Nu' });
		expect(srv.state.users['user-new']).toEqual({ _id: 'user-new', email: 'New.User@acme.test', first_name: 'Nu', type: 'user' });
		expect(srv.state.organizationRoles[ORGANIZATION_ID]['user-new']).toBe('viewer');
		for (const projectId of PROJECT_IDS) expect(srv.state.memberships[projectId]['user-new']).toBeUndefined();
		ok(await call('POST', orgUpdate(ORGANIZATION_ID, 'user-new'), { auth: bearer(PROJECT_ID, ADMIN_KEY), body: { admin: true } }), 'UpdateOrganizationUserPermissionsOutput');
	});

	test('addMember: the user is listed in the project with those roles', async () => {
		srv.addUser({ _id: 'user-new', email: 'new@acme.test' });
		srv.addMember('proj-e2e-0003', 'user-new', ['editor', 'admin']);
		const got = ok(await call('GET', '/latest/auth/users/user-new', { auth: bearer('proj-e2e-0003', ADMIN_KEY) }), 'GetUserOutput');
		expect(got.permissions.projects['proj-e2e-0003']).toEqual({
			items: { serviceDefault: { actions: { 'role:editor': true, admin: true } } },
		});
		expect(() => srv.addMember('proj-e2e-0003', 'user-new', ['owner' as 'admin'])).toThrow(/role/);
		expect(() => srv.addMember('proj-nope', 'user-new', ['viewer'])).toThrow(/project/);
		expect(() => srv.addMember('proj-e2e-0003', 'user-ghost', ['viewer'])).toThrow(/user/);
	});

	test('addInvite: a pending invite listed in its project', async () => {
		const code = srv.addInvite(PROJECT_ID, 'Later@acme.test', ['viewer']);
		expect(code).toMatch(/^inv-[0-9a-f]{16}$/);
		const list = ok(await call('POST', '/latest/auth/invite/list', { auth: bearer(PROJECT_ID, ADMIN_KEY), body: {} }), 'ListProjectInvitesOutput');
		expect(list.results).toMatchObject([
			{ _id: code, email: 'Later@acme.test', project: PROJECT_ID, permissions: { items: { serviceDefault: { actions: { 'role:viewer': true } } } } },
		]);
	});

	test('addProject with keyRole viewer: reachable, admin-only calls 403; removeProject: 401 afterwards', async () => {
		srv.addProject('proj-extra', { name: 'Extra', organizationId: SECOND_ORGANIZATION_ID, keyRole: 'viewer' });
		const auth = bearer('proj-extra', ADMIN_KEY);
		const info = ok(await call('GET', '/latest/projects/organization_info', { auth }), 'GetProjectsOrgInfoOutput');
		expect(info).toEqual(srv.state.organizationInfo[SECOND_ORGANIZATION_ID]);
		refused(await call('POST', '/latest/auth/invite/list', { auth, body: {} }), 403);
		const list = ok(await call('GET', '/latest/projects/list', { auth }), 'ListProjectsOutput');
		expect(list.count).toBe(6);
		expect(list.projects[5]).toMatchObject({ project_id: 'proj-extra', name: 'Extra', organization_name: 'Partner Org' });

		srv.addProject('proj-admin');
		ok(await call('POST', '/latest/auth/invite/list', { auth: bearer('proj-admin', ADMIN_KEY), body: {} }), 'ListProjectInvitesOutput');
		expect(() => srv.addProject('proj-admin')).toThrow(/exists/);
		expect(() => srv.addProject('proj-x', { organizationId: 'org-nope' })).toThrow(/organization/);

		srv.addInvite('proj-extra', 'gone@acme.test', ['viewer']);
		srv.removeProject('proj-extra');
		expect(srv.state.projects['proj-extra']).toBeUndefined();
		expect(Object.values(srv.state.invites).some((invite) => invite.project === 'proj-extra')).toBe(false);
		refused(await call('GET', '/latest/auth/info', { auth }), 401);
	});

	test('removeProject of a seeded project; addUsers and addProjects still work', async () => {
		srv.removeProject('proj-e2e-0003');
		expect(srv.state.invites[PENDING_INVITE_CODE]).toBeUndefined();
		srv.addProjects(3);
		srv.addUsers(2);
		const list = ok(await call('GET', '/latest/projects/list', { auth: bearer(PROJECT_ID, ADMIN_KEY) }), 'ListProjectsOutput');
		expect(list.count).toBe(7);
		const users = ok(await call('POST', '/latest/auth/users/list', { auth: bearer(PROJECT_ID, ADMIN_KEY), body: {} }), 'ListUsersOutput');
		expect(users.results.map((user: Json) => user._id)).toEqual(['user-admin', 'user-viewer', 'bulk-0000', 'bulk-0001']);
	});
});
