'use strict';
// DRAFT (not run yet): Client Info → every operation against the local stand-in.
module.exports = {
	servers: ['clientinfo'],
	check({ assert, items, clientinfo: { state, requests, constants } }) {
		const [client] = items('Create Client');
		assert.match(client.id, /^[0-9a-f-]{36}$/);
		assert.equal(state.clients[client.id].email, 'e2e.client@example.com');
		const createBody = JSON.parse(requests.find((r) => r.method === 'POST' && r.path === `${constants.API}/clients`).body);
		assert.deepEqual(createBody, { name: 'E2E Client', email: 'e2e.client@example.com', full_name: 'E2E Client Pty', phone: '+61 400 000 001' });
		assert.equal(items('Get Client')[0].id, client.id);
		assert.equal(items('List Clients Limit 1').length, 1);
		assert.deepEqual(items('List Templates').map((t) => t.id), constants.TEMPLATES.map((t) => t.id));

		const [request] = items('Create Request');
		assert.deepEqual(JSON.parse(requests.find((r) => r.method === 'POST' && r.path === `${constants.API}/requests`).body), {
			client_id: client.id,
			template_id: constants.TEMPLATES[1].id,
			name: 'E2E tax return',
			due_date: '2026-07-31',
		});
		assert.equal(items('Get Request')[0].status, 'published');
		assert.deepEqual(items('List Requests Of Client').map((r) => r.id), [request.id]);
		assert.equal(items('API Call')[0].pagination.limit, 5);
		for (const r of requests.filter((r) => r.path.startsWith(constants.API))) {
			assert.equal(r.headers.authorization, `Bearer ${constants.ACCESS_TOKEN}`);
		}
	},
};
