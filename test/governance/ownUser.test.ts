import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import { ADMIN_USER_ID, PROJECT_ID, VIEWER_USER_ID, byId, runGovernance, startServer } from './harness';

// Issue 48, item 4: no single call removes, demotes or deletes the API key of the credential's own
// user (ADMIN_USER_ID, key-admin, owner of org-e2e-0001) unless Include the API Key's Own User is
// on; the item says it was kept and why, and nothing is written. One /auth/info per run.

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const INFO = '/latest/auth/info';
const paths = () => srv.requests.map((request) => request.path);
const ALLOWS = "the option Include the API Key's Own User allows it";
const ownUserReason = (notDone: string) => `the API key's own user: ${notDone} (every call of this credential runs as this user; ${ALLOWS})`;

/** Each guarded operation: its parameters for a user, the write it sends, and the kept item's extra fields. */
const OPERATIONS = {
	'user.remove': {
		parameters: (userId: string): IDataObject => ({ resource: 'user', operation: 'remove', userId: byId(userId) }),
		write: (userId: string) => `/latest/auth/users/${userId}/delete`,
		notDone: 'not removed',
		extra: {},
	},
	'user.updateRole': {
		// a merge that only adds a role: still kept (a merge can also set a role to false)
		parameters: (userId: string): IDataObject => ({ resource: 'user', operation: 'updateRole', userId: byId(userId), roles: ['editor'] }),
		write: (userId: string) => `/latest/auth/users/${userId}/update`,
		notDone: 'roles not changed',
		extra: {},
	},
	'user.updateOrganizationRole': {
		// Admin on an owner: the platform sets the role admin, a demotion
		parameters: (userId: string): IDataObject => ({
			resource: 'user',
			operation: 'updateOrganizationRole',
			organizationId: byId('org-e2e-0001'),
			userId: byId(userId),
			admin: true,
		}),
		write: (userId: string) => `/latest/auth/organization/org-e2e-0001/user/${userId}/update`,
		notDone: 'organization role not changed',
		extra: { organization_id: 'org-e2e-0001' },
	},
} as const;

const ownState = () => ({
	member: srv.state.memberships[PROJECT_ID][ADMIN_USER_ID],
	organizationRole: srv.state.organizationRoles['org-e2e-0001'][ADMIN_USER_ID],
});

describe.each(Object.entries(OPERATIONS))('%s', (_key, operation) => {
	test('the API key\'s own user: a kept item saying why, and no write', async () => {
		const before = JSON.stringify(ownState());
		const { output, error } = await runGovernance(srv, { parameters: { ...operation.parameters(ADMIN_USER_ID), options: {} } });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toEqual([
			{ success: false, kept: true, user_id: ADMIN_USER_ID, reason: ownUserReason(operation.notDone), ...operation.extra },
		]);
		expect(paths()).toEqual([INFO]);
		expect(JSON.stringify(ownState())).toBe(before);
	});

	test('with Include the API Key\'s Own User: the write, and no lookup', async () => {
		const { output, error } = await runGovernance(srv, { parameters: { ...operation.parameters(ADMIN_USER_ID), options: { includeOwnUser: true } } });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ success: true, user_id: ADMIN_USER_ID });
		expect(paths()).toEqual([operation.write(ADMIN_USER_ID)]);
	});

	test('another user: the write, after exactly one /auth/info', async () => {
		const { output, error } = await runGovernance(srv, { parameters: operation.parameters(VIEWER_USER_ID) });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ success: true, user_id: VIEWER_USER_ID });
		expect(paths()).toEqual([INFO, operation.write(VIEWER_USER_ID)]);
	});
});

test('many items: one /auth/info for the whole run, the own user kept among the others', async () => {
	srv.addUsers(40);
	const ids = [ADMIN_USER_ID, ...Array.from({ length: 40 }, (_, i) => `bulk-${String(i).padStart(4, '0')}`)];
	const { output, error } = await runGovernance(srv, {
		parameters: { resource: 'user', operation: 'remove', userId: byId('={{ $json.id }}') },
		items: ids.map((id) => ({ id })),
	});
	expect(error).toBeUndefined();
	expect(output.map((item) => item.json.success)).toEqual([false, ...ids.slice(1).map(() => true)]);
	expect(output[0].json.kept).toBe(true);
	expect(output[0].pairedItem).toEqual({ item: 0 });
	expect(paths().filter((path) => path === INFO)).toHaveLength(1);
	expect(paths()).toHaveLength(1 + 40);
	expect(srv.state.memberships[PROJECT_ID][ADMIN_USER_ID]).toBeDefined();
});

