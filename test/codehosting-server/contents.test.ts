/** The contents API: base64 JSON, raw media type, >1 MB files, SHA rules, encoded paths. */
import crypto from 'crypto';

import type { CodeHostingServer } from '../servers/codehosting/server';
import { blobSha, OTHER_TOKEN } from '../servers/codehosting/server';
import { call, startServer } from './harness';

let srv: CodeHostingServer;
beforeAll(async () => {
	srv = await startServer();
});
afterAll(async () => {
	await srv.stop();
});

const encode = (path: string) => path.split('/').map(encodeURIComponent).join('/');
const contents = (path: string, prefix = '') => `${prefix}/repos/octo-user/hello-world/contents/${encode(path)}`;

test('a 2 MB binary file round-trips byte for byte through PUT and the raw media type', async () => {
	const data = crypto.randomBytes(2 * 1024 * 1024);
	const put = await call(srv, 'PUT', contents('assets/big file.bin'), { body: { message: 'Add a big binary', content: data.toString('base64') } });
	expect(put.status).toBe(201);
	expect(put.json.content.sha).toBe(blobSha(data));
	expect(put.json.content.size).toBe(data.length);
	expect(put.json.commit.message).toBe('Add a big binary');

	const asJson = await call(srv, 'GET', contents('assets/big file.bin'));
	expect(asJson.json).toMatchObject({ type: 'file', encoding: 'none', content: '', size: data.length, sha: blobSha(data) });

	for (const accept of ['application/vnd.github.raw', 'application/vnd.github.raw+json', 'application/vnd.github.v3.raw']) {
		const raw = await call(srv, 'GET', contents('assets/big file.bin', '/api/v3'), { headers: { accept } });
		expect(raw.status).toBe(200);
		expect(raw.headers.get('content-type')).toBe('application/vnd.github.raw');
		expect(raw.buffer.equals(data)).toBe(true);
	}
	expect(srv.fileContent('octo-user', 'hello-world', 'assets/big file.bin')?.equals(data)).toBe(true);
});

test('a small file comes as base64 in 60-character lines, with the git blob SHA', async () => {
	const answer = await call(srv, 'GET', contents('README.md'));
	const content = srv.fileContent('octo-user', 'hello-world', 'README.md') as Buffer;
	expect(answer.json.encoding).toBe('base64');
	expect(Buffer.from(answer.json.content, 'base64').equals(content)).toBe(true);
	expect(answer.json.content.split('\n')[0].length).toBeLessThanOrEqual(60);
	expect(answer.json.sha).toBe(crypto.createHash('sha1').update(Buffer.concat([Buffer.from(`blob ${content.length}\0`), content])).digest('hex'));
	expect(answer.json.download_url).toMatch(/\/raw\/octo-user\/hello-world\/main\/README\.md$/);
	const download = await fetch(answer.json.download_url);
	expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
});

test('a path with spaces, unicode and # is found when each segment is encoded', async () => {
	const answer = await call(srv, 'GET', contents('docs/ü ber #1.md'));
	expect(answer.status).toBe(200);
	expect(answer.json.path).toBe('docs/ü ber #1.md');
	expect(answer.json.url).toBe(`${srv.url}/repos/octo-user/hello-world/contents/docs/%C3%BC%20ber%20%231.md?ref=main`);
	expect(srv.requests[srv.requests.length - 1].path).toBe('/repos/octo-user/hello-world/contents/docs/ü ber #1.md');
	// Unencoded, the # starts a fragment that never reaches the server.
	expect((await call(srv, 'GET', '/repos/octo-user/hello-world/contents/docs/%C3%BC%20ber%20')).status).toBe(404);
});

