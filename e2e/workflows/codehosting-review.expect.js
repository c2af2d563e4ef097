'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting → Review Create on pull request #4 (comment with a line comment), Get and Update
 * by the ID the previous node returned, a Pull Request Number of 0 refused with no request
 * (On Error: continue), Get Many.
 */
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, codehosting: { server, requests, constants } }) {
		const pull = server.repo('octo-user', 'hello-world').issues.get(4).pull;
		for (const r of requests) assert.equal(r.headers.authorization, `Bearer ${constants.TOKEN}`);

		const [created] = items('Create Review');
		assert.equal(created.state, 'COMMENTED');
		assert.equal(created.user.login, 'octo-user');
		const post = requests.find((r) => r.method === 'POST');
		assert.equal(post.path, '/repos/octo-user/hello-world/pulls/4/reviews');
		assert.deepEqual(JSON.parse(post.body), {
			event: 'COMMENT',
			body: 'Reviewed in n8n',
			comments: [{ path: 'src/feature-a.js', body: 'Explain this line', line: 1, side: 'RIGHT' }],
		});
		const stored = pull.reviews.find((r) => r.id === created.id);
		assert.equal(stored.comments.length, 1);

		assert.equal(items('Get Review')[0].id, created.id);
		const [updated] = items('Update Review');
		assert.equal(updated.body, 'Reviewed in n8n (edited)');
		assert.equal(stored.body, 'Reviewed in n8n (edited)');
		const put = requests.find((r) => r.method === 'PUT');
		assert.equal(put.path, `/repos/octo-user/hello-world/pulls/4/reviews/${created.id}`);

		const [refused] = items('Pull Request Number 0');
		assert.equal(refused.error, 'Pull Request Number must be a whole number of at least 1');
		assert.ok(!requests.some((r) => r.path.includes('/pulls/0/')), 'no request for pull request 0');

		assert.deepEqual(items('List Reviews').map((r) => [r.user.login, r.state]), [
			['other-user', 'COMMENTED'],
			['octo-user', 'COMMENTED'],
		]);
		assert.deepEqual(requests.map((r) => r.method), ['POST', 'GET', 'PUT', 'GET']);
	},
};
