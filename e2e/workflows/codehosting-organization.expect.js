'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting → Organization Get Repositories: a limit of 1 is one request of per_page=1;
 * Return All by URL with filters; an unknown organization is the platform's 404.
 */
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, codehosting: { requests } }) {
		assert.equal(items('Create Org Repo 2')[0].full_name, 'octo-org/e2e-org-a');
		const lists = requests.filter((r) => r.method === 'GET' && r.path === '/orgs/octo-org/repos');
		assert.equal(items('Org Repositories Limit 1').length, 1);
		assert.equal(lists[0].query.per_page, '1');
		assert.deepEqual(items('Org Repositories All').map((r) => r.name), ['e2e-org-a', 'e2e-org-b', 'org-repo']);
		assert.equal(lists.length, 2, 'one request each');
		assert.deepEqual({ type: lists[1].query.type, sort: lists[1].query.sort, direction: lists[1].query.direction }, { type: 'all', sort: 'full_name', direction: 'asc' });
		const [unknown] = items('Unknown Organization');
		assert.equal(unknown.httpCode, '404');
		assert.match(unknown.error, /Not Found/);
	},
};
