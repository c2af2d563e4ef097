/**
 * The governance stand-in itself, over real HTTP: its seed, its seed helpers, and the routes for
 * organization user permissions, organization info, auth info and the project list. Every 200
 * answer is checked against the platform's output schema here too, and every error has the
 * platform's shape.
 */
import * as http from 'http';

import type { GovernanceServer } from './harness';

// Straight from the server module (not through harness.ts, which also loads the node).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const server = require('../servers/governance/server') as {
	createGovernanceServer: () => GovernanceServer;
	[name: string]: unknown;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { validators } = require('../servers/governance/schemas') as {
	validators: () => { outputs: Record<string, ((data: unknown) => boolean) & { errors?: unknown }> };
};

const PROJECT_ID = server.PROJECT_ID as string;
const PROJECT_IDS = server.PROJECT_IDS as string[];
const NO_ADMIN_PROJECT_ID = server.NO_ADMIN_PROJECT_ID as string;
const ORGANIZATION_ID = server.ORGANIZATION_ID as string;
const SECOND_ORGANIZATION_ID = server.SECOND_ORGANIZATION_ID as string;
const ADMIN_KEY = server.ADMIN_KEY as string;
const VIEWER_KEY = server.VIEWER_KEY as string;
const MIXED_KEY = server.MIXED_KEY as string;
const MIXED_USER_ID = server.MIXED_USER_ID as string;
const MIXED_EMAIL = server.MIXED_EMAIL as string;
const PENDING_INVITE_CODE = server.PENDING_INVITE_CODE as string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let srv: GovernanceServer;
beforeEach(async () => {
	srv = server.createGovernanceServer();
	await srv.start();
});
afterEach(async () => {
	await srv.stop();
});

const bearer = (projectId: string, key: string) => `Bearer ${projectId}:${key}`;

interface Call {
	auth?: string;
	body?: unknown;
	/** sent as is instead of JSON.stringify(body) */
	raw?: string;
	contentType?: string;
}

async function call(method: string, path: string, { auth, body, raw, contentType = 'application/json' }: Call = {}) {
	const headers: Record<string, string> = {};
	if (auth !== undefined) headers.authorization = auth;
	const text = raw ?? (body === undefined ? undefined : JSON.stringify(body));
	if (text !== undefined) headers['content-type'] = contentType;
	const res = await fetch(`${srv.url}${path}`, { method, headers, body: text });
	const answer = await res.text();
	return { status: res.status, body: (answer ? JSON.parse(answer) : undefined) as Json, headers: res.headers };
}

/** A 200 whose body matches the output schema `schema`; returns the body. */
function ok(result: { status: number; body: Json }, schema: string): Json {
	expect({ status: result.status, body: result.body }).toMatchObject({ status: 200 });
	const check = validators().outputs[schema];
	expect(check).toBeDefined();
	const valid = check(result.body);
	expect({ valid, errors: check.errors }).toMatchObject({ valid: true });
	return result.body;
}

/** An error with status `status` in the platform's shape; returns its message. */
function refused(result: { status: number; body: Json; headers: Headers }, status: number): string {
	expect({ status: result.status, body: result.body }).toMatchObject({ status });
	expect(Object.keys(result.body).sort()).toEqual(['error_audience', 'error_type', 'message']);
	expect(typeof result.body.message).toBe('string');
	expect(result.body.error_audience).toBe('user');
	expect(result.headers.get('x-request-id')).toMatch(/^req-\d+$/);
	return result.body.message as string;
}

const orgUpdate = (organizationId: string, userId: string) =>
	`/latest/auth/organization/${organizationId}/user/${userId}/update`;

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

