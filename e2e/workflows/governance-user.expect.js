'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
// User → Get Many (all, limit, filter), Update Role (overwrite, then merge), Remove, Remove of
// an unknown user (error item with Continue On Fail), and Remove of the API key's own user (kept:
// no delete sent; each node run that may change a user asks /auth/info once). An invite for a user already in the
// organization adds them at once, so the workflow first brings user-member into the project.
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['governance'],
	check({ assert, items, governance: { state, requests, constants } }) {
		const ids = items('List Users').map((u) => u._id).sort();
		assert.deepEqual(ids, ['user-admin', 'user-viewer'], 'members of the project');
		assert.equal(items('List Users Limit 1').length, 1);
		const listBodies = requests
			.filter((r) => r.path === '/latest/auth/users/list')
			.map((r) => JSON.parse(r.body));
		assert.equal(listBodies.length, 3);
		assert.equal(listBodies[1].page_size, 1, 'limit 1 asks for one');
		assert.deepEqual(listBodies[2].user_filters, { email_search: 'viewer@' });
		assert.deepEqual(items('List Users Filtered').map((u) => u._id), ['user-viewer']);

		const [updated] = items('Update Role');
		assert.equal(updated.user_id, 'user-member');
		assert.equal(updated.success, true);
		const updates = requests.filter((r) => r.path === '/latest/auth/users/user-member/update');
		assert.equal(updates.length, 2);
		for (const r of updates) {
			assert.equal(r.headers.authorization, `${constants.PROJECT_ID}:${constants.ADMIN_KEY}`, 'no Bearer');
		}
		assert.deepEqual(JSON.parse(updates[0].body), {
			permissions: { items: { serviceDefault: { actions: { 'role:editor': true } } } },
			overwrite: true,
		});
		assert.deepEqual(JSON.parse(updates[1].body), {
			permissions: { items: { serviceDefault: { actions: { admin: true } } } },
		});
		// viewer replaced by editor (overwrite), then admin merged in
		assert.deepEqual(state.memberships[constants.PROJECT_ID]['user-member'], {
			items: { serviceDefault: { actions: { 'role:editor': true, admin: true } } },
		});

		const [removed] = items('Remove User');
		assert.equal(removed.user_id, 'user-viewer');
		assert.equal(state.memberships[constants.PROJECT_ID]['user-viewer'], undefined, 'user removed');
		assert.ok(state.memberships[constants.PROJECT_ID]['user-admin'], 'others stay');
		const removeReq = requests.find((r) => r.path === '/latest/auth/users/user-viewer/delete');
		assert.equal(removeReq.headers.authorization, `Bearer ${constants.PROJECT_ID}:${constants.ADMIN_KEY}`);

		const [unknown] = items('Remove Unknown User Continue On Fail');
		assert.match(String(unknown.error), /not in this project/);

		const [own] = items('Remove Own User');
		assert.deepEqual({ ...own, reason: undefined }, { success: false, kept: true, user_id: 'user-admin', reason: undefined });
		assert.match(own.reason, /^the API key's own user: not removed \(every call of this credential runs as this user; the option Include the API Key's Own User allows it\)$/);
		const guarded = requests
			.filter((r) => r.path === '/latest/auth/info' || /^\/latest\/auth\/users\/[^/]+\/(update|delete)$/.test(r.path))
			.map((r) => `${r.method} ${r.path}`);
		assert.deepEqual(guarded, [
			'GET /latest/auth/info',
			'POST /latest/auth/users/user-member/update',
			'GET /latest/auth/info',
			'POST /latest/auth/users/user-member/update',
			'GET /latest/auth/info',
			'POST /latest/auth/users/user-viewer/delete',
			'GET /latest/auth/info',
			'POST /latest/auth/users/user-nobody/delete',
			'GET /latest/auth/info', // Remove Own User: the lookup, and no delete
		]);
	},
};
