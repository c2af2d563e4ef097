import type { IDataObject } from 'n8n-workflow';

import type { ClientInfoServer } from './harness';
import { ACCESS_TOKEN, API, CLIENT_SECRET, REFRESH_TOKEN, SEEDED_CLIENT_ID, TEMPLATES, byId, runClientInfo, startServer } from './harness';

let srv: ClientInfoServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const createClient = { resource: 'client', operation: 'create', name: 'N', email: '={{ $json.v }}', additionalFields: {} };
const createRequest = (extra: IDataObject = {}) => ({
	resource: 'request',
	operation: 'create',
	clientId: byId(SEEDED_CLIENT_ID),
	templateId: TEMPLATES[0].id,
	name: 'R',
	dueDate: '',
	additionalFields: {},
	...extra,
});
const listRequests = (clientId: IDataObject) => ({ resource: 'request', operation: 'getAll', clientId, returnAll: true, filters: { status: 'published' } });
const apiCall = (endpoint: string, extra: IDataObject = {}) => ({
	resource: 'apiCall',
	operation: 'request',
	method: 'GET',
	endpoint,
	query: '{}',
	body: '{}',
	fullResponse: false,
	...extra,
});

/**
 * Bad input: a NodeOperationError naming the problem and the item, and not one request sent.
 * Values come from items through expressions, as in a real workflow.
 */
