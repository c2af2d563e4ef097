import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import { ADMIN_KEY, PROJECT_ID, VIEWER_USER_ID, byId, runGovernance, startServer } from './harness';

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const BEARER = `Bearer ${PROJECT_ID}:${ADMIN_KEY}`;
const keysOf = (userId: string) => Object.values(srv.state.keys).filter((key) => key.user_id === userId);

describe('apiKey → create', () => {
	test('POSTs label, notes and ttl_hours for the user; answers the new key and its id', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'apiKey', operation: 'create', userId: byId(VIEWER_USER_ID), options: { label: 'ci', notes: 'for the pipeline', ttlHours: 48 } },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ user_id: VIEWER_USER_ID, api_key: expect.stringMatching(/^sk-/), id: expect.stringMatching(/^key-/) });
		expect(srv.requests[0]).toMatchObject({ method: 'POST', path: `/latest/auth/users/${VIEWER_USER_ID}/keys/create` });
		expect(srv.requests[0].headers.authorization).toBe(BEARER);
		expect(JSON.parse(srv.requests[0].body ?? '')).toEqual({ label: 'ci', notes: 'for the pipeline', ttl_hours: 48 });
		expect(keysOf(VIEWER_USER_ID).map((key) => key.key_id)).toContain(output[0].json.id);
	});

	test('without options the body is {}', async () => {
		await runGovernance(srv, { parameters: { resource: 'apiKey', operation: 'create', userId: byId(VIEWER_USER_ID), options: {} } });
		expect(srv.requests[0].body).toBe('{}');
	});
});

describe('apiKey → getAll', () => {
	beforeEach(() => {
		srv.state.keys['sk-second'] = { user_id: VIEWER_USER_ID, key_id: 'key-second', label: 'laptop' };
	});

	test('lists the user\'s keys (ids and labels, never the secret)', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'apiKey', operation: 'getAll', userId: byId(VIEWER_USER_ID), returnAll: true },
		});
		expect(output.map((item) => item.json)).toEqual([{ _id: 'key-viewer' }, { _id: 'key-second', label: 'laptop' }]);
		expect(srv.requests[0]).toMatchObject({ method: 'POST', path: `/latest/auth/users/${VIEWER_USER_ID}/keys/list`, body: '{}' });
		expect(srv.requests[0].headers.authorization).toBe(BEARER);
	});

	test('Limit 1 returns one', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'apiKey', operation: 'getAll', userId: byId(VIEWER_USER_ID), returnAll: false, limit: 1 },
		});
		expect(output).toHaveLength(1);
	});
});

describe('apiKey → delete', () => {
	test('POSTs {id} and the key stops working', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'apiKey', operation: 'delete', userId: byId(VIEWER_USER_ID), keyId: 'key-viewer' },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ success: true, user_id: VIEWER_USER_ID, id: 'key-viewer' });
		// the run's one lookup of the key the credential uses (kept unless the option allows), then the write
		expect(srv.requests.map((request) => request.path)).toEqual(['/latest/auth/info', `/latest/auth/users/${VIEWER_USER_ID}/keys/delete`]);
		expect(JSON.parse(srv.requests[1].body ?? '')).toEqual({ id: 'key-viewer' });
		expect(srv.requests[1].headers.authorization).toBe(BEARER);
		expect(keysOf(VIEWER_USER_ID)).toHaveLength(0);
	});

	test('an unknown key is the platform\'s 404', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'apiKey', operation: 'delete', userId: byId(VIEWER_USER_ID), keyId: 'key-nope' },
		});
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toContain('Key key-nope not found');
	});
});

describe('raw calls: bad input is a NodeOperationError with the item index, and no request', () => {
	test.each([
		['apiKey create, user ID with a slash', { resource: 'apiKey', operation: 'create', userId: byId('a/../b'), options: {} }, /User ID must not contain "\/"/],
		['apiKey create, lifetime -1', { resource: 'apiKey', operation: 'create', userId: byId(VIEWER_USER_ID), options: { ttlHours: -1 } }, /Lifetime \(Hours\) must be a number, 0 or more/],
		['apiKey getAll, user ID empty', { resource: 'apiKey', operation: 'getAll', userId: byId('={{ "" }}'), returnAll: true }, /User ID is required/],
		['apiKey delete, key ID empty', { resource: 'apiKey', operation: 'delete', userId: byId(VIEWER_USER_ID), keyId: '={{ "" }}' }, /Key ID is required/],
		['apiKey delete, key ID with ..', { resource: 'apiKey', operation: 'delete', userId: byId(VIEWER_USER_ID), keyId: '..' }, /Key ID is not a valid identifier/],
		['invite resend, code with a slash', { resource: 'invite', operation: 'resend', inviteCode: byId('inv/x') }, /Invite must not contain "\/"/],
		['user get, user ID empty', { resource: 'user', operation: 'get', userId: byId('={{ "" }}') }, /User ID is required/],
		['project update, nothing to update', { resource: 'project', operation: 'update', updateFields: {} }, /Nothing to update/],
		['project update, empty name', { resource: 'project', operation: 'update', updateFields: { name: '  ' } }, /Name must not be empty/],
	])('%s', async (_name, parameters, message) => {
		const { error, output } = await runGovernance(srv, { parameters: parameters as IDataObject, items: [{}, {}] });
		expect(output).toHaveLength(0);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toMatch(message);
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});
});
