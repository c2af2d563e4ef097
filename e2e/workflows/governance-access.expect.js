'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
// Access → Ensure from each starting state (nobody, organization user, member with other roles,
// pending invite with other roles), repeated runs that write nothing, and Access → Revoke
// (member with API keys, pending invite, nobody). Server state and every write are checked.
const WRITES = /\/(create|update|delete)$/;

module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['governance'],
	check({ assert, items, governance: { state, requests, constants } }) {
		const { PROJECT_ID, ADMIN_KEY, VIEWER_USER_ID } = constants;
		const one = (name) => {
			const list = items(name);
			assert.equal(list.length, 1, `${name}: one item`);
			return list[0];
		};

		const invited = one('Ensure New Person');
		assert.equal(invited.action, 'invited');
		assert.equal(invited.accepted, false);
		assert.deepEqual(invited.roles, ['editor']);
		assert.match(invited.inviteId, /^inv-[0-9a-f]{16}$/);

		const orgUser = one('Ensure Org Member');
		assert.equal(orgUser.action, 'invited');
		assert.equal(orgUser.accepted, true, 'an organization user is added at once');

		assert.deepEqual(one('Ensure Viewer As Editor'), {
			email: 'viewer@example.com',
			action: 'updated',
			userId: VIEWER_USER_ID,
			roles: ['editor'],
			accepted: true,
		});

		const reinvited = one('Ensure New Person As Viewer');
		assert.equal(reinvited.action, 'reinvited');
		assert.notEqual(reinvited.inviteId, invited.inviteId);
		assert.deepEqual(reinvited.roles, ['viewer']);

		assert.deepEqual(one('Ensure New Person Again'), {
			email: 'new.person@example.com',
			action: 'unchanged',
			inviteId: reinvited.inviteId,
			roles: ['viewer'],
			accepted: false,
		});
		assert.equal(one('Ensure Viewer Again').action, 'unchanged');

		assert.deepEqual(one('Revoke Viewer With Keys'), {
			email: 'viewer@example.com',
			action: 'removed',
			userId: VIEWER_USER_ID,
			keysDeleted: 1,
		});
		assert.deepEqual(one('Revoke New Person'), {
			email: 'new.person@example.com',
			action: 'uninvited',
			inviteIds: [reinvited.inviteId],
			keysDeleted: 0,
		});
		assert.deepEqual(one('Revoke New Person Again'), { email: 'new.person@example.com', action: 'notFound', keysDeleted: 0 });

		// Every write, in order: the repeated steps sent none.
		const writes = requests.filter((r) => WRITES.test(r.path)).map((r) => `${r.path} ${r.body}`);
		const viewerPermissions = JSON.stringify({ items: { serviceDefault: { actions: { 'role:viewer': true } } } });
		const editorPermissions = JSON.stringify({ items: { serviceDefault: { actions: { 'role:editor': true } } } });
		assert.deepEqual(writes, [
			`/latest/auth/invite/create {"email":"new.person@example.com","permissions":${editorPermissions}}`,
			`/latest/auth/invite/create {"email":"member@example.com","permissions":${viewerPermissions}}`,
			`/latest/auth/users/${VIEWER_USER_ID}/update {"permissions":${editorPermissions},"overwrite":true}`,
			`/latest/auth/invite/delete {"invite_code":"${invited.inviteId}"}`,
			`/latest/auth/invite/create {"email":"new.person@example.com","permissions":${viewerPermissions}}`,
			`/latest/auth/users/${VIEWER_USER_ID}/keys/delete {"id":"key-viewer"}`,
			`/latest/auth/users/${VIEWER_USER_ID}/delete {}`,
			`/latest/auth/invite/delete {"invite_code":"${reinvited.inviteId}"}`,
		]);

		// Authorization forms: the role update without Bearer, everything else Bearer <project>:<key>.
		for (const r of requests) {
			const expected = /\/users\/[^/]+\/update$/.test(r.path) ? `${PROJECT_ID}:${ADMIN_KEY}` : `Bearer ${PROJECT_ID}:${ADMIN_KEY}`;
			assert.equal(r.headers.authorization, expected, `${r.path}: Authorization form`);
		}

		// End state: the org user is a viewer member, the viewer is gone with its key, no invite in
		// the project (the seed's pending invite of another project stays).
		assert.deepEqual(state.memberships[PROJECT_ID]['user-member'], JSON.parse(viewerPermissions));
		assert.equal(state.memberships[PROJECT_ID][VIEWER_USER_ID], undefined);
		assert.ok(!Object.values(state.keys).some((key) => key.user_id === VIEWER_USER_ID), 'the viewer has no API key left');
		assert.deepEqual(Object.values(state.invites).filter((invite) => invite.project === PROJECT_ID), []);
	},
};
