'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting → Repository Get (repository by URL) and Create; File Create or Update from a
 * binary field (path with a space, "ü" and "#") and from text (the current SHA looked up);
 * File Get as binary, read back byte for byte through n8n's binary data; Branch Create from a
 * branch name; Commit Get Many with a limit.
 */
const BYTES = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7 + 3) % 256));
const BIN_PATH = 'assets/e2e ü #1.bin';

module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, codehosting: { server, requests, constants } }) {
		const hello = server.repo('octo-user', 'hello-world');
		for (const r of requests) assert.equal(r.headers.authorization, `Bearer ${constants.TOKEN}`, `${r.method} ${r.path}: the token credential`);

		const [repository] = items('Get Repository');
		assert.equal(repository.full_name, 'octo-user/hello-world');
		assert.equal(repository.id, 1296269);
		assert.equal(repository.default_branch, 'main');

		const [created] = items('Create Repository');
		assert.equal(created.full_name, 'octo-user/e2e-created');
		assert.equal(created.private, true);
		const stored = server.repo('octo-user', 'e2e-created');
		assert.ok(stored, 'the server has the new repository');
		assert.equal(stored.description, 'made by the e2e test');
		assert.equal(stored.private, true);
		assert.ok(server.fileContent('octo-user', 'e2e-created', 'README.md'), 'auto_init made a README');
		const createReq = requests.find((r) => r.method === 'POST' && r.path === '/user/repos');
		assert.deepEqual(JSON.parse(createReq.body), { name: 'e2e-created', description: 'made by the e2e test', private: true, auto_init: true });

		// the binary field's bytes, committed as they are, at the encoded path
		const [written] = items('Write Binary File');
		assert.equal(written.content.path, BIN_PATH);
		assert.equal(written.commit.message, 'Add e2e bytes');
		assert.deepEqual(server.fileContent('octo-user', 'hello-world', BIN_PATH), BYTES, 'the file on the server has the bytes');
		const put = requests.find((r) => r.method === 'PUT' && r.path.endsWith('.bin'));
		assert.equal(put.rawPath, '/repos/octo-user/hello-world/contents/assets/e2e%20%C3%BC%20%231.bin');
		assert.equal(JSON.parse(put.body).sha, undefined, 'a new file is created without a SHA');

		// text over an existing file: its SHA looked up first
		const [readme] = items('Update README');
		assert.equal(server.fileContent('octo-user', 'hello-world', 'README.md').toString('utf8'), '# Hello from the n8n e2e test\n');
		const readmePut = requests.find((r) => r.method === 'PUT' && r.path.endsWith('/README.md'));
		const readmeBody = JSON.parse(readmePut.body);
		assert.match(readmeBody.sha, /^[0-9a-f]{40}$/, 'the current SHA is sent when updating');
		assert.equal(readmeBody.branch, 'main');
		assert.equal(Buffer.from(readmeBody.content, 'base64').toString('utf8'), '# Hello from the n8n e2e test\n');
		assert.equal(hello.branches.get('main'), readme.commit.sha, 'main points at the README commit');

		// downloaded as binary (raw media type) and read back by Extract From File
		const [downloaded] = items('Download File');
		assert.equal(downloaded.path, BIN_PATH);
		assert.equal(downloaded.size, BYTES.length);
		const gets = requests.filter((r) => r.method === 'GET' && r.path.endsWith('.bin'));
		assert.equal(gets.length, 2, 'the SHA lookup before writing, then the download');
		assert.equal(gets[1].headers.accept, 'application/vnd.github.raw', 'downloaded with the raw media type');
		assert.equal(items('Bytes Back')[0].b64, BYTES.toString('base64'), 'byte-for-byte round trip');

		const [branch] = items('Create Branch');
		assert.equal(branch.ref, 'refs/heads/e2e/from-main');
		assert.equal(branch.object.sha, readme.commit.sha);
		assert.equal(hello.branches.get('e2e/from-main'), readme.commit.sha, 'the branch exists on the server');

		const commits = items('List Commits Limit 2');
		assert.deepEqual(commits.map((c) => c.commit.message), ['Update README from n8n', 'Add e2e bytes']);
		const lists = requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo-user/hello-world/commits');
		assert.equal(lists.length, 1, 'one page for a limit of 2');
		assert.equal(lists[0].query.per_page, '2');
		assert.equal(lists[0].query.sha, 'main');
	},
};
