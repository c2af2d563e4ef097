'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting → Workflow Dispatch (by file name, with inputs), Gist Create, Release Get Many,
 * Collaborator Get Permission, Rate Limit Get, API Call (paginated GET with a limit; POST with
 * the full response), and Repository Get with the OAuth2 credential (connected as other-user,
 * so the answer shows which credential was used).
 */
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, codehosting: { server, state, requests, constants } }) {
		const hello = server.repo('octo-user', 'hello-world');
		const oauthPath = (r) => r.path === '/repos/octo-user/hello-world' && r.method === 'GET';
		for (const r of requests.filter((req) => !oauthPath(req))) {
			assert.equal(r.headers.authorization, `Bearer ${constants.TOKEN}`, `${r.method} ${r.path}: the token credential`);
		}

		const [dispatched] = items('Dispatch Deploy');
		assert.deepEqual(dispatched, { success: true, workflow: 'deploy.yml', ref: 'main', inputs: { target: 'production' } });
		const runs = [...hello.runs.values()].filter((run) => run.event === 'workflow_dispatch');
		assert.equal(runs.length, 1, 'one workflow_dispatch run on the server');
		assert.equal(runs[0].workflow_id, 161336);
		assert.equal(runs[0].head_branch, 'main');
		assert.deepEqual(runs[0].inputs, { target: 'production' });

		const [gist] = items('Create Gist');
		const storedGist = state.gists[gist.id];
		assert.ok(storedGist, 'the gist exists on the server');
		assert.equal(storedGist.owner, 'octo-user');
		assert.equal(storedGist.public, false);
		assert.equal(storedGist.description, 'E2E gist');
		assert.deepEqual(storedGist.files, { 'notes.md': { content: '# Notes from n8n\n' }, 'data.json': { content: '{"from": "n8n"}' } });

		assert.deepEqual(items('List Releases').map((r) => r.tag_name), ['v1.1.0', 'v1.0.0']);

		const [permission] = items('Collaborator Permission');
		assert.equal(permission.permission, 'write');
		assert.equal(permission.user.login, 'other-user');

		const [rate] = items('Rate Limit');
		assert.equal(rate.resources.core.limit, 5000);
		assert.ok(rate.resources.core.remaining < 5000, 'the calls before it were counted');

		const listed = items('API Call List Issues');
		assert.deepEqual(listed.map((i) => i.number), [5, 4, 3], 'Limit 3 of all issues, newest first');
		const apiLists = requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo-user/hello-world/issues');
		assert.equal(apiLists.length, 1, 'one page for a limit of 3');
		assert.deepEqual(apiLists[0].query, { state: 'all', sort: 'created', per_page: '3' });
		assert.equal(apiLists[0].headers.accept, 'application/vnd.github+json', 'the default Accept');
		assert.equal(apiLists[0].headers['x-github-api-version'], constants.API_VERSION);

		const [comment] = items('API Call Comment');
		assert.equal(comment.statusCode, 201);
		assert.equal(comment.body.body, 'Commented through the API call');
		const storedComment = hello.comments.get(comment.body.id);
		assert.equal(storedComment.issueNumber, 1);
		assert.equal(storedComment.user, 'octo-user');

		const [viaOAuth] = items('Get Repository OAuth2');
		assert.equal(viaOAuth.full_name, 'octo-user/hello-world');
		assert.deepEqual(
			[viaOAuth.permissions.admin, viaOAuth.permissions.push],
			[false, true],
			'answered for other-user, the account of the OAuth2 credential',
		);
		const oauthRequests = requests.filter(oauthPath);
		assert.equal(oauthRequests.length, 1);
		assert.equal(oauthRequests[0].headers.authorization, `Bearer ${constants.OTHER_TOKEN}`);
	},
};