describe('bad input: clear error, item index, zero requests', () => {
	const cases: Array<[string, IDataObject, IDataObject, RegExp]> = [
		['invalid email', createClient, { v: 'not-an-email' }, /Email is not a valid email address: "not-an-email"/],
		['email with a space', createClient, { v: 'a b@example.com' }, /not a valid email/],
		['empty email', createClient, { v: '' }, /Email is required/],
		['empty name', { ...createClient, name: '={{ $json.v }}', email: 'x@example.com' }, { v: ' ' }, /Name is required/],
		['Other Fields that are not JSON', { ...createClient, email: 'x@example.com', additionalFields: { otherFields: '{"a":' } }, {}, /Other Fields \(JSON\) is not valid JSON/],
		['due date 2026-02-30', createRequest({ dueDate: '={{ $json.v }}' }), { v: '2026-02-30' }, /Due Date is not a real date: "2026-02-30"/],
		['due date 31/07/2026', createRequest({ dueDate: '={{ $json.v }}' }), { v: '31/07/2026' }, /Due Date must be a date as YYYY-MM-DD/],
		['platform due field 2026-13-01', createRequest({ additionalFields: { due: '2026-13-01' } }), {}, /Due \(Platform Field\) is not a real date/],
		['empty template', createRequest({ templateId: '={{ $json.v }}' }), { v: '' }, /Template is required/],
		['template with a slash', createRequest({ templateId: '={{ $json.v }}' }), { v: '../clients' }, /Template must not contain "\/"/],
		['empty client', createRequest({ clientId: byId('={{ $json.v }}') }), { v: '' }, /Client is required/],
		['empty request name', createRequest({ name: '={{ $json.v }}' }), { v: '' }, /Name is required/],
		['client ID with a slash', { resource: 'client', operation: 'get', clientId: byId('a/b') }, {}, /Client must not contain "\/"/],
		['request ID ".."', { resource: 'request', operation: 'get', requestId: byId('..') }, {}, /Request is not a valid identifier/],
		['Get Many requests of a client given as a URL', listRequests(byId('={{ $json.v }}')), { v: `https://app.contentsnare.com/clients/${SEEDED_CLIENT_ID}` }, /Client must not contain "\/"/],
		['Get Many requests of a client ID with a path', listRequests({ __rl: true, mode: 'list', value: `${SEEDED_CLIENT_ID}/../../oauth` }), {}, /Client must not contain "\/"/],
		['Get Many requests of a client ID ".."', listRequests(byId('..')), {}, /Client is not a valid identifier/],
		['Get Many requests of a client ID of spaces only', listRequests(byId('={{ $json.v }}')), { v: '   ' }, /Client is blank/],
		['Get Many requests of a client ID with a line break', listRequests(byId('={{ $json.v }}')), { v: `${SEEDED_CLIENT_ID}\nx` }, /Client is not a valid identifier/],
		['limit 0', { resource: 'client', operation: 'getAll', returnAll: false, limit: '={{ 0 }}', filters: {} }, {}, /Limit must be a whole number/],
		['API call to an absolute URL', apiCall('https://evil.example.com/partner_api/v1/clients'), {}, /absolute URLs are not accepted/],
		['API call to the own host as absolute URL', apiCall('={{ $json.v }}'), { v: 'http://127.0.0.1:1/partner_api/v1/clients' }, /absolute URLs are not accepted/],
		['API call protocol-relative', apiCall('//evil.example.com/clients'), {}, /protocol-relative/],
		['API call with ..', apiCall('/clients/../../oauth/token'), {}, /"\." and "\.\." segments are not accepted/],
		['API call with encoded ..', apiCall('/clients/%2e%2e/%2E%2E/oauth/token'), {}, /"\." and "\.\." segments are not accepted/],
		['API call with a backslash', apiCall('/clients\\..\\x'), {}, /backslashes/],
		['API call with an @', apiCall('/@evil.example.com'), {}, /must be percent-encoded/],
		['API call with an empty endpoint', apiCall('={{ $json.v }}'), { v: '' }, /Endpoint is required/],
		['API call with invalid body JSON', apiCall('/clients', { method: 'POST', body: '{"name": ' }), {}, /Body \(JSON\) is not valid JSON/],
		['API call with a query that is an array', apiCall('/clients', { query: '[1, 2]' }), {}, /Query Parameters \(JSON\) must be a JSON object/],
		['API call with an unknown method', apiCall('/clients', { method: '={{ "TRACE" }}' }), {}, /Unknown method "TRACE"/],
	];

	test.each(cases)('%s', async (_name, parameters, item, message) => {
		const { error, output } = await runClientInfo(srv, { parameters, items: [item] });
		expect(output).toHaveLength(0);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toMatch(message);
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});

	test('unknown template: clear error before anything is created (one template lookup, no write)', async () => {
		const { error } = await runClientInfo(srv, { parameters: createRequest({ templateId: 'tpl-does-not-exist' }) });
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe('Unknown template "tpl-does-not-exist"');
		expect(error?.description).toContain('nothing was created');
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${API}/request_templates`]);
		expect(Object.keys(srv.state.requests)).toHaveLength(0);
	});

	test('the failing item is named: item 2 of 3, the first two sent', async () => {
		const { error } = await runClientInfo(srv, {
			items: [{ v: 'one@example.com' }, { v: 'two@example.com' }, { v: 'broken' }],
			parameters: createClient,
		});
		expect(error?.context?.itemIndex).toBe(2);
		expect(srv.requests).toHaveLength(2);
	});

	test('Get Many with a client per item: the item with a URL for its client is named, nothing sent for it', async () => {
		const { error } = await runClientInfo(srv, {
			items: [{ v: SEEDED_CLIENT_ID }, { v: `https://app.contentsnare.com/clients/${SEEDED_CLIENT_ID}` }],
			parameters: listRequests(byId('={{ $json.v }}')),
		});
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe('Client must not contain "/"');
		expect(error?.description).toContain('Enter only the ID');
		expect(error?.context?.itemIndex).toBe(1);
		expect(srv.requests.map((request) => request.query.client_id)).toEqual([SEEDED_CLIENT_ID]);
	});
});

