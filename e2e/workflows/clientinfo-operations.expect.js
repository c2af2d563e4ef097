'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Client Info → Client Create (Additional Fields sent as given), Get, Get Many (limit; search);
 * Template Get Many; Request Create (template checked against the account's list, n8n date value
 * sent as YYYY-MM-DD), Get (with its status), Get Many (the Client picker in From List mode, an
 * expression giving the ID, and the status filter); API Call
 * (endpoint given with the /partner_api/v1 prefix, query as JSON). Every call carries the OAuth2
 * credential's access token.
 */
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['clientinfo'],
	check({ assert, items, clientinfo: { server, state, constants } }) {
		const api = server.apiRequests();
		for (const r of api) assert.equal(r.headers.authorization, `Bearer ${constants.ACCESS_TOKEN}`, `${r.method} ${r.path}`);
		assert.equal(server.stats.rateLimited, 0, 'no 429');
		assert.equal(server.stats.tokenRequests.length, 0, 'the stored token was used, no refresh');

		const [client] = items('Create Client');
		assert.match(client.id, /^[0-9a-f-]{36}$/);
		assert.equal(state.clients[client.id].email, 'e2e.client@example.com');
		assert.equal(state.clients[client.id].phone, '+61 400 000 001');
		const createClient = api.find((r) => r.method === 'POST' && r.path === `${constants.API}/clients`);
		assert.deepEqual(JSON.parse(createClient.body), { name: 'E2E Client', email: 'e2e.client@example.com', full_name: 'E2E Client Pty', phone: '+61 400 000 001' });

		assert.equal(items('Get Client')[0].id, client.id);
		assert.equal(items('Get Client')[0].full_name, 'E2E Client Pty');

		const limited = items('List Clients Limit 1');
		assert.deepEqual(limited.map((c) => c.id), [constants.SEEDED_CLIENT_ID], 'the oldest client only');
		const clientLists = api.filter((r) => r.method === 'GET' && r.path === `${constants.API}/clients`);
		assert.equal(clientLists[0].query.limit, '1', 'Limit 1 asks for one');
		assert.deepEqual(items('Search Clients').map((c) => c.id), [client.id]);
		assert.equal(clientLists[1].query.q, 'e2e.client@');

		assert.deepEqual(items('List Templates').map((t) => t.id), constants.TEMPLATES.map((t) => t.id));

		const [request] = items('Create Request');
		const createRequest = api.find((r) => r.method === 'POST' && r.path === `${constants.API}/requests`);
		assert.deepEqual(JSON.parse(createRequest.body), {
			client_id: client.id,
			template_id: constants.TEMPLATES[1].id,
			name: 'E2E tax return',
			due_date: '2026-07-31',
		});
		assert.equal(state.requests[request.id].client_id, client.id);
		assert.equal(state.requests[request.id].due_date, '2026-07-31');

		const [fetched] = items('Get Request');
		assert.equal(fetched.id, request.id);
		assert.equal(fetched.status, 'published');

		assert.deepEqual(items('List Requests Of Client').map((r) => r.id), [request.id]);
		const requestLists = api.filter((r) => r.method === 'GET' && r.path === `${constants.API}/requests`);
		assert.equal(requestLists[0].query.client_id, client.id);
		assert.equal(requestLists[0].query.status, 'published');

		const [call] = items('API Call');
		assert.equal(call.pagination.limit, 5);
		assert.equal(call.pagination.total, 1);
		assert.deepEqual(call.results.map((r) => r.id), [request.id]);
		assert.deepEqual(requestLists[1].query, { status: 'published', limit: '5' });
		assert.equal(requestLists[1].rawPath, `${constants.API}/requests`, 'the prefix is not doubled');
	},
};
