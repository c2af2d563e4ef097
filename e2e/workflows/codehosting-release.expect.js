'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting → Release Create (tag made from the target branch), Create with an asset uploaded
 * from binary data (Convert to File makes the file), Get by tag, Update (from the
 * ID the previous node returned), a Release ID of 0 refused with no request (On Error: continue),
 * Delete (the tag stays), Get Many with a limit of 2 (one page of that size).
 */
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, codehosting: { server, requests, constants } }) {
		const hello = server.repo('octo-user', 'hello-world');
		for (const r of requests) assert.equal(r.headers.authorization, `Bearer ${constants.TOKEN}`);

		const [created] = items('Create Release');
		assert.equal(created.tag_name, 'v2.0.0');
		assert.equal(created.target_commitish, 'develop');
		assert.equal(created.prerelease, true);
		assert.deepEqual(JSON.parse(requests.find((r) => r.method === 'POST' && !r.rawPath.includes('/uploads/')).body), {
			tag_name: 'v2.0.0',
			target_commitish: 'develop',
			name: 'E2E release',
			body: 'Made by n8n',
			prerelease: true,
			// fields not added are sent at their shown defaults, the platform's own (issue 37)
			draft: false,
			generate_release_notes: false,
			make_latest: 'true',
		});
		assert.equal(hello.tags.get('v2.0.0'), hello.branches.get('develop'), 'the tag was created from develop');

		const [withAsset] = items('Create Release With Asset');
		assert.equal(withAsset.tag_name, 'v2.1.0');
		assert.deepEqual(withAsset.assets.map((a) => [a.name, a.size, a.state]), [['notes.txt', 'Made by n8n'.length, 'uploaded']]);
		const stored = hello.releases.find((r) => r.tag_name === 'v2.1.0');
		assert.equal(stored.assets[0].data.toString('utf8'), 'Made by n8n', 'the bytes of the binary field');
		const upload = requests.find((r) => r.rawPath.includes('/uploads/'));
		assert.equal(upload.rawPath, `/uploads/repos/octo-user/hello-world/releases/${withAsset.id}/assets`);
		assert.equal(upload.query.name, 'notes.txt');
		assert.match(String(upload.headers['content-type']), /^text\/plain/);

		const [byTag] = items('Get Release By Tag');
		assert.equal(byTag.id, created.id);
		const tagRead = requests.find((r) => r.path.includes('/releases/tags/'));
		assert.equal(tagRead.path, '/repos/octo-user/hello-world/releases/tags/v2.0.0');

		const [updated] = items('Update Release');
		assert.equal(updated.name, 'E2E release (edited)');
		assert.equal(updated.prerelease, false);
		const patch = requests.find((r) => r.method === 'PATCH');
		assert.equal(patch.path, `/repos/octo-user/hello-world/releases/${created.id}`);
		assert.deepEqual(JSON.parse(patch.body), { name: 'E2E release (edited)', prerelease: false });

		const [refused] = items('Release ID 0');
		assert.equal(refused.error, 'Release ID must be a whole number of at least 1');
		assert.ok(!requests.some((r) => /\/releases\/0$/.test(r.path)), 'no request for release 0');

		const [deleted] = items('Delete Release');
		assert.deepEqual(deleted, { success: true, releaseId: created.id });
		assert.ok(!hello.releases.some((r) => r.id === created.id), 'the release is gone');
		assert.ok(hello.tags.has('v2.0.0'), 'its tag stays');

		assert.deepEqual(items('List Releases').map((r) => r.tag_name), ['v2.1.0', 'v1.1.0']);
		const lists = requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo-user/hello-world/releases');
		assert.equal(lists.length, 1);
		assert.deepEqual(lists[0].query, { per_page: '2' });
		assert.deepEqual(
			requests.map((r) => r.method),
			['POST', 'POST', 'POST', 'GET', 'PATCH', 'DELETE', 'GET'],
			'one request per operation, none for the refused one',
		);
	},
};
