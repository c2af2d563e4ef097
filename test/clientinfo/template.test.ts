import type { ClientInfoServer } from './harness';
import { API, TEMPLATES, runClientInfo, startServer } from './harness';

let srv: ClientInfoServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

describe('template → getAll', () => {
	test('lists the account\'s templates', async () => {
		const { output, error } = await runClientInfo(srv, { parameters: { resource: 'template', operation: 'getAll', returnAll: true } });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toEqual(TEMPLATES);
		expect(srv.apiRequests()[0]).toMatchObject({ method: 'GET', path: `${API}/request_templates`, query: { limit: '200', offset: '0' } });
	});

	test('Limit 2', async () => {
		const { output } = await runClientInfo(srv, { parameters: { resource: 'template', operation: 'getAll', returnAll: false, limit: 2 } });
		expect(output.map((item) => item.json.id)).toEqual([TEMPLATES[0].id, TEMPLATES[1].id]);
		expect(srv.apiRequests()[0].query).toEqual({ limit: '2', offset: '0' });
	});
});
