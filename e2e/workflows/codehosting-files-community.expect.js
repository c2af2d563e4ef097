'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting → File Get in JSON mode is lossless (a binary file put through an API call comes
 * back as base64 with the same sha256; Encoding = Base64 for a text file); File List (a folder,
 * and Recursive through the git trees API with a limit); Repository Get License (decoded text),
 * Get Profile, List Popular Paths, List Referrers; Issue Lock / Unlock; an issue number 0 refused
 * with no request; Repository Create with a name the platform rewrites, and the hint a later
 * step with the typed name gets.
 */
const crypto = require('crypto');

const BLOB_SHA256 = 'e8aa3bd4678033d7bf0c6611f5d658e60a710f31e4652fd1a20821d1290308b6';
const sha256 = (buffer) => crypto.createHash('sha256').update(buffer).digest('hex');

module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, codehosting: { server, requests } }) {
		const hello = server.repo('octo-user', 'hello-world');
		assert.equal(sha256(server.fileContent('octo-user', 'hello-world', 'assets/blob.bin')), BLOB_SHA256, 'the API call stored the bytes');

		const [binary] = items('Get Binary As JSON');
		assert.equal(binary.encoding, 'base64', 'not UTF-8 text: base64');
		assert.equal(sha256(Buffer.from(binary.content, 'base64')), BLOB_SHA256, 'the same bytes back');
		const [readme] = items('Get Readme As Base64');
		assert.equal(readme.encoding, 'base64');
		assert.ok(Buffer.from(readme.content, 'base64').equals(server.fileContent('octo-user', 'hello-world', 'README.md')));

		const [license] = items('Get License');
		assert.equal(license.content, server.fileContent('octo-user', 'hello-world', 'LICENSE').toString('utf8'), 'the license text, decoded');
		assert.equal(license.encoding, undefined);
		assert.equal(license.license.key, 'mit');
		const [profile] = items('Get Profile');
		assert.equal(profile.files.license.key, 'mit');
		assert.equal(profile.health_percentage, 43);
		assert.deepEqual(items('Popular Paths').map((p) => p.count), [120, 33]);
		assert.deepEqual(items('Referrers').map((r) => r.referrer), ['Google', 'github.com']);

		assert.deepEqual(items('List Docs').map((e) => e.path), ['docs/guide.md', 'docs/ü ber #1.md']);
		assert.deepEqual(items('List All Recursive').map((e) => e.path), ['LICENSE', 'README.md', 'assets', 'assets/blob.bin']);
		assert.ok(requests.some((r) => r.path === '/repos/octo-user/hello-world/git/trees/main' && r.query.recursive === '1'));

		assert.deepEqual(items('Lock Issue'), [{ success: true, locked: true, lock_reason: 'too heated', number: 1, owner: 'octo-user', repository: 'hello-world' }]);
		assert.equal(hello.issues.get(1).locked, true);
		assert.equal(hello.issues.get(2).locked, false, 'locked, then unlocked');
		assert.equal(items('Unlock Issue 2')[0].locked, false);
		assert.equal(items('Issue Number Zero')[0].error, 'Issue Number must be a whole number of at least 1');
		assert.ok(!requests.some((r) => r.path.includes('/issues/0')), 'no request for number 0');

		const [created] = items('Create Renamed Repo');
		assert.equal(created.name, 'E2E-Caf-Repo');
		assert.equal(created.full_name, 'octo-user/E2E-Caf-Repo');
		assert.equal(created.requested_name, 'E2E Café Repo');
		const [typed] = items('Get Typed Name');
		assert.equal(typed.error, 'repository octo-user/E2E Café Repo not found or not visible to this credential');
		assert.match(typed.errorDescription, /probably named "octo-user\/E2E-Caf-Repo"/);
	},
};
