import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import { PROJECT_ID, VIEWER_USER_ID, runGovernance, startServer } from './harness';

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const VIEWER = { items: { serviceDefault: { actions: { 'role:viewer': true } } } };
const EDITOR = { items: { serviceDefault: { actions: { 'role:editor': true } } } };

const ensure = (email: string, roles: string[], options: IDataObject = {}) =>
	runGovernance(srv, { parameters: { resource: 'access', operation: 'ensure', email, roles, options } });
const revoke = (email: string, options: IDataObject = {}) =>
	runGovernance(srv, { parameters: { resource: 'access', operation: 'revoke', email, options } });

/** Requests that change something (every call but the lists and GETs). */
const writes = () => srv.requests.filter((request) => request.method !== 'GET' && !request.path.endsWith('/list'));
const pendingFor = (email: string) => Object.values(srv.state.invites).filter((invite) => invite.email === email);

async function invite(email: string, roles: string[]) {
	const { output } = await runGovernance(srv, {
		parameters: { resource: 'invite', operation: 'create', email, roles, options: {} },
	});
	return output[0].json.invite_code as string;
}

describe('access → ensure from each starting state', () => {
	test('neither member nor invited: invites (pending, accepted false); a second run is unchanged with no write', async () => {
		const first = await ensure('new.hire@example.com', ['editor']);
		expect(first.error).toBeUndefined();
		const inviteId = first.output[0].json.inviteId as string;
		expect(first.output[0].json).toEqual({ email: 'new.hire@example.com', action: 'invited', inviteId, roles: ['editor'], accepted: false });
		expect(srv.state.invites[inviteId]).toMatchObject({ email: 'new.hire@example.com', permissions: EDITOR });

		srv.resetRequests();
		const second = await ensure('new.hire@example.com', ['editor']);
		expect(second.output[0].json).toEqual({ email: 'new.hire@example.com', action: 'unchanged', inviteId, roles: ['editor'], accepted: false });
		expect(writes()).toHaveLength(0);
		expect(pendingFor('new.hire@example.com')).toHaveLength(1);
	});

	test('already in the organization: the invite is accepted at once; a second run finds the member unchanged', async () => {
		const first = await ensure('member@example.com', ['viewer']);
		expect(first.output[0].json).toMatchObject({ action: 'invited', accepted: true, roles: ['viewer'] });
		expect(srv.state.memberships[PROJECT_ID]['user-member']).toEqual(VIEWER);

		srv.resetRequests();
		const second = await ensure('member@example.com', ['viewer']);
		expect(second.output[0].json).toEqual({ email: 'member@example.com', action: 'unchanged', userId: 'user-member', roles: ['viewer'], accepted: true });
		expect(writes()).toHaveLength(0);
	});

	test('member with exactly those roles: unchanged, no write', async () => {
		const { output } = await ensure('viewer@example.com', ['viewer']);
		expect(output[0].json).toEqual({ email: 'viewer@example.com', action: 'unchanged', userId: VIEWER_USER_ID, roles: ['viewer'], accepted: true });
		expect(writes()).toHaveLength(0);
	});

	test('member with other roles: one role update that overwrites (no Bearer), then unchanged', async () => {
		const { output } = await ensure('Viewer@Example.com', ['editor', 'viewer']);
		expect(output[0].json).toMatchObject({ action: 'updated', userId: VIEWER_USER_ID, roles: ['editor', 'viewer'], accepted: true });
		expect(writes().map((request) => request.path)).toEqual([`/latest/auth/users/${VIEWER_USER_ID}/update`]);
		expect(writes()[0].headers.authorization).not.toMatch(/^Bearer /);
		expect(JSON.parse(writes()[0].body ?? '')).toEqual({
			permissions: { items: { serviceDefault: { actions: { 'role:editor': true, 'role:viewer': true } } } },
			overwrite: true,
		});
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toEqual({
			items: { serviceDefault: { actions: { 'role:editor': true, 'role:viewer': true } } },
		});

		srv.resetRequests();
		const again = await ensure('viewer@example.com', ['viewer', 'editor']);
		expect(again.output[0].json.action).toBe('unchanged');
		expect(writes()).toHaveLength(0);
	});

	test('fewer roles than the member has: the extra role goes (overwrite, not merge)', async () => {
		srv.state.memberships[PROJECT_ID][VIEWER_USER_ID] = {
			items: { serviceDefault: { actions: { 'role:viewer': true, 'role:editor': true } }, relevanceDefault: { actions: { admin: true } } },
		};
		const { output } = await ensure('viewer@example.com', ['viewer']);
		expect(output[0].json.action).toBe('updated');
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toEqual(VIEWER);
	});

	test('pending invite with other roles: safely replaced (reinvited); a second run is unchanged', async () => {
		const oldCode = await invite('pending@example.com', ['viewer']);
		srv.resetRequests();
		const { output, error } = await ensure('pending@example.com', ['editor']);
		expect(error).toBeUndefined();
		const inviteId = output[0].json.inviteId as string;
		expect(output[0].json).toEqual({ email: 'pending@example.com', action: 'reinvited', inviteId, roles: ['editor'], accepted: false });
		expect(inviteId).not.toBe(oldCode);
		expect(writes().map((request) => request.path)).toEqual(['/latest/auth/invite/delete', '/latest/auth/invite/create']);
		expect(pendingFor('pending@example.com').map((entry) => entry.permissions)).toEqual([EDITOR]);

		srv.resetRequests();
		expect((await ensure('pending@example.com', ['editor'])).output[0].json.action).toBe('unchanged');
		expect(writes()).toHaveLength(0);
	});

	test('pending invite with the same roles in another key order or with false entries: unchanged', async () => {
		await invite('same@example.com', ['viewer']);
		srv.resetRequests();
		const permissionsJson = JSON.stringify({ items: { serviceDefault: { actions: { admin: false, 'role:viewer': true } } } });
		const { output } = await ensure('same@example.com', [], { permissionsJson });
		expect(output[0].json).toMatchObject({ action: 'unchanged', roles: ['viewer'], accepted: false });
		expect(writes()).toHaveLength(0);
	});

	test('two pending invites for the email: the one with the right roles stays, the other is deleted', async () => {
		await invite('twice@example.com', ['viewer']);
		const right = await invite('twice@example.com', ['editor']);
		const { output } = await ensure('twice@example.com', ['editor']);
		expect(output[0].json).toMatchObject({ action: 'unchanged', inviteId: right });
		// the project's invites (the seed has one in another project)
		const projectInvites = Object.values(srv.state.invites).filter((invite) => invite.project === PROJECT_ID);
		expect(projectInvites.map((invite) => invite._id)).toEqual([right]);
	});

	test('members are looked up through every page of the users list', async () => {
		// 150 members whose emails contain the searched one: the match is on page 2.
		for (let i = 0; i < 150; i++) {
			const id = `dup-${String(i).padStart(4, '0')}`;
			srv.state.users[id] = { _id: id, email: `x${i}.paged@example.com`, type: 'user' };
			srv.state.memberships[PROJECT_ID][id] = VIEWER;
		}
		srv.state.users['paged-user'] = { _id: 'paged-user', email: 'paged@example.com', type: 'user' };
		srv.state.memberships[PROJECT_ID]['paged-user'] = VIEWER;

		const { output } = await ensure('paged@example.com', ['viewer']);
		expect(output[0].json).toMatchObject({ action: 'unchanged', userId: 'paged-user' });
		const lists = srv.requests.filter((request) => request.path === '/latest/auth/users/list').map((request) => JSON.parse(request.body ?? ''));
		expect(lists).toEqual([
			{ user_filters: { email_search: 'paged@example.com' }, page: 1, page_size: 100 },
			{ user_filters: { email_search: 'paged@example.com' }, page: 2, page_size: 100 },
		]);
		expect(writes()).toHaveLength(0);
	});

	test('each item of a batch is handled on its own; all on the credential\'s project, with Bearer', async () => {
		const { output } = await runGovernance(srv, {
			items: [{ e: 'viewer@example.com', r: 'viewer' }, { e: 'new1@example.com', r: 'editor' }, { e: 'member@example.com', r: 'admin' }],
			parameters: { resource: 'access', operation: 'ensure', email: '={{ $json.e }}', roles: '={{ [$json.r] }}', options: {} },
		});
		expect(output.map((item) => item.json.action)).toEqual(['unchanged', 'invited', 'invited']);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		for (const request of srv.requests) expect(request.headers.authorization).toMatch(new RegExp(`^Bearer ${PROJECT_ID}:`));
	});
});

