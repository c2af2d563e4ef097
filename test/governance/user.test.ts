import type { GovernanceServer } from './harness';
import { ADMIN_KEY, PROJECT_ID, VIEWER_USER_ID, byId, runGovernance, startServer } from './harness';

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

describe('user → getAll', () => {
	beforeEach(() => srv.addUsers(218));

	test('Return All pages through every user (220) with 3 requests', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'getAll', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(220);
		expect(srv.requests.map((request) => JSON.parse(request.body ?? ''))).toEqual([
			{ page: 1, page_size: 100 },
			{ page: 2, page_size: 100 },
			{ page: 3, page_size: 100 },
		]);
	});

	test('Limit 5 is one request for five', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'getAll', returnAll: false, limit: 5 },
		});
		expect(output).toHaveLength(5);
		expect(srv.requests).toHaveLength(1);
		expect(JSON.parse(srv.requests[0].body ?? '')).toEqual({ page: 1, page_size: 5 });
	});

	test('the email filter goes to the platform as user_filters', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'getAll', returnAll: true, filters: { emailSearch: 'viewer@' } },
		});
		expect(output.map((item) => item.json._id)).toEqual([VIEWER_USER_ID]);
		expect(JSON.parse(srv.requests[0].body ?? '').user_filters).toEqual({ email_search: 'viewer@' });
	});
});

describe('user → updateRole', () => {
	test('merges roles by default, with `<project>:<key>` and no Bearer', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'updateRole', userId: byId(VIEWER_USER_ID), roles: ['editor'], options: {} },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ success: true, user_id: VIEWER_USER_ID });
		// the run's one lookup of the API key's own user (kept unless the option allows), then the write
		expect(srv.requests.map((request) => request.path)).toEqual(['/latest/auth/info', `/latest/auth/users/${VIEWER_USER_ID}/update`]);
		expect(srv.requests[1].headers.authorization).toBe(`${PROJECT_ID}:${ADMIN_KEY}`);
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toEqual({
			items: { serviceDefault: { actions: { 'role:viewer': true, 'role:editor': true } } },
		});
	});

	test('overwrite replaces the permissions', async () => {
		await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'updateRole', userId: byId(VIEWER_USER_ID), roles: ['admin'], options: { overwrite: true } },
		});
		expect(JSON.parse(srv.requests[1].body ?? '')).toEqual({
			permissions: { items: { serviceDefault: { actions: { admin: true } } } },
			overwrite: true,
		});
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toEqual({
			items: { serviceDefault: { actions: { admin: true } } },
		});
	});

	test('a user ID picked from the list works the same', async () => {
		const { error } = await runGovernance(srv, {
			parameters: {
				resource: 'user',
				operation: 'updateRole',
				userId: { __rl: true, mode: 'list', value: VIEWER_USER_ID, cachedResultName: 'Vic' },
				roles: ['viewer'],
				options: {},
			},
		});
		expect(error).toBeUndefined();
		expect(srv.requests.map((request) => request.path)).toEqual(['/latest/auth/info', `/latest/auth/users/${VIEWER_USER_ID}/update`]);
	});
});

describe('user → remove', () => {
	test('removes the user from the project and answers {success, user_id}', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'remove', userId: byId(VIEWER_USER_ID) },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ success: true, user_id: VIEWER_USER_ID });
		expect(srv.requests[0]).toMatchObject({ method: 'GET', path: '/latest/auth/info' });
		expect(srv.requests[1]).toMatchObject({
			method: 'POST',
			path: `/latest/auth/users/${VIEWER_USER_ID}/delete`,
			body: '{}',
		});
		expect(srv.requests).toHaveLength(2);
		expect(srv.requests[1].headers.authorization).toBe(`Bearer ${PROJECT_ID}:${ADMIN_KEY}`);
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toBeUndefined();
	});

	test('a user who is not in the project: the platform\'s 404', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'remove', userId: byId('user-nobody') },
		});
		expect(error?.message).toContain('user-nobody is not in this project');
		expect(error?.httpCode).toBe('404');
	});
});

describe('user → get', () => {
	test('GETs the user with Bearer and answers profile, type and permissions per project', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'get', userId: byId(VIEWER_USER_ID) },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({
			_id: VIEWER_USER_ID,
			email: 'viewer@example.com',
			type: 'user',
			permissions: { projects: { [PROJECT_ID]: { items: { serviceDefault: { actions: { 'role:viewer': true } } } } } },
		});
		expect(srv.requests[0]).toMatchObject({ method: 'GET', path: `/latest/auth/users/${VIEWER_USER_ID}`, body: undefined });
		expect(srv.requests[0].headers.authorization).toBe(`Bearer ${PROJECT_ID}:${ADMIN_KEY}`);
	});

	test('someone outside the project is the platform\'s 404', async () => {
		const { error } = await runGovernance(srv, { parameters: { resource: 'user', operation: 'get', userId: byId('user-member') } });
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toContain('not in this project');
	});
});
