import type { IDataObject } from 'n8n-workflow';

import type { ClientInfoServer } from './harness';
import { ACCESS_TOKEN, API, SEEDED_CLIENT_ID, TEMPLATES, runClientInfo, startServer } from './harness';

let srv: ClientInfoServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const call = (method: string, endpoint: string, extra: IDataObject = {}) => ({
	resource: 'apiCall',
	operation: 'request',
	method,
	endpoint,
	query: '{}',
	body: '{}',
	fullResponse: false,
	...extra,
});

describe('apiCall → request', () => {
	test('GET with query JSON: the body is the output, auth added by the credential', async () => {
		srv.addRequests(2, { status: 'completed' });
		const { output, error } = await runClientInfo(srv, {
			parameters: call('GET', '/requests', { query: '{"status": "completed", "limit": 1}' }),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ pagination: { offset: 0, limit: 1, total: 2 } });
		expect((output[0].json.results as IDataObject[])).toHaveLength(1);
		const [request] = srv.apiRequests();
		expect(request).toMatchObject({ method: 'GET', path: `${API}/requests`, query: { status: 'completed', limit: '1' } });
		expect(request.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
	});

	test('POST with a JSON body; the /partner_api/v1 prefix may be given; a query in the endpoint is kept', async () => {
		const { output, error } = await runClientInfo(srv, {
			parameters: call('POST', `${API}/clients?source=n8n`, { body: '{"name": "Via API call", "email": "api@example.com"}', query: '{}' }),
		});
		// The strict server refuses unknown query parameters only on lists; a POST ignores them.
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ name: 'Via API call', email: 'api@example.com' });
		const [request] = srv.apiRequests();
		expect(request).toMatchObject({ method: 'POST', path: `${API}/clients`, query: { source: 'n8n' } });
		expect(JSON.parse(request.body ?? '')).toEqual({ name: 'Via API call', email: 'api@example.com' });
	});

	test('a body given as an object through an expression', async () => {
		const { error } = await runClientInfo(srv, {
			items: [{ payload: { name: 'Expr', email: 'expr@example.com' } }],
			parameters: call('POST', '/clients', { body: '={{ $json.payload }}' }),
		});
		expect(error).toBeUndefined();
		expect(Object.values(srv.state.clients).some((client) => client.email === 'expr@example.com')).toBe(true);
	});

	test('DELETE with an empty answer (204) and the full response', async () => {
		srv.state.webhooks.w1 = { id: 'w1', url: 'http://127.0.0.1:1/x', subscriptions: ['client_created'], enabled: true };
		const { output, error } = await runClientInfo(srv, {
			parameters: call('DELETE', '/webhooks/w1', { fullResponse: true }),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ statusCode: 204 });
		expect(srv.state.webhooks.w1).toBeUndefined();
	});

	test('a GET answered with an object by ID', async () => {
		const { output } = await runClientInfo(srv, { parameters: call('GET', `/clients/${SEEDED_CLIENT_ID}`) });
		expect(output[0].json.id).toBe(SEEDED_CLIENT_ID);
	});

	test('GET templates through the API call counts as a read for pacing, not a write', async () => {
		const { output } = await runClientInfo(srv, { parameters: call('GET', '/request_templates') });
		expect((output[0].json.results as IDataObject[]).map((template) => template.id)).toEqual(TEMPLATES.map((template) => template.id));
	});

	test('platform errors come back as NodeApiError with the status', async () => {
		const { error } = await runClientInfo(srv, { parameters: call('GET', '/no_such_thing') });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toContain('No route');
	});
});
