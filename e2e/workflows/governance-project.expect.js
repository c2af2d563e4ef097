'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
// Project → Create, Get Many (all and limit), Delete (not available: Continue On Fail item).
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['governance'],
	check({ assert, items, governance: { state, requests, constants } }) {
		const [created] = items('Create Project');
		assert.match(created.project_id, /^proj-[0-9a-f]{12}$/, 'create returns the new project_id');
		const stored = state.projects[created.project_id];
		assert.ok(stored, 'the server has the new project');
		assert.equal(stored.name, 'E2E created project');
		assert.equal(stored.description, 'made by the e2e test');
		assert.equal(stored.organization_id, constants.ORGANIZATION_ID);
		assert.equal(stored.language, 'en', 'additional field sent as given');

		const createReq = requests.find((r) => r.path === '/latest/projects/create');
		assert.equal(createReq.headers.authorization, `Bearer :${constants.ADMIN_KEY}`);

		const all = items('List Projects').map((p) => p.project_id).sort();
		// the seeded projects the admin key is in (PROJECT_IDS) and the new one
		assert.deepEqual(all, [created.project_id, ...constants.PROJECT_IDS].sort());
		assert.equal(items('List Projects Limit 1').length, 1);
		const lists = requests.filter((r) => r.path === '/latest/projects/list');
		assert.equal(lists.length, 2, `one page each (${all.length} projects, limit 1)`);
		assert.equal(lists[1].query.page_size, '1', 'limit 1 asks for one');

		const [deleted] = items('Delete Project Continue On Fail');
		assert.match(String(deleted.error), /not available yet/);
		assert.equal(requests.length, 3, 'project delete sends no request');
		assert.ok(state.projects[created.project_id], 'project still there');
	},
};