describe('GET /latest/projects/list', () => {
	test('the admin key sees the five seeded projects, with its permissions in each', async () => {
		const body = ok(await call('GET', '/latest/projects/list', { auth: bearer(PROJECT_ID, ADMIN_KEY) }), 'ListProjectsOutput');
		expect(body.count).toBe(5);
		expect(body.projects.map((p: Json) => p.project_id)).toEqual(PROJECT_IDS);
		expect(body.projects.map((p: Json) => p.organization_name)).toEqual(['E2E Org', 'E2E Org', 'E2E Org', 'Partner Org', 'Partner Org']);
		expect(body.projects[4].permissions).toEqual({ items: { serviceDefault: { actions: { 'role:viewer': true } } } });
	});

	test('other keys see their own projects; pages', async () => {
		const mixed = ok(await call('GET', '/latest/projects/list', { auth: bearer('proj-e2e-0002', MIXED_KEY) }), 'ListProjectsOutput');
		expect(mixed.projects.map((p: Json) => p.project_id)).toEqual(PROJECT_IDS.slice(1));
		const viewer = ok(await call('GET', '/latest/projects/list', { auth: bearer(PROJECT_ID, VIEWER_KEY) }), 'ListProjectsOutput');
		expect(viewer).toMatchObject({ count: 1, projects: [{ project_id: PROJECT_ID }] });
		const page = ok(
			await call('GET', '/latest/projects/list?page=2&page_size=2', { auth: bearer(PROJECT_ID, ADMIN_KEY) }),
			'ListProjectsOutput',
		);
		expect(page.projects.map((p: Json) => p.project_id)).toEqual(['proj-e2e-0003', 'proj-e2e-0004']);
		expect(page.count).toBe(5);
	});

	test('refused: wrong Authorization form, a key outside the project, bad paging', async () => {
		refused(await call('GET', '/latest/projects/list', { auth: `${PROJECT_ID}:${ADMIN_KEY}` }), 401);
		refused(await call('GET', '/latest/projects/list', { auth: bearer(PROJECT_ID, MIXED_KEY) }), 401);
		refused(await call('GET', '/latest/projects/list?page_size=101', { auth: bearer(PROJECT_ID, ADMIN_KEY) }), 422);
	});
});

describe('GET /latest/auth/info', () => {
	test('answers for every project the key reaches, valid against GetAuthHeaderInfoOutput', async () => {
		for (const projectId of PROJECT_IDS) {
			const body = ok(await call('GET', '/latest/auth/info', { auth: bearer(projectId, ADMIN_KEY) }), 'GetAuthHeaderInfoOutput');
			expect(body).toEqual({
				user_id: 'user-admin',
				key_id: 'key-admin',
				email: 'admin@example.com',
				permissions: { projects: { [projectId]: srv.state.memberships[projectId]['user-admin'] } },
			});
		}
		const mixed = ok(await call('GET', '/latest/auth/info', { auth: bearer('proj-e2e-0004', MIXED_KEY) }), 'GetAuthHeaderInfoOutput');
		expect(mixed).toMatchObject({ user_id: MIXED_USER_ID, key_id: 'key-mixed', email: MIXED_EMAIL });
	});

	test('a project the key does not reach, or no Bearer: 401', async () => {
		refused(await call('GET', '/latest/auth/info', { auth: bearer(PROJECT_ID, MIXED_KEY) }), 401);
		refused(await call('GET', '/latest/auth/info', { auth: `${PROJECT_ID}:${ADMIN_KEY}` }), 401);
	});
});

describe('GET /latest/projects/organization_info', () => {
	test("answers the organization of the credential's project", async () => {
		const first = ok(
			await call('GET', '/latest/projects/organization_info', { auth: bearer(PROJECT_ID, ADMIN_KEY) }),
			'GetProjectsOrgInfoOutput',
		);
		expect(first).toEqual(srv.state.organizationInfo[ORGANIZATION_ID]);
		expect(first).toMatchObject({ default_project_id: PROJECT_ID, concurrency: { limit: expect.any(Number) } });
		for (const projectId of ['proj-e2e-0004', NO_ADMIN_PROJECT_ID]) {
			const second = ok(
				await call('GET', '/latest/projects/organization_info', { auth: bearer(projectId, MIXED_KEY) }),
				'GetProjectsOrgInfoOutput',
			);
			expect(second).toEqual(srv.state.organizationInfo[SECOND_ORGANIZATION_ID]);
			expect(second).not.toEqual(first);
		}
		ok(await call('GET', '/latest/projects/organization_info', { auth: bearer(PROJECT_ID, VIEWER_KEY) }), 'GetProjectsOrgInfoOutput');
	});

	test('refused: wrong Authorization form (401), another method (405), a body (422)', async () => {
		const path = '/latest/projects/organization_info';
		refused(await call('GET', path), 401);
		refused(await call('GET', path, { auth: `${PROJECT_ID}:${ADMIN_KEY}` }), 401);
		refused(await call('GET', path, { auth: `Bearer :${ADMIN_KEY}` }), 401);
		refused(await call('GET', path, { auth: bearer('proj-nope', ADMIN_KEY) }), 401);
		refused(await call('POST', path, { auth: bearer(PROJECT_ID, ADMIN_KEY), body: {} }), 405);
		// fetch sends no body with GET: plain http does
		const withBody = await new Promise<{ status: number; body: Json }>((resolve, reject) => {
			const req = http.request(`${srv.url}${path}`, {
				method: 'GET',
				headers: { authorization: bearer(PROJECT_ID, ADMIN_KEY), 'content-type': 'application/json', 'content-length': 2 },
			});
			req.on('response', (res) => {
				let text = '';
				res.on('data', (chunk) => (text += chunk));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
			});
			req.on('error', reject);
			req.end('{}');
		});
		expect(withBody).toMatchObject({ status: 422, body: { message: 'GET requests take no body', error_type: 'validation' } });
	});
});

