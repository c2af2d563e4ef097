'use strict';
// DRAFT (not run yet): 25 creates paced under 20 writes / 10 s (about 10 s); in queue mode on the worker.
module.exports = {
	servers: ['clientinfo'],
	check({ assert, items, clientinfo: { server, state } }) {
		const created = items('Create Clients');
		assert.equal(created.length, 25);
		assert.equal(server.stats.rateLimited, 0, 'no 429 from the strict server');
		for (let i = 0; i < 25; i++) {
			const matches = Object.values(state.clients).filter((c) => c.email === `batch-${i}@example.com`);
			assert.equal(matches.length, 1, `batch-${i} created exactly once`);
		}
		const writes = server.apiRequests().filter((r) => r.method === 'POST').map((r) => r.at);
		assert.ok(writes[20] - writes[0] >= 10_000, 'the 21st write waited for the window');
	},
};
