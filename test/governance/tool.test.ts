import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import { runGovernance, startServer } from './harness';
import { isWrite } from './orgKit';

// Governance run as an AI tool (its `<name>Tool` variant) against the strict stand-in: members as
// email and role names, the roles list in the forms a model hands over, and Sync as a tool planning
// unless the workflow's builder turned Dry Run off.

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const writes = () => srv.requests.filter(isWrite);

describe('User → Get Many as a tool', () => {
	test('email and roles (not the permissions object), one request', async () => {
		const { output, error } = await runGovernance(srv, { asTool: true, parameters: { resource: 'user', operation: 'getAll', returnAll: true } });
		expect(error).toBeUndefined();
		const admin = output.find((item) => item.json.email === 'admin@example.com')?.json;
		expect(admin).toEqual({ userId: expect.any(String), email: 'admin@example.com', name: 'Ada Admin', type: 'user', roles: ['admin'] });
		const viewer = output.find((item) => item.json.email === 'viewer@example.com')?.json;
		expect(viewer?.roles).toEqual(['viewer']);
		for (const item of output) expect(item.json.permissions).toBeUndefined();
		expect(srv.requests).toHaveLength(1);
	});

	test('the action node: the platform\'s user objects, as before', async () => {
		const { output } = await runGovernance(srv, { parameters: { resource: 'user', operation: 'getAll', returnAll: true } });
		expect(output.find((item) => item.json.email === 'admin@example.com')?.json.permissions).toEqual(expect.any(Object));
	});
});

describe('roles as a model hands them over', () => {
	test.each([['editor'], ['Editor, Viewer'], ['["viewer"]']])('Access → Ensure with roles %j works', async (roles) => {
		const { output, error } = await runGovernance(srv, {
			asTool: true,
			parameters: { resource: 'access', operation: 'ensure', email: 'new.person@example.com', roles, options: {} },
		});
		expect(error).toBeUndefined();
		// as a tool, Ensure plans (Mode Automatic): the invite it would send, nothing written
		expect(output[0].json).toMatchObject({ email: 'new.person@example.com', action: 'invite', dryRun: true, applied: false });
		expect(srv.requests.filter((request) => /\/invite\/create$/.test(request.path))).toEqual([]);
		const applied = await runGovernance(srv, {
			asTool: true,
			parameters: { resource: 'access', operation: 'ensure', email: 'new.person@example.com', roles, options: { dryRun: false } },
		});
		expect(applied.error).toBeUndefined();
		expect(applied.output[0].json).toMatchObject({ email: 'new.person@example.com', action: 'invited' });
	});

	test('a role the platform has not: the error names Roles and the allowed values, 0 requests', async () => {
		const { error } = await runGovernance(srv, {
			asTool: true,
			parameters: { resource: 'access', operation: 'ensure', email: 'new.person@example.com', roles: 'owner', options: {} },
		});
		expect(error?.message).toMatch(/Roles/);
		expect(error?.description).toMatch(/Allowed: editor, viewer, admin/);
		expect(srv.requests).toHaveLength(0);
	});
});

describe('Access → Sync as a tool', () => {
	const roster: IDataObject[] = [{ email: 'admin@example.com', roles: 'admin' }, { email: 'someone.new@example.com', roles: 'editor' }];
	const sync = (options: IDataObject) => runGovernance(srv, { asTool: true, parameters: { resource: 'access', operation: 'sync', options }, items: roster });

	test.each([
		['Mode not added', {}],
		['Mode added at its shown default, Automatic', { dryRun: 'auto' }],
	])('%s: plans only, no write', async (_name, options) => {
		const { output, error } = await sync(options);
		expect(error).toBeUndefined();
		expect(output.length).toBeGreaterThan(0);
		for (const item of output) expect(item.json.dryRun).toBe(true);
		expect(output.map((item) => item.json.action)).toEqual(expect.arrayContaining(['invite', 'revoke']));
		expect(writes()).toHaveLength(0);
	});

	test('Mode: Apply (false, as a boolean Dry Run off stored it): the tool applies the plan', async () => {
		const { output, error } = await sync({ dryRun: false });
		expect(error).toBeUndefined();
		for (const item of output) expect(item.json.dryRun).toBe(false);
		expect(writes().length).toBeGreaterThan(0);
	});
});