describe('access → revoke from each starting state', () => {
	test('member: removed (API keys kept without the option); a second run is notFound with no write', async () => {
		const { output, error } = await revoke('viewer@example.com');
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ email: 'viewer@example.com', action: 'removed', userId: VIEWER_USER_ID, keysDeleted: 0 });
		expect(srv.state.memberships[PROJECT_ID][VIEWER_USER_ID]).toBeUndefined();
		expect(Object.values(srv.state.keys).some((key) => key.user_id === VIEWER_USER_ID)).toBe(true);

		srv.resetRequests();
		const again = await revoke('viewer@example.com');
		expect(again.error).toBeUndefined();
		expect(again.output[0].json).toEqual({ email: 'viewer@example.com', action: 'notFound', keysDeleted: 0 });
		expect(writes()).toHaveLength(0);
	});

	test('member with Delete API Keys: every key deleted before the removal', async () => {
		srv.state.keys['sk-extra-viewer-key'] = { user_id: VIEWER_USER_ID, key_id: 'key-extra', label: 'laptop' };
		const { output } = await revoke('viewer@example.com', { deleteApiKeys: true });
		expect(output[0].json).toEqual({ email: 'viewer@example.com', action: 'removed', userId: VIEWER_USER_ID, keysDeleted: 2 });
		expect(Object.values(srv.state.keys).some((key) => key.user_id === VIEWER_USER_ID)).toBe(false);
		expect(writes().map((request) => request.path)).toEqual([
			`/latest/auth/users/${VIEWER_USER_ID}/keys/delete`,
			`/latest/auth/users/${VIEWER_USER_ID}/keys/delete`,
			`/latest/auth/users/${VIEWER_USER_ID}/delete`,
		]);
		expect(writes().slice(0, 2).map((request) => JSON.parse(request.body ?? '').id).sort()).toEqual(['key-extra', 'key-viewer']);
	});

	test('pending invites only: uninvited, every invite for the email deleted', async () => {
		const codes = [await invite('leaver@example.com', ['viewer']), await invite('leaver@example.com', ['editor'])];
		await invite('stays@example.com', ['viewer']);
		const { output } = await revoke('leaver@example.com', { deleteApiKeys: true });
		expect(output[0].json).toEqual({ email: 'leaver@example.com', action: 'uninvited', inviteIds: codes, keysDeleted: 0 });
		expect(pendingFor('leaver@example.com')).toHaveLength(0);
		expect(pendingFor('stays@example.com')).toHaveLength(1);
	});

	test('nobody: notFound is not an error and sends no write', async () => {
		const { output, error } = await revoke('nobody@example.com', { deleteApiKeys: true });
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ email: 'nobody@example.com', action: 'notFound', keysDeleted: 0 });
		expect(writes()).toHaveLength(0);
	});
});

describe('access: bad input is refused before any request', () => {
	test.each([
		['ensure, email missing', { resource: 'access', operation: 'ensure', email: '={{ "" }}', roles: ['viewer'], options: {} }, /Email is required/],
		['ensure, email malformed', { resource: 'access', operation: 'ensure', email: 'alice@', roles: ['viewer'], options: {} }, /not a valid email address/],
		['ensure, no role', { resource: 'access', operation: 'ensure', email: 'a@example.com', roles: [], options: {} }, /Choose at least one value for Roles/],
		['ensure, unknown role (from an agent)', { resource: 'access', operation: 'ensure', email: 'a@example.com', roles: 'owner', options: {} }, /Unknown value for Roles: "owner"/],
		['ensure, permissions not JSON', { resource: 'access', operation: 'ensure', email: 'a@example.com', roles: [], options: { permissionsJson: '{items' } }, /Permissions \(JSON\) is not valid JSON/],
		['revoke, email malformed', { resource: 'access', operation: 'revoke', email: 'not-an-email', options: {} }, /not a valid email address/],
	])('%s', async (_name, parameters, message) => {
		const { error, output } = await runGovernance(srv, { parameters: parameters as IDataObject });
		expect(output).toHaveLength(0);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toMatch(message);
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});
});
