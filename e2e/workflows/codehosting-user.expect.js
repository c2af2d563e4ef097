'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting → User Get Current, Get Repositories (of the login from the previous step, limit 2),
 * Get Issues (created by the connected account, all states), Invite by email (admin) and by user
 * ID; a malformed email refused with no request.
 */
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, codehosting: { state, requests } }) {
		const [me] = items('Get Current User');
		assert.equal(me.login, 'octo-user');
		assert.equal(me.id, 1);
		assert.deepEqual(items('User Repositories').map((r) => r.name), ['hello-world', 'private-repo']);
		const repoList = requests.find((r) => r.path === '/users/octo-user/repos');
		assert.equal(repoList.query.per_page, '2');

		const issues = items('My Issues');
		assert.deepEqual(issues.map((i) => `${i.repository.full_name}#${i.number}`).sort(), [
			'octo-org/org-repo#1',
			'octo-user/hello-world#1',
			'octo-user/hello-world#3',
			'octo-user/hello-world#4',
			'octo-user/hello-world#5',
		]);
		assert.ok(issues.every((i) => i.user.login === 'octo-user'));
		assert.equal(requests.find((r) => r.path === '/issues').query.filter, 'created');

		const [byEmail] = items('Invite By Email');
		assert.equal(byEmail.email, 'new.hire@example.com');
		assert.equal(byEmail.role, 'admin');
		const [byId] = items('Invite By ID');
		assert.equal(byId.login, 'outside-user');
		assert.equal(byId.role, 'direct_member');
		const invites = requests.filter((r) => r.method === 'POST' && r.path === '/orgs/octo-org/invitations');
		assert.deepEqual(invites.map((r) => JSON.parse(r.body)), [
			{ role: 'admin', email: 'new.hire@example.com' },
			{ role: 'direct_member', invitee_id: 3 },
		]);
		assert.equal(state.orgs['octo-org'].invitations.length, 2);
		assert.equal(items('Bad Invite')[0].error, 'Email is not a valid email address: "not-an-email"');
	},
};
