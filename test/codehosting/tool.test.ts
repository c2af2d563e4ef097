import type { CodeHostingServer } from './harness';
import { LOGIN, repo, runCodeHosting, startServer } from './harness';

// Code Hosting run as an AI tool (its `<name>Tool` variant, as n8n makes it for agents and the MCP
// Server Trigger) against the strict stand-in: Simplify on by default, off when the builder says
// so, the action node's output unchanged, and File → Get's content in the JSON a model reads.

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const ISSUE_KEYS = ['assignees', 'author', 'body', 'comments', 'labels', 'number', 'state', 'title', 'url'];
const getIssue = (extra: object = {}) => ({ resource: 'issue', operation: 'get', ...repo(), issueNumber: 1, ...extra });

describe('Simplify', () => {
	test('Issue → Get as a tool: the fields a person reads, one request', async () => {
		const { output, error } = await runCodeHosting(srv, { asTool: true, parameters: getIssue() });
		expect(error).toBeUndefined();
		expect(Object.keys(output[0].json).sort()).toEqual(ISSUE_KEYS);
		expect(output[0].json).toMatchObject({ number: 1, title: 'Found a bug 1', state: 'open', author: expect.any(String) });
		expect(srv.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /repos/${LOGIN}/hello-world/issues/1`]);
	});

	test('the action node (a workflow saved before Simplify): the whole issue, as before', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: getIssue() });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ number: 1, user: expect.any(Object), html_url: expect.any(String) });
		expect(Object.keys(output[0].json).length).toBeGreaterThan(ISSUE_KEYS.length);
	});

	test('the builder decides: Simplify off as a tool, on in a workflow', async () => {
		const off = await runCodeHosting(srv, { asTool: true, parameters: getIssue({ options: { simplify: false } }) });
		expect(off.output[0].json.user).toEqual(expect.any(Object));
		const on = await runCodeHosting(srv, { parameters: getIssue({ options: { simplify: true } }) });
		expect(Object.keys(on.output[0].json).sort()).toEqual(ISSUE_KEYS);
	});

	test('lists: each entry simplified (Issue → Get Many, Search)', async () => {
		const many = await runCodeHosting(srv, { asTool: true, parameters: { resource: 'issue', operation: 'getAll', ...repo(), returnAll: false, limit: 3 } });
		expect(many.error).toBeUndefined();
		expect(many.output.length).toBeGreaterThan(0);
		for (const item of many.output) expect(item.json.user).toBeUndefined();
		for (const item of many.output) expect(typeof item.json.number).toBe('number');
		const search = await runCodeHosting(srv, { asTool: true, parameters: { resource: 'issue', operation: 'search', query: `repo:${LOGIN}/hello-world bug`, limit: 2 } });
		expect(search.error).toBeUndefined();
		expect(search.output.length).toBeGreaterThan(0);
		for (const item of search.output) expect(Object.keys(item.json)).not.toContain('user');
	});
});

describe('File → Get as a tool', () => {
	const getFile = (filePath: string) => ({ resource: 'file', operation: 'get', ...repo(), filePath });

	test('a text file: its text in "content" with a note first, no binary', async () => {
		srv.addFile(LOGIN, 'hello-world', 'notes/hello.txt', 'Hello ✓\n');
		const { output, error } = await runCodeHosting(srv, { asTool: true, parameters: getFile('notes/hello.txt') });
		expect(error).toBeUndefined();
		expect(output[0].binary).toBeUndefined();
		expect(Object.keys(output[0].json)[0]).toBe('note');
		expect(output[0].json).toMatchObject({ path: 'notes/hello.txt', size: 10, content: 'Hello ✓\n', mimeType: 'text/plain' });
	});

	test('a binary file: base64 with its MIME type', async () => {
		const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0xff]);
		srv.addFile(LOGIN, 'hello-world', 'logo.png', png);
		const { output } = await runCodeHosting(srv, { asTool: true, parameters: getFile('logo.png') });
		expect(output[0].json).toMatchObject({ encoding: 'base64', content: png.toString('base64'), mimeType: 'image/png', size: 10 });
	});

	test('the action node still outputs the binary file', async () => {
		srv.addFile(LOGIN, 'hello-world', 'notes/hello.txt', 'Hello\n');
		const { output } = await runCodeHosting(srv, { parameters: getFile('notes/hello.txt') });
		expect(output[0].json).toEqual({ path: 'notes/hello.txt', size: 6 });
		expect(output[0].binary?.data).toBeDefined();
	});
});

describe('inputs a model hands over', () => {
	test('a number as text works; a value the node cannot use names the parameter and the allowed values, 0 requests', async () => {
		const asText = await runCodeHosting(srv, { asTool: true, parameters: getIssue({ issueNumber: '1' }) });
		expect(asText.error).toBeUndefined();
		srv.requests.length = 0;
		const bad = await runCodeHosting(srv, { asTool: true, parameters: { resource: 'issue', operation: 'lock', ...repo(), issueNumber: 1, lockReason: 'angry' } });
		expect(bad.error?.message).toMatch(/Lock Reason/);
		expect(bad.error?.description).toMatch(/Allowed: .*resolved/);
		expect(srv.requests).toHaveLength(0);
	});
});
