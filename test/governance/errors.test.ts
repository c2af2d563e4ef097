import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import { ADMIN_KEY, PROJECT_ID, VIEWER_KEY, VIEWER_USER_ID, byId, runGovernance, startServer } from './harness';

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

/**
 * Each bad input named in product.md and the issue: a NodeOperationError that names the
 * problem and the item, and not one request sent. Values come from the item through
 * expressions, as they would in a real workflow (n8n itself stops on empty required
 * parameters before the node runs).
 */
describe('bad input: clear error, item index, zero requests', () => {
	const cases: Array<[string, IDataObject, IDataObject, RegExp]> = [
		['invalid email', { resource: 'invite', operation: 'create', email: '={{ $json.v }}', roles: ['viewer'], options: {} }, { v: 'not-an-email' }, /not a valid email address: "not-an-email"/],
		['email with a space', { resource: 'invite', operation: 'create', email: '={{ $json.v }}', roles: ['viewer'], options: {} }, { v: 'a b@example.com' }, /not a valid email/],
		['empty email', { resource: 'invite', operation: 'create', email: '={{ $json.v }}', roles: ['viewer'], options: {} }, { v: '' }, /Email is required/],
		['no roles', { resource: 'invite', operation: 'create', email: 'a@example.com', roles: [], options: {} }, {}, /Choose at least one value for Roles/],
		['unknown role', { resource: 'invite', operation: 'create', email: 'a@example.com', roles: '={{ ["owner"] }}', options: {} }, {}, /Unknown value for Roles: "owner"/],
		['invalid permissions JSON', { resource: 'invite', operation: 'create', email: 'a@example.com', roles: [], options: { permissionsJson: '{"items": ' } }, {}, /Permissions \(JSON\) is not valid JSON/],
		['permissions JSON without items', { resource: 'invite', operation: 'create', email: 'a@example.com', roles: [], options: { permissionsJson: '{"actions": {}}' } }, {}, /needs an "items" object/],
		['permissions JSON that is an array', { resource: 'user', operation: 'updateRole', userId: byId(VIEWER_USER_ID), roles: [], options: { permissionsJson: '[1]' } }, {}, /must be a JSON object/],
		['empty invite code', { resource: 'invite', operation: 'delete', inviteCode: byId('={{ $json.v }}') }, { v: '' }, /Invite is required/],
		['empty user ID on remove', { resource: 'user', operation: 'remove', userId: byId('={{ $json.v }}') }, { v: '  ' }, /User ID is required/],
		['a user ID with "/" in it', { resource: 'user', operation: 'remove', userId: byId('={{ $json.v }}') }, { v: 'user-viewer/../../projects/create' }, /User ID must not contain "\/"/],
		['a user ID with "/" on update', { resource: 'user', operation: 'updateRole', userId: byId('a/b'), roles: ['viewer'], options: {} }, {}, /User ID must not contain "\/"/],
		['a user ID of ".."', { resource: 'user', operation: 'remove', userId: byId('..') }, {}, /User ID is not a valid identifier/],
		['empty organization ID', { resource: 'project', operation: 'create', name: 'p', description: 'd', organizationId: '={{ $json.v }}' }, { v: '' }, /Organization ID is required/],
		['invalid email on replace', { resource: 'invite', operation: 'replace', inviteCode: byId('inv-1'), email: 'nope@', roles: ['viewer'], options: {} }, {}, /not a valid email/],
		['limit 0', { resource: 'user', operation: 'getAll', returnAll: false, limit: '={{ 0 }}' }, {}, /Limit must be a whole number/],
	];

	test.each(cases)('%s', async (_name, parameters, item, message) => {
		const { error, output } = await runGovernance(srv, { parameters: parameters as never, items: [item] });
		expect(output).toHaveLength(0);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toMatch(message);
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});

	test('the failing item is named: item 2 of 3', async () => {
		const { error } = await runGovernance(srv, {
			items: [{ e: 'one@example.com' }, { e: 'two@example.com' }, { e: 'broken' }],
			parameters: { resource: 'invite', operation: 'create', email: '={{ $json.e }}', roles: ['viewer'], options: {} },
		});
		expect(error?.context?.itemIndex).toBe(2);
		// one create (and the pending-list check for `accepted`) per good item, none for the bad one
		expect(srv.requests.filter((request) => request.path === '/latest/auth/invite/create')).toHaveLength(2);
		expect(srv.requests).toHaveLength(4);
	});
});

