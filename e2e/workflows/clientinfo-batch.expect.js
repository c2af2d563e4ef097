'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Client Info → 25 Client Creates in one run against the strict server (20 writes per sliding
 * 10 s): paced, so no 429, every client created exactly once, and the 21st write waits for the
 * window. In queue mode the worker runs it (the runner re-runs it through a Webhook trigger).
 */
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['clientinfo'],
	check({ assert, items, clientinfo: { server, state } }) {
		const created = items('Create Clients');
		assert.equal(created.length, 25);
		assert.equal(server.stats.rateLimited, 0, 'no 429 from the strict server');
		for (let i = 0; i < 25; i++) {
			const matches = Object.values(state.clients).filter((c) => c.email === `batch-${i}@example.com`);
			assert.equal(matches.length, 1, `batch-${i} created exactly once`);
			assert.equal(created[i].email, `batch-${i}@example.com`, 'output items in input order');
			assert.equal(created[i].id, matches[0].id);
		}
		const writes = server.apiRequests().filter((r) => r.method === 'POST');
		assert.equal(writes.length, 25, 'one POST per client, none repeated');
		assert.ok(writes.every((r) => r.status === 201));
		assert.ok(writes[20].at - writes[0].at >= 10_000, `the 21st write waited for the window (${writes[20].at - writes[0].at} ms)`);
	},
};
