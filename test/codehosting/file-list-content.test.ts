import { createHash, randomBytes } from 'crypto';

import type { CodeHostingServer } from './harness';
import { LOGIN, repo, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer({ validateResponses: true });
});
afterEach(async () => {
	expect(srv.responseProblems).toEqual([]);
	await srv.stop();
});

const base = { resource: 'file', ...repo() };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('file → get in JSON mode: lossless content', () => {
	test('a 2 MB random binary comes back as base64 whose bytes equal the original (sha256)', async () => {
		const data = randomBytes(2 * 1024 * 1024);
		srv.addFile(LOGIN, 'hello-world', 'assets/random.bin', data);
		const { output, error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', filePath: 'assets/random.bin', asBinaryProperty: false } });
		expect(error).toBeUndefined();
		expect(output[0].json.encoding).toBe('base64');
		expect(sha256(Buffer.from(output[0].json.content as string, 'base64'))).toBe(sha256(data));
		expect(output[0].json).toMatchObject({ path: 'assets/random.bin', size: data.length, type: 'file' });
	});

	test('a small binary (under 1 MB, base64 in the JSON answer) is base64 too, never mangled text', async () => {
		const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80]);
		srv.addFile(LOGIN, 'hello-world', 'logo.png', data);
		const { output } = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', filePath: 'logo.png', asBinaryProperty: false } });
		expect(output[0].json).toMatchObject({ encoding: 'base64', content: data.toString('base64') });
	});

	test('a UTF-8 text file (non-ASCII, emoji) comes back as the same text; Encoding = Base64 gives its bytes', async () => {
		const text = 'Grüße, 你好 👋\nzweite Zeile\n';
		srv.addFile(LOGIN, 'hello-world', 'notes/hello.txt', text);
		const asText = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', filePath: 'notes/hello.txt', asBinaryProperty: false } });
		expect(asText.output[0].json.content).toBe(text);
		expect(asText.output[0].json.encoding).toBeUndefined();
		const asBase64 = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', filePath: 'notes/hello.txt', asBinaryProperty: false, encoding: 'base64' } });
		expect(asBase64.output[0].json).toMatchObject({ encoding: 'base64', content: Buffer.from(text).toString('base64') });
	});

	test('an unknown Encoding from an expression: clear error, zero requests', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', filePath: 'README.md', asBinaryProperty: false, encoding: '={{ "latin1" }}' } });
		expect(error?.message).toBe('Unknown value for Encoding: "latin1"');
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});
});

describe('file → list', () => {
	test('a folder: one item per entry, in one request', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'list', filePath: 'docs', returnAll: true } });
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.type, item.json.path])).toEqual([['file', 'docs/guide.md'], ['file', 'docs/ü ber #1.md']]);
		expect(srv.requests.map((request) => request.path)).toEqual([`/repos/${LOGIN}/hello-world/contents/docs`]);
	});

	test('the top folder at a reference, with a limit', async () => {
		const { output } = await runCodeHosting(srv, {
			parameters: { ...base, operation: 'list', filePath: '', returnAll: false, limit: 2, additionalParameters: { reference: { __rl: true, mode: 'name', value: 'develop' } } },
		});
		expect(output.map((item) => item.json.name)).toEqual(['docs', 'README.md']);
		expect(srv.requests[0].query.ref).toBe('develop');
	});

	test('recursive from the top: the repository\'s default branch tree, full paths', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'list', filePath: '', recursive: true, returnAll: true } });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.path)).toEqual(['README.md', 'docs', 'docs/guide.md', 'docs/ü ber #1.md', 'src', 'src/index.js']);
		expect(output[2].json).toMatchObject({ name: 'guide.md', type: 'blob', size: 8 });
		expect(srv.requests.map((request) => [request.path, request.query.recursive])).toEqual([
			[`/repos/${LOGIN}/hello-world`, undefined],
			[`/repos/${LOGIN}/hello-world/git/trees/main`, '1'],
		]);
	});

	test('recursive from a sub-folder: its tree SHA from the parent listing, paths from the repository root', async () => {
		srv.addFile(LOGIN, 'hello-world', 'docs/deep/inner/a.md', 'a');
		const { output } = await runCodeHosting(srv, { parameters: { ...base, operation: 'list', filePath: 'docs/deep', recursive: true, returnAll: true } });
		expect(output.map((item) => item.json.path)).toEqual(['docs/deep/inner', 'docs/deep/inner/a.md']);
		expect(srv.requests.map((request) => request.path)).toEqual([`/repos/${LOGIN}/hello-world/contents/docs`, expect.stringMatching(/\/git\/trees\/[0-9a-f]{40}$/)]);
	});

	test('a file is not a folder; a missing folder says so', async () => {
		const file = await runCodeHosting(srv, { parameters: { ...base, operation: 'list', filePath: 'README.md', returnAll: true } });
		expect(file.error?.message).toBe('"README.md" is a file, not a folder');
		const missing = await runCodeHosting(srv, { parameters: { ...base, operation: 'list', filePath: 'docs/nope', recursive: true, returnAll: true } });
		expect(missing.error?.message).toBe('There is no folder "docs/nope"');
	});

	test.each([
		['a ".." segment', { filePath: 'docs/../..' }, /not a valid path/],
		['limit 0', { filePath: 'docs', returnAll: false, limit: 0 }, /Limit must be a whole number/],
		['an empty owner from an expression', { filePath: 'docs', owner: { __rl: true, mode: 'name', value: '={{ "" }}' } }, /Repository Owner is required/],
	])('bad input: %s → NodeOperationError with the item index, zero requests', async (_name, parameters, message) => {
		const { error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'list', returnAll: true, ...parameters } });
		expect(error?.message).toMatch(message);
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});
});
