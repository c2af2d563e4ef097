'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting → Issue Create (labels, assignees), Update (close, from the created number),
 * Get Many with a limit (one page of that size); Pull Request Get Many and Merge (squash);
 * Project Item Update Status through GraphQL (field and option by name).
 */
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, codehosting: { server, state, requests, constants } }) {
		const hello = server.repo('octo-user', 'hello-world');
		for (const r of requests) assert.equal(r.headers.authorization, `Bearer ${constants.TOKEN}`);

		const [created] = items('Create Issue');
		assert.equal(created.number, 6, 'the next number after the seeded issues and pulls');
		assert.deepEqual(JSON.parse(requests.find((r) => r.method === 'POST' && r.path.endsWith('/issues')).body), {
			title: 'E2E issue',
			body: 'Made by the n8n e2e test',
			labels: ['bug'],
			assignees: ['octo-user'],
		});
		const [closed] = items('Close Issue');
		assert.equal(closed.number, 6);
		assert.equal(closed.state, 'closed');
		const stored = hello.issues.get(6);
		assert.equal(stored.title, 'E2E issue (done)');
		assert.equal(stored.state, 'closed');
		assert.equal(stored.state_reason, 'completed');
		assert.deepEqual(stored.labels, ['bug']);
		assert.deepEqual(stored.assignees, ['octo-user']);
		const patch = requests.find((r) => r.method === 'PATCH');
		assert.equal(patch.path, '/repos/octo-user/hello-world/issues/6');

		const listed = items('List Issues Limit 2');
		assert.deepEqual(listed.map((i) => i.number), [6, 5], 'the two newest of all states');
		const issueLists = requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo-user/hello-world/issues');
		assert.equal(issueLists.length, 1, 'one request for a limit of 2');
		assert.equal(issueLists[0].query.per_page, '2');
		assert.equal(issueLists[0].query.state, 'all');

		assert.deepEqual(items('List Open Pull Requests').map((p) => p.number).sort(), [4, 5]);

		const [merged] = items('Merge Pull Request');
		assert.equal(merged.merged, true);
		assert.match(merged.sha, /^[0-9a-f]{40}$/);
		const pull = hello.issues.get(4);
		assert.equal(pull.pull.merged, true);
		assert.equal(pull.state, 'closed');
		assert.equal(hello.branches.get('main'), merged.sha, 'main moved to the merge commit');
		assert.equal(hello.commits.get(merged.sha).message.split('\n')[0], 'Feature A (squashed by n8n)');
		assert.equal(hello.commits.get(merged.sha).parents.length, 1, 'squash: one parent');
		const mergeReq = requests.find((r) => r.method === 'PUT' && r.path.endsWith('/pulls/4/merge'));
		assert.deepEqual(JSON.parse(mergeReq.body), { merge_method: 'squash', commit_title: 'Feature A (squashed by n8n)' });

		const [status] = items('Set Project Item Status');
		assert.equal(status.success, true);
		assert.equal(status.projectId, 'PVT_kwDOAOrgProj01');
		assert.equal(status.fieldId, 'PVTSSF_lADOAOrgStatus');
		assert.equal(status.optionId, '98236657');
		assert.equal(status.status, 'Done');
		assert.equal(state.projects.PVT_kwDOAOrgProj01.items.get('PVTI_lADOAOrgItem001').values.PVTSSF_lADOAOrgStatus, '98236657', 'the item is Done on the server');
		const graphql = requests.filter((r) => r.path === '/graphql');
		assert.equal(graphql.length, 2, 'fields query + mutation');
	},
};
