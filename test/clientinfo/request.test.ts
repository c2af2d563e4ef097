import type { ClientInfoServer } from './harness';
import { API, SEEDED_CLIENT_ID, TEMPLATES, bodiesOf, byId, runClientInfo, startServer } from './harness';

let srv: ClientInfoServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const createParameters = (extra: object = {}) => ({
	resource: 'request',
	operation: 'create',
	clientId: byId(SEEDED_CLIENT_ID),
	templateId: TEMPLATES[1].id,
	name: 'Tax return 2025',
	dueDate: '2026-07-31',
	additionalFields: {},
	...extra,
});

describe('request → create', () => {
	test('sends {client_id, template_id, name, due_date} after one template lookup', async () => {
		const { output, error } = await runClientInfo(srv, { parameters: createParameters() });
		expect(error).toBeUndefined();
		const id = output[0].json.id as string;
		expect(srv.state.requests[id]).toMatchObject({ client_id: SEEDED_CLIENT_ID, template_id: TEMPLATES[1].id, name: 'Tax return 2025', due_date: '2026-07-31' });
		expect(output[0].json).toMatchObject({ id, status: 'published' });
		expect(srv.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
			`GET ${API}/request_templates`,
			`POST ${API}/requests`,
		]);
		expect(bodiesOf(srv, 'POST', '/requests')).toEqual([
			{ client_id: SEEDED_CLIENT_ID, template_id: TEMPLATES[1].id, name: 'Tax return 2025', due_date: '2026-07-31' },
		]);
	});

	test('n8n date values (ISO date-time, $now) become YYYY-MM-DD; no due date sends none', async () => {
		await runClientInfo(srv, { parameters: createParameters({ dueDate: '2026-08-15T00:00:00' }) });
		await runClientInfo(srv, { parameters: createParameters({ dueDate: '={{ $now.plus({ days: 0 }).set({ year: 2027, month: 1, day: 9 }) }}' }) });
		await runClientInfo(srv, { parameters: createParameters({ dueDate: '' }) });
		const bodies = bodiesOf(srv, 'POST', '/requests');
		expect(bodies.map((body) => body.due_date)).toEqual(['2026-08-15', '2027-01-09', undefined]);
		expect(Object.keys(bodies[2])).not.toContain('due_date');
	});

	test('a batch looks the templates up once per run', async () => {
		const { output, error } = await runClientInfo(srv, {
			items: [{ n: 'A' }, { n: 'B' }, { n: 'C' }],
			parameters: createParameters({ name: '={{ $json.n }}' }),
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.name)).toEqual(['A', 'B', 'C']);
		expect(srv.apiRequests().filter((request) => request.path === `${API}/request_templates`)).toHaveLength(1);
	});

	test('Additional Fields are sent as given (the platform\'s own field names)', async () => {
		const { error } = await runClientInfo(srv, {
			parameters: createParameters({
				dueDate: '',
				additionalFields: { due: '2026-09-01', company_name: 'Acme Pty Ltd', otherFields: '{"status": "draft"}' },
			}),
		});
		expect(error).toBeUndefined();
		expect(bodiesOf(srv, 'POST', '/requests')).toEqual([
			{ client_id: SEEDED_CLIENT_ID, template_id: TEMPLATES[1].id, name: 'Tax return 2025', due: '2026-09-01', company_name: 'Acme Pty Ltd', status: 'draft' },
		]);
		const created = Object.values(srv.state.requests).find((request) => request.name === 'Tax return 2025');
		expect(created).toMatchObject({ status: 'draft', due_date: '2026-09-01' });
	});

	test('templates past the first page are found', async () => {
		srv.addTemplates(250);
		const last = Object.values(srv.state.templates).pop() as { id: string };
		const { error } = await runClientInfo(srv, { parameters: createParameters({ templateId: last.id }) });
		expect(error).toBeUndefined();
		expect(srv.apiRequests().filter((request) => request.path === `${API}/request_templates`).map((request) => request.query.offset)).toEqual(['0', '200']);
	});
});

