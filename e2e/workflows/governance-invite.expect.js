'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
// Invite → Create (roles, raw permissions JSON), Get Many (all and limit), Replace, Delete.
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['governance'],
	check({ assert, items, governance: { state, requests, constants } }) {
		const [first] = items('Create Invite');
		const [second] = items('Create Invite Custom Permissions');
		assert.match(first.invite_code, /^inv-[0-9a-f]{16}$/);
		assert.match(second.invite_code, /^inv-[0-9a-f]{16}$/);
		assert.notEqual(first.invite_code, second.invite_code);

		const createBodies = requests
			.filter((r) => r.path === '/latest/auth/invite/create')
			.map((r) => JSON.parse(r.body));
		assert.deepEqual(createBodies[0], {
			email: 'new.person@example.com',
			permissions: { items: { serviceDefault: { actions: { 'role:editor': true } } } },
		});
		assert.deepEqual(createBodies[1], {
			email: 'second.person@example.com',
			permissions: { items: { relevanceDefault: { actions: { 'role:viewer': true } } } },
		});
		for (const r of requests) {
			assert.equal(r.headers.authorization, `Bearer ${constants.PROJECT_ID}:${constants.ADMIN_KEY}`);
		}

		const listed = items('List Invites').map((i) => i.email).sort();
		assert.deepEqual(listed, ['new.person@example.com', 'second.person@example.com']);
		assert.equal(items('List Invites Limit 1').length, 1);

		const [replaced] = items('Replace Invite');
		assert.equal(replaced.replaced_invite_code, first.invite_code);
		assert.equal(replaced.email, 'new.person@example.com', 'email looked up from the old invite');
		assert.match(replaced.invite_code, /^inv-[0-9a-f]{16}$/);
		assert.notEqual(replaced.invite_code, first.invite_code);
		assert.deepEqual(createBodies[2], {
			email: 'new.person@example.com',
			permissions: { items: { serviceDefault: { actions: { 'role:viewer': true, admin: true } } } },
		});

		const [deleted] = items('Delete Invite');
		assert.equal(deleted.invite_code, replaced.invite_code);
		assert.equal(deleted.success, true);
		const deleteBodies = requests
			.filter((r) => r.path === '/latest/auth/invite/delete')
			.map((r) => JSON.parse(r.body).invite_code);
		assert.deepEqual(deleteBodies, [first.invite_code, replaced.invite_code]);

		// only the second invite is left in the project (the seed's invite of another project stays)
		const projectInvites = Object.values(state.invites).filter((invite) => invite.project === constants.PROJECT_ID);
		assert.deepEqual(projectInvites.map((invite) => invite._id), [second.invite_code]);
		assert.deepEqual(state.invites[second.invite_code].permissions, {
			items: { relevanceDefault: { actions: { 'role:viewer': true } } },
		});
	},
};
