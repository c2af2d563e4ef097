/**
 * The governance stand-in's routes for the project list, auth info, organization info and
 * organization user permissions, over real HTTP. Every 200 answer is checked against the
 * platform's output schema, and every error has the platform's shape. Its seed and seed helpers:
 * server.test.ts.
 */
import * as http from 'http';

import type { GovernanceServer } from './harness';
import {
	ADMIN_KEY,
	MIXED_EMAIL,
	MIXED_KEY,
	MIXED_USER_ID,
	NO_ADMIN_PROJECT_ID,
	ORGANIZATION_ID,
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