describe('POST /latest/auth/organization/{organization_id}/user/{user_id}/update', () => {
	const admin = bearer(PROJECT_ID, ADMIN_KEY);

	test('an owner sets a role; {} back; the role and the admin flag are stored', async () => {
		const answer = ok(
			await call('POST', orgUpdate(ORGANIZATION_ID, MIXED_USER_ID), { auth: admin, body: { admin: false, role: 'viewer' } }),
			'UpdateOrganizationUserPermissionsOutput',
		);
		expect(answer).toEqual({});
		expect(srv.state.organizationRoles[ORGANIZATION_ID][MIXED_USER_ID]).toBe('viewer');
		expect(srv.state.organizationAdmins[ORGANIZATION_ID][MIXED_USER_ID]).toBe(false);
	});

	test('admin true without a role makes an admin; admin false without a role keeps the role', async () => {
		ok(await call('POST', orgUpdate(ORGANIZATION_ID, 'user-member'), { auth: admin, body: { admin: true } }), 'UpdateOrganizationUserPermissionsOutput');
		expect(srv.state.organizationRoles[ORGANIZATION_ID]['user-member']).toBe('admin');
		expect(srv.state.organizationAdmins[ORGANIZATION_ID]['user-member']).toBe(true);
		ok(await call('POST', orgUpdate(ORGANIZATION_ID, 'user-viewer'), { auth: admin, body: { admin: false } }), 'UpdateOrganizationUserPermissionsOutput');
		expect(srv.state.organizationRoles[ORGANIZATION_ID]['user-viewer']).toBe('viewer');
		expect(srv.state.organizationAdmins[ORGANIZATION_ID]['user-viewer']).toBe(false);
	});

	test("an organization admin may act on it from any project the key reaches", async () => {
		for (const auth of [bearer('proj-e2e-0004', ADMIN_KEY), admin, bearer(NO_ADMIN_PROJECT_ID, ADMIN_KEY)]) {
			ok(
				await call('POST', orgUpdate(SECOND_ORGANIZATION_ID, MIXED_USER_ID), { auth, body: { admin: false, role: 'operator' } }),
				'UpdateOrganizationUserPermissionsOutput',
			);
		}
		expect(srv.state.organizationRoles[SECOND_ORGANIZATION_ID][MIXED_USER_ID]).toBe('operator');
	});

	test('a promoted user may then manage the organization', async () => {
		const mixed = bearer('proj-e2e-0002', MIXED_KEY);
		refused(await call('POST', orgUpdate(ORGANIZATION_ID, 'user-member'), { auth: mixed, body: { admin: true } }), 403);
		ok(await call('POST', orgUpdate(ORGANIZATION_ID, MIXED_USER_ID), { auth: admin, body: { admin: true } }), 'UpdateOrganizationUserPermissionsOutput');
		ok(await call('POST', orgUpdate(ORGANIZATION_ID, 'user-member'), { auth: mixed, body: { admin: false, role: 'operator' } }), 'UpdateOrganizationUserPermissionsOutput');
		expect(srv.state.organizationRoles[ORGANIZATION_ID]['user-member']).toBe('operator');
	});

	test.each([
		['admin missing', {}],
		['role only', { role: 'admin' }],
		['admin not a boolean', { admin: 'true' }],
		['role outside the enum', { admin: true, role: 'owner' }],
		['role in another case', { admin: false, role: 'Viewer' }],
		['an extra property', { admin: true, email: 'x@acme.test' }],
		['not an object', [true]],
	])('422 for a body with %s', async (_, body) => {
		const before = JSON.stringify(srv.state.organizationRoles);
		refused(await call('POST', orgUpdate(ORGANIZATION_ID, MIXED_USER_ID), { auth: admin, body }), 422);
		expect(JSON.stringify(srv.state.organizationRoles)).toBe(before);
	});

	test('422 for no body, bad JSON, another content type, bad path parameters', async () => {
		refused(await call('POST', orgUpdate(ORGANIZATION_ID, MIXED_USER_ID), { auth: admin }), 422);
		refused(await call('POST', orgUpdate(ORGANIZATION_ID, MIXED_USER_ID), { auth: admin, raw: '{"admin":' }), 422);
		refused(
			await call('POST', orgUpdate(ORGANIZATION_ID, MIXED_USER_ID), { auth: admin, raw: '{"admin":true}', contentType: 'text/plain' }),
			422,
		);
		expect(refused(await call('POST', orgUpdate(ORGANIZATION_ID, 'User-Mixed'), { auth: admin, body: { admin: true } }), 422)).toBe(
			'Invalid user_id "User-Mixed"',
		);
		expect(refused(await call('POST', orgUpdate('Org-E2E-0001', MIXED_USER_ID), { auth: admin, body: { admin: true } }), 422)).toBe(
			'Invalid organization_id "Org-E2E-0001"',
		);
		refused(await call('POST', orgUpdate(ORGANIZATION_ID, 'a'.repeat(241)), { auth: admin, body: { admin: true } }), 422);
		refused(await call('POST', orgUpdate(ORGANIZATION_ID, 'user%20mixed'), { auth: admin, body: { admin: true } }), 422);
		// an encoded slash never reaches the route
		refused(await call('POST', orgUpdate(ORGANIZATION_ID, 'user-mixed%2Fx'), { auth: admin, body: { admin: true } }), 404);
	});

	test('401 for a wrong Authorization form or key', async () => {
		const path = orgUpdate(ORGANIZATION_ID, MIXED_USER_ID);
		const body = { admin: true };
		refused(await call('POST', path, { body }), 401);
		refused(await call('POST', path, { auth: `${PROJECT_ID}:${ADMIN_KEY}`, body }), 401);
		refused(await call('POST', path, { auth: `Bearer :${ADMIN_KEY}`, body }), 401);
		refused(await call('POST', path, { auth: `Bearer ${ADMIN_KEY}`, body }), 401);
		refused(await call('POST', path, { auth: bearer(PROJECT_ID, 'sk-wrong'), body }), 401);
		refused(await call('POST', path, { auth: bearer('proj-e2e-0002', VIEWER_KEY), body }), 401);
		expect(srv.state.organizationRoles[ORGANIZATION_ID][MIXED_USER_ID]).toBe('operator');
	});

	test('403 unless the key\'s user is owner or admin of that organization', async () => {
		const cases: Array<[string, string, string]> = [
			[bearer(PROJECT_ID, VIEWER_KEY), ORGANIZATION_ID, 'user-member'], // viewer
			[bearer('proj-e2e-0002', MIXED_KEY), ORGANIZATION_ID, 'user-member'], // operator
			[bearer('proj-e2e-0004', MIXED_KEY), SECOND_ORGANIZATION_ID, 'user-admin'], // viewer there, admin of the project
			[bearer(PROJECT_ID, VIEWER_KEY), SECOND_ORGANIZATION_ID, MIXED_USER_ID], // not in that organization
		];
		const before = JSON.stringify(srv.state.organizationRoles);
		for (const [auth, organizationId, userId] of cases) {
			const message = refused(await call('POST', orgUpdate(organizationId, userId), { auth, body: { admin: true, role: 'admin' } }), 403);
			expect(message).toContain(organizationId);
		}
		expect(JSON.stringify(srv.state.organizationRoles)).toBe(before);
	});

	test('404 for an unknown organization or a user who is not in it', async () => {
		expect(refused(await call('POST', orgUpdate('org-nope', MIXED_USER_ID), { auth: admin, body: { admin: true } }), 404)).toBe(
			'Organization org-nope not found',
		);
		// before the permission check: a viewer learns the same
		refused(await call('POST', orgUpdate('org-nope', MIXED_USER_ID), { auth: bearer(PROJECT_ID, VIEWER_KEY), body: { admin: true } }), 404);
		expect(refused(await call('POST', orgUpdate(SECOND_ORGANIZATION_ID, 'user-viewer'), { auth: admin, body: { admin: true } }), 404)).toBe(
			'User user-viewer is not in organization org-e2e-0002',
		);
		refused(await call('POST', orgUpdate(ORGANIZATION_ID, 'user-ghost'), { auth: admin, body: { admin: false } }), 404);
		expect(srv.state.organizationRoles[SECOND_ORGANIZATION_ID]['user-viewer']).toBeUndefined();
	});

	test('GET is 405', async () => {
		refused(await call('GET', orgUpdate(ORGANIZATION_ID, MIXED_USER_ID), { auth: admin }), 405);
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
