import type { ClientInfoServer } from './harness';
import { ACCESS_TOKEN, API, SEEDED_CLIENT_ID, bodiesOf, byId, runClientInfo, startServer } from './harness';

let srv: ClientInfoServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

describe('client → create', () => {
	test('sends {name, email} with the bearer token and returns the new client', async () => {
		const { output, error } = await runClientInfo(srv, {
			parameters: { resource: 'client', operation: 'create', name: 'Ada Lovelace', email: 'ada@example.com', additionalFields: {} },
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		const id = output[0].json.id as string;
		expect(srv.state.clients[id]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
		expect(output[0].json).toMatchObject({ id, name: 'Ada Lovelace', email: 'ada@example.com' });
		expect(output[0].pairedItem).toEqual({ item: 0 });
		const [request] = srv.apiRequests();
		expect(request).toMatchObject({ method: 'POST', path: `${API}/clients` });
		expect(request.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(request.body ?? '')).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
	});

	test('Additional Fields are sent as given, "Other Fields (JSON)" merged in', async () => {
		const { error } = await runClientInfo(srv, {
			parameters: {
				resource: 'client',
				operation: 'create',
				name: 'Grace',
				email: 'grace@example.com',
				additionalFields: {
					full_name: 'Grace Hopper',
					phone: '+61 400 000 000',
					otherFields: '{"client_companies": [{"name": "Navy"}]}',
				},
			},
		});
		expect(error).toBeUndefined();
		expect(bodiesOf(srv, 'POST', '/clients')).toEqual([
			{ name: 'Grace', email: 'grace@example.com', full_name: 'Grace Hopper', phone: '+61 400 000 000', client_companies: [{ name: 'Navy' }] },
		]);
	});

	test('values from items through expressions, one client per item, paired', async () => {
		const { output, error } = await runClientInfo(srv, {
			items: [{ n: 'One', e: 'one@example.com' }, { n: 'Two', e: 'two@example.com' }],
			parameters: { resource: 'client', operation: 'create', name: '={{ $json.n }}', email: '={{ $json.e }}', additionalFields: {} },
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.email, item.pairedItem])).toEqual([
			['one@example.com', { item: 0 }],
			['two@example.com', { item: 1 }],
		]);
	});

	test('the platform\'s 422 keeps its message and field errors', async () => {
		const { error } = await runClientInfo(srv, {
			parameters: { resource: 'client', operation: 'create', name: 'Dup', email: 'seeded.client@example.com', additionalFields: {} },
		});
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toContain('email has already been taken');
	});
});

describe('client → get', () => {
	test('by ID', async () => {
		const { output, error } = await runClientInfo(srv, {
			parameters: { resource: 'client', operation: 'get', clientId: byId(SEEDED_CLIENT_ID) },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ id: SEEDED_CLIENT_ID, email: 'seeded.client@example.com' });
		expect(srv.apiRequests()[0]).toMatchObject({ method: 'GET', path: `${API}/clients/${SEEDED_CLIENT_ID}` });
	});

	test('an unknown client is the platform\'s 404 with its message', async () => {
		const { error } = await runClientInfo(srv, {
			parameters: { resource: 'client', operation: 'get', clientId: byId('no-such-client') },
		});
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toContain('Client no-such-client not found');
		expect(error?.description).toContain('Check the ID');
	});
});

describe('client → getAll', () => {
	beforeEach(() => {
		srv.addClients(450);
	});

	test('Limit 5 is one request for 5', async () => {
		const { output } = await runClientInfo(srv, {
			parameters: { resource: 'client', operation: 'getAll', returnAll: false, limit: 5, filters: {} },
		});
		expect(output).toHaveLength(5);
		expect(srv.apiRequests().map((request) => request.query)).toEqual([{ limit: '5', offset: '0' }]);
	});

	test('Limit 250 reads two pages, the second only as large as needed', async () => {
		const { output } = await runClientInfo(srv, {
			parameters: { resource: 'client', operation: 'getAll', returnAll: false, limit: 250, filters: {} },
		});
		expect(output).toHaveLength(250);
		expect(srv.apiRequests().map((request) => request.query)).toEqual([
			{ limit: '200', offset: '0' },
			{ limit: '50', offset: '200' },
		]);
		expect(new Set(output.map((item) => item.json.id)).size).toBe(250);
	});

	test('Return All reads every page and stops at the total', async () => {
		const { output } = await runClientInfo(srv, {
			parameters: { resource: 'client', operation: 'getAll', returnAll: true, filters: {} },
		});
		expect(output).toHaveLength(451);
		expect(srv.apiRequests().map((request) => request.query.offset)).toEqual(['0', '200', '400']);
	});

	test('Search filter goes to the platform as q', async () => {
		const { output } = await runClientInfo(srv, {
			parameters: { resource: 'client', operation: 'getAll', returnAll: true, filters: { q: 'seeded' } },
		});
		expect(output.map((item) => item.json.id)).toEqual([SEEDED_CLIENT_ID]);
		expect(srv.apiRequests()[0].query).toEqual({ q: 'seeded', limit: '200', offset: '0' });
	});
});