describe('request → get', () => {
	test('returns the request with its status', async () => {
		const [id] = srv.addRequests(1, { status: 'completed' });
		const { output, error } = await runClientInfo(srv, { parameters: { resource: 'request', operation: 'get', requestId: byId(id) } });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ id, status: 'completed', client_id: SEEDED_CLIENT_ID });
		expect(srv.apiRequests()[0]).toMatchObject({ method: 'GET', path: `${API}/requests/${id}` });
	});

	test('an unknown request is a 404', async () => {
		const { error } = await runClientInfo(srv, { parameters: { resource: 'request', operation: 'get', requestId: byId('nope') } });
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toContain('Request nope not found');
	});
});

describe('request → getAll', () => {
	let otherClient: string;
	beforeEach(() => {
		[otherClient] = srv.addClients(1, 'other');
		srv.addRequests(3, { status: 'published' });
		srv.addRequests(2, { status: 'completed' });
		srv.addRequests(4, { status: 'completed', clientId: otherClient });
	});

	test('filters by status and client (picked by ID) go to the platform', async () => {
		const { output } = await runClientInfo(srv, {
			parameters: { resource: 'request', operation: 'getAll', clientId: byId(SEEDED_CLIENT_ID), returnAll: true, filters: { status: 'completed' } },
		});
		expect(output).toHaveLength(2);
		expect(output.every((item) => item.json.status === 'completed' && item.json.client_id === SEEDED_CLIENT_ID)).toBe(true);
		expect(srv.apiRequests()[0].query).toEqual({ status: 'completed', client_id: SEEDED_CLIENT_ID, limit: '200', offset: '0' });
	});

	test('a client picked from the list sends its ID as client_id', async () => {
		const { output, error } = await runClientInfo(srv, {
			parameters: {
				resource: 'request',
				operation: 'getAll',
				clientId: { __rl: true, mode: 'list', value: otherClient, cachedResultName: 'other 0 <other-0@example.com>' },
				returnAll: true,
				filters: {},
			},
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(4);
		expect(output.every((item) => item.json.client_id === otherClient)).toBe(true);
		expect(srv.apiRequests().map((request) => request.query)).toEqual([{ client_id: otherClient, limit: '200', offset: '0' }]);
	});

	test('a client ID from an expression (as $fromAI or an earlier node fills it), trimmed', async () => {
		const { output, error } = await runClientInfo(srv, {
			items: [{ client: ` ${otherClient} ` }],
			parameters: { resource: 'request', operation: 'getAll', clientId: byId('={{ $json.client }}'), returnAll: false, limit: 2, filters: {} },
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(2);
		expect(srv.apiRequests().map((request) => request.query)).toEqual([{ client_id: otherClient, limit: '2', offset: '0' }]);
	});

	test.each([
		['not set (a workflow without the parameter)', {}],
		['the picker at its default (From List, nothing picked)', { clientId: { __rl: true, mode: 'list', value: '' } }],
		['By ID left empty', { clientId: byId('') }],
		['By ID from an expression that gives nothing', { clientId: byId('={{ $json.none ?? "" }}') }],
	])('client %s: every client\'s requests, no client_id sent', async (_name, extra) => {
		const { output, error } = await runClientInfo(srv, {
			parameters: { resource: 'request', operation: 'getAll', returnAll: true, filters: {}, ...extra },
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(9);
		expect(srv.apiRequests().map((request) => request.query)).toEqual([{ limit: '200', offset: '0' }]);
	});

	test('Limit 4 of all requests: one request', async () => {
		const { output } = await runClientInfo(srv, {
			parameters: { resource: 'request', operation: 'getAll', returnAll: false, limit: 4, filters: {} },
		});
		expect(output).toHaveLength(4);
		expect(srv.apiRequests()).toHaveLength(1);
	});
});