test('a directory answers with its listing; ref selects the commit', async () => {
	const listing = await call(srv, 'GET', contents('docs'));
	expect(listing.json.map((entry: { name: string }) => entry.name)).toEqual(['guide.md', 'ü ber #1.md']);
	const root = await call(srv, 'GET', '/repos/octo-user/hello-world/contents/');
	expect(root.json.map((entry: { name: string; type: string }) => `${entry.type}:${entry.name}`)).toEqual(expect.arrayContaining(['file:README.md', 'dir:docs', 'dir:src']));
	const old = await call(srv, 'GET', `${contents('README.md')}?ref=v0.1.0`);
	expect(Buffer.from(old.json.content, 'base64').toString()).toBe('# hello-world\n\nA seeded repository.\n');
	expect((await call(srv, 'GET', `${contents('README.md')}?ref=no-such-branch`)).status).toBe(404);
	expect((await call(srv, 'GET', contents('missing.txt'))).status).toBe(404);
});

test('PUT needs the current sha to update, and it must match', async () => {
	const current = (await call(srv, 'GET', contents('src/index.js'))).json.sha;
	const content = Buffer.from('console.log(2);\n').toString('base64');
	const noSha = await call(srv, 'PUT', contents('src/index.js'), { body: { message: 'update', content } });
	expect(noSha.status).toBe(422);
	expect(noSha.json.message).toMatch(/"sha" wasn't supplied/);
	const wrong = await call(srv, 'PUT', contents('src/index.js'), { body: { message: 'update', content, sha: '0'.repeat(40) } });
	expect(wrong.status).toBe(409);
	expect(wrong.json.message).toBe(`src/index.js does not match ${'0'.repeat(40)}`);
	const ok = await call(srv, 'PUT', contents('src/index.js'), { body: { message: 'update', content, sha: current, branch: 'develop' } });
	expect(ok.status).toBe(200);
	expect(srv.fileContent('octo-user', 'hello-world', 'src/index.js', 'develop')?.toString()).toBe('console.log(2);\n');
	const badBase64 = await call(srv, 'PUT', contents('x.txt'), { body: { message: 'm', content: '***' } });
	expect(badBase64.status).toBe(422);
	const noBranch = await call(srv, 'PUT', contents('x.txt'), { body: { message: 'm', content, branch: 'nope' } });
	expect(noBranch.status).toBe(404);
});

test('DELETE needs the matching sha', async () => {
	const created = await call(srv, 'PUT', contents('tmp/delete-me.txt'), { body: { message: 'add', content: Buffer.from('x').toString('base64') } });
	const sha = created.json.content.sha;
	expect((await call(srv, 'DELETE', contents('tmp/delete-me.txt'), { body: { message: 'rm' } })).status).toBe(422);
	expect((await call(srv, 'DELETE', contents('tmp/delete-me.txt'), { body: { message: 'rm', sha: 'f'.repeat(40) } })).status).toBe(409);
	const deleted = await call(srv, 'DELETE', contents('tmp/delete-me.txt'), { body: { message: 'rm', sha } });
	expect(deleted.status).toBe(200);
	expect(deleted.json.content).toBeNull();
	expect((await call(srv, 'GET', contents('tmp/delete-me.txt'))).status).toBe(404);
	expect((await call(srv, 'DELETE', contents('tmp/delete-me.txt'), { body: { message: 'rm', sha } })).status).toBe(404);
});

test('writes need push access; reads of a public repository do not', async () => {
	const other = { authorization: `Bearer ${OTHER_TOKEN}` };
	expect((await call(srv, 'GET', '/repos/octo-org/org-repo/contents/README.md', { headers: other })).status).toBe(200);
	const put = await call(srv, 'PUT', '/repos/other-user/other-repo/contents/README.md', { body: { message: 'x', content: 'eA==' } });
	expect(put.status).toBe(403);
	expect((await call(srv, 'GET', '/repos/octo-user/private-repo/contents/README.md', { headers: other })).status).toBe(404);
});

test('no response of this file broke the OpenAPI response schemas', () => {
	expect(srv.responseProblems).toEqual([]);
});