test('a failed lookup: the item\'s error with its index, nothing written; Continue On Fail asks again for the next item', async () => {
	srv.failNext({ path: INFO, status: 403, body: { message: 'no' } });
	const stopped = await runGovernance(srv, { parameters: OPERATIONS['user.remove'].parameters(VIEWER_USER_ID), items: [{}, {}] });
	expect(stopped.error?.context?.itemIndex).toBe(0);
	expect(paths()).toEqual([INFO]);

	srv.resetRequests();
	srv.failNext({ path: INFO, status: 403, body: { message: 'no' } });
	const goesOn = await runGovernance(srv, {
		parameters: OPERATIONS['user.updateRole'].parameters(VIEWER_USER_ID),
		items: [{}, {}],
		continueOnFail: true,
	});
	expect(goesOn.output.map((item) => [item.json.httpCode, item.json.success])).toEqual([['403', undefined], [undefined, true]]);
	expect(paths()).toEqual([INFO, INFO, `/latest/auth/users/${VIEWER_USER_ID}/update`]);
});

describe('apiKey.delete: only the key this credential uses is kept', () => {
	const deleteKey = (userId: string, keyId: string, options: IDataObject = {}) =>
		runGovernance(srv, { parameters: { resource: 'apiKey', operation: 'delete', userId: byId(userId), keyId, options } });
	const keyIds = () => Object.values(srv.state.keys).map((key) => key.key_id);
	beforeEach(() => {
		srv.state.keys['sk-admin-second'] = { user_id: ADMIN_USER_ID, key_id: 'key-admin-2' };
	});

	test('the credential\'s key (key_id of /auth/info): kept, no write', async () => {
		const { output } = await deleteKey(ADMIN_USER_ID, 'key-admin');
		expect(output[0].json).toEqual({
			success: false,
			kept: true,
			user_id: ADMIN_USER_ID,
			id: 'key-admin',
			reason: `the key this credential uses: not deleted (every call of this credential authenticates with it; ${ALLOWS})`,
		});
		expect(paths()).toEqual([INFO]);
		expect(keyIds()).toContain('key-admin');
	});

	test('another key of the same user is deleted', async () => {
		const { output } = await deleteKey(ADMIN_USER_ID, 'key-admin-2');
		expect(output[0].json).toEqual({ success: true, user_id: ADMIN_USER_ID, id: 'key-admin-2' });
		expect(paths()).toEqual([INFO, `/latest/auth/users/${ADMIN_USER_ID}/keys/delete`]);
		expect(keyIds()).not.toContain('key-admin-2');
	});

	test('with the option: the credential\'s key is deleted, no lookup', async () => {
		const { output } = await deleteKey(ADMIN_USER_ID, 'key-admin', { includeOwnUser: true });
		expect(output[0].json).toEqual({ success: true, user_id: ADMIN_USER_ID, id: 'key-admin' });
		expect(paths()).toEqual([`/latest/auth/users/${ADMIN_USER_ID}/keys/delete`]);
		expect(keyIds()).not.toContain('key-admin');
	});

	test('/auth/info without key_id: every key of the own user is kept, other users\' keys are not', async () => {
		srv.failNext({ path: INFO, status: 200, body: { user_id: ADMIN_USER_ID } });
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'apiKey', operation: 'delete', userId: byId('={{ $json.user }}'), keyId: '={{ $json.key }}' },
			items: [
				{ user: ADMIN_USER_ID, key: 'key-admin-2' },
				{ user: VIEWER_USER_ID, key: 'key-viewer' },
			],
		});
		expect(output.map((item) => item.json.success)).toEqual([false, true]);
		expect(output[0].json.reason).toMatch(/^a key of the API key's own user: not deleted \(the platform did not say which key/);
		expect(paths()).toEqual([INFO, `/latest/auth/users/${VIEWER_USER_ID}/keys/delete`]);
		expect(keyIds()).toContain('key-admin-2');
	});
});