describe('Continue On Fail', () => {
	test('good items go through, bad ones become {error} paired with their item', async () => {
		const { output, error } = await runGovernance(srv, {
			continueOnFail: true,
			items: [{ e: 'one@example.com' }, { e: 'broken' }, { e: 'three@example.com' }],
			parameters: { resource: 'invite', operation: 'create', email: '={{ $json.e }}', roles: ['viewer'], options: {} },
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(3);
		expect(output[0].json.invite_code).toBeDefined();
		expect(output[1].json.error).toMatch(/not a valid email address: "broken"/);
		expect(output[1].pairedItem).toEqual({ item: 1 });
		expect(output[2].json.invite_code).toBeDefined();
		expect(output[2].pairedItem).toEqual({ item: 2 });
		expect(srv.requests.filter((request) => request.path === '/latest/auth/invite/create')).toHaveLength(2);
		expect(srv.requests).toHaveLength(4);
	});

	test('API errors too, with their HTTP status', async () => {
		const { output } = await runGovernance(srv, {
			continueOnFail: true,
			items: [{ id: 'user-nobody' }, { id: VIEWER_USER_ID }],
			parameters: { resource: 'user', operation: 'remove', userId: byId('={{ $json.id }}') },
		});
		expect(output[0].json).toMatchObject({ httpCode: '404' });
		expect(output[0].json.error).toContain('user-nobody is not in this project');
		expect(output[1].json).toEqual({ success: true, user_id: VIEWER_USER_ID });
	});
});

describe('API errors keep their meaning', () => {
	test('a non-admin key gets the platform\'s 403 and a hint about the Admin permission', async () => {
		const { error } = await runGovernance(srv, {
			apiKey: VIEWER_KEY,
			parameters: { resource: 'invite', operation: 'create', email: 'x@example.com', roles: ['viewer'], options: {} },
		});
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toContain('needs the Admin permission');
		expect(error?.description).toContain('Admin permission');
		expect(Object.values(srv.state.invites).filter((invite) => invite.project === PROJECT_ID)).toHaveLength(0);
	});

	test('a wrong key is a 401 that points at the credential', async () => {
		const { error } = await runGovernance(srv, {
			apiKey: 'sk-wrong-000000000000',
			parameters: { resource: 'user', operation: 'getAll', returnAll: true },
		});
		expect(error?.httpCode).toBe('401');
		expect(error?.message).toContain('Invalid API key');
		expect(error?.description).toContain('Check the credential');
	});

	test('a 422 from the platform carries its validation message', async () => {
		// A group key the schema accepts but an action value it does not: only the server can tell.
		const { error } = await runGovernance(srv, {
			parameters: {
				resource: 'invite',
				operation: 'create',
				email: 'x@example.com',
				roles: [],
				options: { permissionsJson: '{"items": {"serviceDefault": {"actions": {"admin": "yes"}}}}' },
			},
		});
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toContain('must be boolean');
	});
});

describe('the API key never shows', () => {
	test('not in outputs, errors, error descriptions or the serialised run', async () => {
		const runs = [
			await runGovernance(srv, { parameters: { resource: 'project', operation: 'getAll', returnAll: true } }),
			await runGovernance(srv, { parameters: { resource: 'user', operation: 'remove', userId: byId('user-nobody') } }),
			await runGovernance(srv, { apiKey: VIEWER_KEY, parameters: { resource: 'invite', operation: 'getAll', returnAll: true } }),
			await runGovernance(srv, { continueOnFail: true, parameters: { resource: 'user', operation: 'remove', userId: byId('user-nobody') } }),
			await runGovernance(srv, { parameters: { resource: 'invite', operation: 'create', email: 'bad', roles: ['viewer'], options: {} } }),
		];
		// A server that echoes the Authorization header back in its error message.
		srv.failNext({ path: '/latest/auth/users/list', status: 400, body: { message: `bad header Bearer ${PROJECT_ID}:${ADMIN_KEY}` } });
		runs.push(await runGovernance(srv, { parameters: { resource: 'user', operation: 'getAll', returnAll: true } }));
		// A network failure, whose raw error carries the request headers.
		srv.failNext({ method: 'POST', path: '/latest/auth/invite/create', drop: true });
		runs.push(await runGovernance(srv, { parameters: { resource: 'invite', operation: 'create', email: 'n@example.com', roles: ['viewer'], options: {} } }));

		expect(runs[5].error?.message).toContain('[redacted]');
		expect(runs[6].error?.message).toContain('Could not reach the service');
		for (const { output, error, run } of runs) {
			const everything = JSON.stringify({ output, error, errorProps: error && { ...error, message: error.message, description: error.description, cause: (error as { cause?: unknown }).cause, stack: error.stack }, run });
			expect(everything).not.toContain(ADMIN_KEY);
			expect(everything).not.toContain(VIEWER_KEY);
		}
	});
});
