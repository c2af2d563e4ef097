import type { ClientInfoServer } from './harness';
import { API, SEEDED_CLIENT_ID, TEMPLATES, runClientInfo, startServer } from './harness';

// Client Info run as an AI tool (its `<name>Tool` variant) against the strict stand-in: clients and
// requests simplified by default, the action node unchanged.

let srv: ClientInfoServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

describe('Simplify as a tool', () => {
	test('Client → Get Many: id, name, email (what a person reads), one request', async () => {
		srv.addClients(3);
		const { output, error } = await runClientInfo(srv, { asTool: true, parameters: { resource: 'client', operation: 'getAll', returnAll: false, limit: 10, filters: {} } });
		expect(error).toBeUndefined();
		expect(output.length).toBeGreaterThanOrEqual(3);
		for (const item of output) {
			expect(Object.keys(item.json).every((key) => ['id', 'name', 'email', 'companies', 'phone'].includes(key))).toBe(true);
			expect(item.json.created_at).toBeUndefined();
		}
		expect(output.find((item) => item.json.id === SEEDED_CLIENT_ID)?.json).toMatchObject({ email: 'seeded.client@example.com' });
		expect(srv.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${API}/clients`]);
	});

	test('Request → Get Many: id, name, status, client', async () => {
		const created = await runClientInfo(srv, {
			parameters: { resource: 'request', operation: 'create', name: 'Tax return 2025', clientId: { __rl: true, mode: 'id', value: SEEDED_CLIENT_ID }, templateId: TEMPLATES[1].id, additionalFields: {} },
		});
		expect(created.error).toBeUndefined();
		const { output, error } = await runClientInfo(srv, { asTool: true, parameters: { resource: 'request', operation: 'getAll', returnAll: true, filters: {} } });
		expect(error).toBeUndefined();
		expect(output.find((item) => item.json.name === 'Tax return 2025')?.json).toEqual({
			id: created.output[0].json.id,
			name: 'Tax return 2025',
			status: expect.any(String),
			clientId: SEEDED_CLIENT_ID,
			dueDate: undefined,
			createdAt: expect.any(String),
		});
	});

	test('Request → Get Many of one client: the client ID a model fills in ($fromAI in By ID) goes out as client_id', async () => {
		const [other] = srv.addClients(1, 'other');
		srv.addRequests(2, { clientId: other });
		srv.addRequests(1);
		srv.resetRequests();
		const { output, error } = await runClientInfo(srv, {
			asTool: true,
			items: [{ client_id: other }],
			parameters: { resource: 'request', operation: 'getAll', clientId: { __rl: true, mode: 'id', value: '={{ $json.client_id }}' }, returnAll: false, limit: 10, filters: {} },
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.clientId)).toEqual([other, other]);
		expect(srv.apiRequests().map((request) => request.query)).toEqual([{ client_id: other, limit: '10', offset: '0' }]);
	});

	test('the action node: the platform\'s objects, as before', async () => {
		const { output } = await runClientInfo(srv, { parameters: { resource: 'client', operation: 'getAll', returnAll: false, limit: 10, filters: {} } });
		expect(output.find((item) => item.json.id === SEEDED_CLIENT_ID)?.json.created_at).toEqual(expect.any(String));
	});
});