describe('Continue On Fail', () => {
	test('good items go through, bad ones become {error} paired with their item', async () => {
		const { output, error } = await runClientInfo(srv, {
			continueOnFail: true,
			items: [{ v: 'one@example.com' }, { v: 'broken' }, { v: 'seeded.client@example.com' }, { v: 'four@example.com' }],
			parameters: createClient,
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(4);
		expect(output[0].json.id).toBeDefined();
		expect(output[1].json.error).toMatch(/not a valid email address: "broken"/);
		expect(output[1].pairedItem).toEqual({ item: 1 });
		expect(output[2].json).toMatchObject({ httpCode: '422' });
		expect(output[2].json.error).toContain('has already been taken');
		expect(output[3].json.id).toBeDefined();
		expect(output[3].pairedItem).toEqual({ item: 3 });
		expect(srv.apiRequests()).toHaveLength(3);
	});
});

describe('API errors keep their meaning', () => {
	test('a missing scope is the platform\'s 403 with a hint about scopes', async () => {
		const tokens = srv.issueTokens({ scopes: ['read_clients'] });
		const { error } = await runClientInfo(srv, { tokens, parameters: { ...createClient, email: 'x@example.com' } });
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toContain('needs the write_clients scope');
		expect(error?.description).toContain('scope');
	});

	test('a 500 on a write is not retried', async () => {
		srv.failNext({ path: `${API}/clients`, status: 500, body: { error: 'boom' } });
		const { error } = await runClientInfo(srv, { parameters: { ...createClient, email: 'x@example.com' } });
		expect(error?.httpCode).toBe('500');
		expect(srv.requests).toHaveLength(1);
	});

	test('a 503 on a read is retried', async () => {
		srv.failNext({ path: `${API}/clients/${SEEDED_CLIENT_ID}`, status: 503 });
		const { output, error } = await runClientInfo(srv, { parameters: { resource: 'client', operation: 'get', clientId: byId(SEEDED_CLIENT_ID) } });
		expect(error).toBeUndefined();
		expect(output[0].json.id).toBe(SEEDED_CLIENT_ID);
		expect(srv.requests).toHaveLength(2);
	});
});

describe('secrets never show', () => {
	test('not in outputs, errors or the serialised run', async () => {
		const runs = [
			await runClientInfo(srv, { parameters: { resource: 'client', operation: 'getAll', returnAll: true, filters: {} } }),
			await runClientInfo(srv, { parameters: { resource: 'client', operation: 'get', clientId: byId('nope') } }),
			await runClientInfo(srv, { continueOnFail: true, parameters: { resource: 'client', operation: 'get', clientId: byId('nope') } }),
			await runClientInfo(srv, { parameters: { ...createClient, email: 'bad' } }),
		];
		// A platform that echoes the token back in its error.
		srv.failNext({ path: `${API}/clients`, status: 400, body: { error: `bad token ${ACCESS_TOKEN}` } });
		runs.push(await runClientInfo(srv, { parameters: { resource: 'client', operation: 'getAll', returnAll: true, filters: {} } }));
		// A dropped connection on a write, whose raw error carries the request headers.
		srv.failNext({ method: 'POST', path: `${API}/clients`, drop: true });
		runs.push(await runClientInfo(srv, { parameters: { ...createClient, email: 'drop@example.com' } }));
		// A refused refresh.
		srv.expireAccessTokens();
		srv.revokeRefreshTokens();
		runs.push(await runClientInfo(srv, { parameters: { resource: 'client', operation: 'getAll', returnAll: true, filters: {} } }));

		expect(runs[4].error?.message).toContain('[redacted]');
		expect(runs[5].error?.message).toContain('Could not reach the service');
		expect(runs[6].error?.message).toContain('reconnect the credential');
		for (const { output, error, run } of runs) {
			const everything = JSON.stringify({
				output,
				error,
				errorProps: error && { ...error, message: error.message, description: error.description, cause: (error as { cause?: unknown }).cause, stack: error.stack },
				run,
			});
			expect(everything).not.toContain(ACCESS_TOKEN);
			expect(everything).not.toContain(REFRESH_TOKEN);
			expect(everything).not.toContain(CLIENT_SECRET);
		}
	});
});
