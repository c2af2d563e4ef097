'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting authenticated as the stand-in's GitHub App (installation found from the
 * repository): Pull Request Get, Check Run Create and Update with 120 annotations (3 PATCH
 * requests of 50, 50, 20), Commit Status Create, then the stand-in expires every installation
 * token (an HTTP Request node on its control URL) and Pull Request Get Diff gets a 401, has a
 * new token minted and reads the diff. The server's log shows one mint for everything before
 * the expiry and one after it, each with a JWT the server verified with the app's public key.
 */
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, run, codehosting: { server, state, requests } }) {
		const mints = server.appMints();
		const tokens = Object.keys(state.tokens).filter((token) => state.tokens[token].installation !== undefined);
		assert.equal(mints.length, 2, `two mints: one for the execution, one after the expiry (log: ${JSON.stringify(server.appLog)})`);
		assert.deepEqual(server.appLog.map((entry) => entry.event), ['mint', 'expire', 'mint']);
		for (const mint of mints) {
			assert.equal(mint.installation, 51002, 'the installation of octo-user, found from the repository');
			assert.equal(mint.jwt.iss, 4242);
			assert.ok(mint.jwt.exp - mint.jwt.iat <= 600, 'the JWT lives at most 10 minutes');
		}
		const calls = requests.map((r) => `${r.method} ${r.path}`);
		assert.equal(calls.filter((c) => c === 'GET /repos/octo-user/hello-world/installation').length, 1, 'the installation looked up once');
		const bearer = (r) => String(r.headers.authorization ?? '').replace(/^Bearer /, '');
		const [first, second] = tokens;
		// this workflow's calls (another scenario's trigger left active, e.g. after it failed, may read its own delivery log meanwhile)
		const apiCalls = requests.filter((r) => r.path.startsWith('/repos/octo-user/hello-world/') && !r.path.endsWith('/installation'));
		const beforeExpiry = apiCalls.slice(0, apiCalls.findIndex((r) => r.headers.accept === 'application/vnd.github.diff'));
		assert.ok(beforeExpiry.length >= 5, 'PR get, check run create, 3 updates, status');
		for (const r of beforeExpiry) assert.equal(bearer(r), first, `${r.method} ${r.path} used the first token`);
		const diffs = requests.filter((r) => r.headers.accept === 'application/vnd.github.diff');
		assert.deepEqual(diffs.map(bearer), [first, second], 'the diff: refused with the expired token, then read with the new one');

		const [pull] = items('Get Pull Request');
		const [created] = items('Create Check Run');
		assert.equal(created.head_sha, pull.head.sha);
		assert.equal(created.status, 'in_progress');
		const [updated] = items('Update Check Run');
		assert.equal(updated.status, 'completed');
		assert.equal(updated.conclusion, 'failure');
		assert.equal(updated.output.annotations_count, 120);
		const patches = requests.filter((r) => r.method === 'PATCH' && r.path === `/repos/octo-user/hello-world/check-runs/${created.id}`);
		assert.deepEqual(patches.map((r) => JSON.parse(r.body).output.annotations.length), [50, 50, 20], '120 annotations in 3 requests');
		const stored = server.repo('octo-user', 'hello-world').checkRuns.get(created.id);
		assert.equal(stored.annotations.length, 120);
		assert.equal(stored.annotations[119].message, 'Finding 120');

		const [status] = items('Set Commit Status');
		assert.equal(status.state, 'failure');
		assert.equal(status.context, 'governance/e2e');
		assert.equal(status.creator.login, 'governance-checks[bot]');
		const [diff] = items('Get Diff');
		assert.match(diff.diff, /^diff --git a\/src\/feature-a\.js b\/src\/feature-a\.js/);

		// the minted tokens and the JWTs never show in the execution data
		const text = JSON.stringify(run);
		for (const token of tokens) assert.ok(!text.includes(token), 'an installation token appears in the execution data');
		for (const r of requests) if (bearer(r).startsWith('eyJ')) assert.ok(!text.includes(bearer(r)), 'a JWT appears in the execution data');
	},
};
