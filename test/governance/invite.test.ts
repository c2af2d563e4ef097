import type { GovernanceServer } from './harness';
import { ADMIN_KEY, PROJECT_ID, byId, runGovernance, startServer } from './harness';

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const createParameters = (email: string, roles: string[], options: object = {}) => ({
	resource: 'invite',
	operation: 'create',
	email,
	roles,
	options,
});

describe('invite → create', () => {
	test('turns the roles into the permissions object under serviceDefault', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: createParameters('new.person@example.com', ['editor', 'viewer']),
		});
		expect(error).toBeUndefined();
		const code = output[0].json.invite_code as string;
		expect(code).toMatch(/^inv-/);
		expect(output[0].json.email_status).toBe('sent');
		expect(output[0].json).toMatchObject({ email: 'new.person@example.com', roles: ['editor', 'viewer'], accepted: false });
		expect(srv.requests[0].path).toBe('/latest/auth/invite/create');
		expect(srv.requests[0].headers.authorization).toBe(`Bearer ${PROJECT_ID}:${ADMIN_KEY}`);
		expect(JSON.parse(srv.requests[0].body ?? '')).toEqual({
			email: 'new.person@example.com',
			permissions: { items: { serviceDefault: { actions: { 'role:editor': true, 'role:viewer': true } } } },
		});
		expect(srv.state.invites[code]).toMatchObject({ email: 'new.person@example.com', project: PROJECT_ID });
	});

	test('admin role and a custom permission group key (relevanceDefault)', async () => {
		await runGovernance(srv, {
			parameters: createParameters('boss@example.com', ['admin'], { permissionGroupKey: 'relevanceDefault' }),
		});
		expect(JSON.parse(srv.requests[0].body ?? '').permissions).toEqual({
			items: { relevanceDefault: { actions: { admin: true } } },
		});
	});

	test('raw permissions JSON is sent as given', async () => {
		const permissions = { items: { serviceDefault: { actions: { 'role:viewer': true }, resources: { agents: { a1: true } } } } };
		const { error } = await runGovernance(srv, {
			parameters: createParameters('raw@example.com', [], { permissionsJson: JSON.stringify(permissions) }),
		});
		expect(error).toBeUndefined();
		expect(JSON.parse(srv.requests[0].body ?? '').permissions).toEqual(permissions);
	});

	test('a user already in the organization is added to the project at once', async () => {
		const { output } = await runGovernance(srv, {
			parameters: createParameters('member@example.com', ['viewer']),
		});
		expect(output[0].json.invite_code).toBeDefined();
		expect(output[0].json.accepted).toBe(true);
		expect(srv.state.memberships[PROJECT_ID]['user-member']).toEqual({
			items: { serviceDefault: { actions: { 'role:viewer': true } } },
		});
		expect(Object.values(srv.state.invites).filter((invite) => invite.project === PROJECT_ID)).toHaveLength(0);
	});
});

describe('invite → getAll', () => {
	beforeEach(async () => {
		for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
			await runGovernance(srv, { parameters: createParameters(email, ['viewer']) });
		}
		srv.resetRequests();
	});

	test('Return All lists every pending invite', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'invite', operation: 'getAll', returnAll: true },
		});
		expect(output.map((item) => item.json.email).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
		expect(srv.requests).toHaveLength(1);
		expect(srv.requests[0]).toMatchObject({ method: 'POST', path: '/latest/auth/invite/list', body: '{}' });
	});

	test('Limit 2 returns two', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'invite', operation: 'getAll', returnAll: false, limit: 2 },
		});
		expect(output).toHaveLength(2);
	});
});

describe('invite → delete', () => {
	test('deletes the invite and answers {success, invite_code}', async () => {
		const created = await runGovernance(srv, { parameters: createParameters('gone@example.com', ['viewer']) });
		const code = created.output[0].json.invite_code as string;
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'invite', operation: 'delete', inviteCode: byId(code) },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ success: true, invite_code: code });
		expect(srv.state.invites[code]).toBeUndefined();
		const request = srv.requests[srv.requests.length - 1];
		expect(request.path).toBe('/latest/auth/invite/delete');
		expect(JSON.parse(request.body ?? '')).toEqual({ invite_code: code });
	});

	test('an unknown invite is the platform\'s 404, not rewritten', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'invite', operation: 'delete', inviteCode: byId('inv-unknown') },
		});
		expect(error?.message).toContain('Invite inv-unknown not found');
		expect(error?.httpCode).toBe('404');
	});
});

describe('invite → replace', () => {
	let oldCode: string;
	beforeEach(async () => {
		const created = await runGovernance(srv, { parameters: createParameters('swap@example.com', ['viewer']) });
		oldCode = created.output[0].json.invite_code as string;
		srv.resetRequests();
	});

	test('deletes the old invite and creates one with the new roles, reusing its email', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'invite', operation: 'replace', inviteCode: byId(oldCode), email: '', roles: ['editor'], options: {} },
		});
		expect(error).toBeUndefined();
		const newCode = output[0].json.invite_code as string;
		expect(newCode).not.toBe(oldCode);
		expect(output[0].json).toMatchObject({ replaced_invite_code: oldCode, email: 'swap@example.com', roles: ['editor'] });
		expect(srv.state.invites[oldCode]).toBeUndefined();
		expect(srv.state.invites[newCode]).toMatchObject({
			email: 'swap@example.com',
			permissions: { items: { serviceDefault: { actions: { 'role:editor': true } } } },
		});
		expect(srv.requests.map((request) => request.path)).toEqual([
			'/latest/auth/invite/list',
			'/latest/auth/invite/delete',
			'/latest/auth/invite/create',
		]);
	});

	test('an unknown invite: clear error, nothing deleted', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'invite', operation: 'replace', inviteCode: byId('inv-nope'), email: '', roles: ['editor'], options: {} },
		});
		expect(error?.message).toContain('"inv-nope" was not found');
		expect(srv.requests.map((request) => request.path)).toEqual(['/latest/auth/invite/list']);
		expect(srv.state.invites[oldCode]).toBeDefined();
	});
});

describe('invite → resend', () => {
	test('POSTs {invite_code} with Bearer and answers the code', async () => {
		const created = await runGovernance(srv, { parameters: createParameters('again@example.com', ['viewer']) });
		const code = created.output[0].json.invite_code as string;
		srv.resetRequests();
		const { output, error } = await runGovernance(srv, { parameters: { resource: 'invite', operation: 'resend', inviteCode: byId(code) } });
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ success: true, invite_code: code });
		expect(srv.requests).toHaveLength(1);
		expect(srv.requests[0]).toMatchObject({ method: 'POST', path: '/latest/auth/invite/resend' });
		expect(srv.requests[0].headers.authorization).toBe(`Bearer ${PROJECT_ID}:${ADMIN_KEY}`);
		expect(JSON.parse(srv.requests[0].body ?? '')).toEqual({ invite_code: code });
		expect(srv.state.invites[code].email_attempts).toBe(2);
	});

	test('an unknown invite is the platform\'s 404', async () => {
		const { error } = await runGovernance(srv, { parameters: { resource: 'invite', operation: 'resend', inviteCode: byId('inv-gone') } });
		expect(error?.httpCode).toBe('404');
	});
});
