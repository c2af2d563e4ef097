/** Link pagination (also under /api/v3) and OpenAPI validation of queries and bodies. */
import type { CodeHostingServer } from '../servers/codehosting/server';
import { call, links, startServer } from './harness';

let srv: CodeHostingServer;
beforeAll(async () => {
	srv = await startServer();
	srv.addRepo('octo-user', 'many-issues', { auto_init: true });
	srv.addIssues('octo-user', 'many-issues', 250);
});
afterAll(async () => {
	await srv.stop();
});

describe('pagination', () => {
	test('per_page=100 walks 250 issues in 3 pages following rel="next"', async () => {
		let path: string | undefined = '/repos/octo-user/many-issues/issues?per_page=100&state=open';
		const numbers: number[] = [];
		let pages = 0;
		while (path) {
			const answer = await call(srv, 'GET', path);
			expect(answer.status).toBe(200);
			numbers.push(...answer.json.map((issue: { number: number }) => issue.number));
			pages++;
			const next: string | undefined = links(answer.headers.get('link')).next;
			path = next ? next.slice(srv.url.length) : undefined;
		}
		expect(pages).toBe(3);
		expect(numbers).toHaveLength(250);
		expect(new Set(numbers).size).toBe(250);
		expect(numbers[0]).toBe(250); // newest first
	});

	test('Link has first/prev/next/last and keeps the other query parameters', async () => {
		const answer = await call(srv, 'GET', '/repos/octo-user/many-issues/issues?per_page=50&page=2&state=open');
		const rel = links(answer.headers.get('link'));
		expect(Object.keys(rel).sort()).toEqual(['first', 'last', 'next', 'prev']);
		expect(rel.next).toBe(`${srv.url}/repos/octo-user/many-issues/issues?per_page=50&page=3&state=open`);
		expect(rel.last).toContain('page=5');
		expect(rel.first).toContain('page=1');
		expect(rel.prev).toContain('page=1');
		const last = await call(srv, 'GET', '/repos/octo-user/many-issues/issues?per_page=50&page=5');
		expect(Object.keys(links(last.headers.get('link'))).sort()).toEqual(['first', 'prev']);
	});

	test('Link keeps the /api/v3 prefix of Enterprise requests', async () => {
		const answer = await call(srv, 'GET', '/api/v3/repos/octo-user/many-issues/issues?per_page=100');
		expect(links(answer.headers.get('link')).next).toBe(`${srv.url}/api/v3/repos/octo-user/many-issues/issues?per_page=100&page=2`);
	});

	test('default page size 30; per_page over 100 counts as 100; one page has no Link', async () => {
		expect((await call(srv, 'GET', '/repos/octo-user/many-issues/issues')).json).toHaveLength(30);
		expect((await call(srv, 'GET', '/repos/octo-user/many-issues/issues?per_page=500')).json).toHaveLength(100);
		const single = await call(srv, 'GET', '/repos/octo-user/hello-world/branches');
		expect(single.headers.get('link')).toBeNull();
	});

	test('search paginates too and reports total_count', async () => {
		const answer = await call(srv, 'GET', '/search/issues?q=repo:octo-user/many-issues+is:issue+is:open&per_page=100&page=3');
		expect(answer.json.total_count).toBe(250);
		expect(answer.json.items).toHaveLength(50);
		expect(links(answer.headers.get('link')).prev).toContain('page=2');
	});
});

describe('query validation', () => {
	test('wrong types, enum values and formats are 422', async () => {
		for (const query of ['per_page=abc', 'state=opened', 'since=yesterday', 'direction=up']) {
			const answer = await call(srv, 'GET', `/repos/octo-user/hello-world/issues?${query}`);
			expect(answer.status).toBe(422);
			expect(answer.json.message).toMatch(/^Invalid request\.\n\n/);
		}
	});

	test('unknown query parameters are ignored; required ones are enforced', async () => {
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/issues?foo=bar')).status).toBe(200);
		const answer = await call(srv, 'GET', '/search/issues');
		expect(answer.status).toBe(422);
		expect(answer.json.message).toMatch(/"q" wasn't supplied/);
	});
});

describe('body validation', () => {
	test('a body that breaks the requestBody schema is 422 with details', async () => {
		const missing = await call(srv, 'POST', '/repos/octo-user/hello-world/issues', { body: { body: 'no title' } });
		expect(missing.status).toBe(422);
		expect(missing.json.message).toBe('Invalid request.\n\n"title" wasn\'t supplied.');
		const wrongType = await call(srv, 'POST', '/repos/octo-user/hello-world/issues', { body: { title: 'x', assignees: 'octo-user' } });
		expect(wrongType.status).toBe(422);
		expect(wrongType.json.message).toMatch(/assignees/);
		const extra = await call(srv, 'POST', '/repos/octo-user/hello-world/hooks', { body: { config: { url: 'http://127.0.0.1:1/x' }, secret: 'misplaced' } });
		expect(extra.status).toBe(422);
		expect(extra.json.message).toMatch(/"secret" is not a permitted key/);
		const noRef = await call(srv, 'POST', '/repos/octo-user/hello-world/actions/workflows/ci.yml/dispatches', { body: { inputs: {} } });
		expect(noRef.status).toBe(422);
		expect(noRef.json.message).toMatch(/"ref" wasn't supplied/);
	});

	test('a required body that is missing is validated as {}', async () => {
		const answer = await call(srv, 'POST', '/repos/octo-user/hello-world/git/refs');
		expect(answer.status).toBe(422);
		expect(answer.json.message).toMatch(/"ref" wasn't supplied/);
	});

	test('a body that is not JSON is 400 Problems parsing JSON', async () => {
		const answer = await call(srv, 'POST', '/repos/octo-user/hello-world/issues', { rawBody: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
		expect(answer.status).toBe(400);
		expect(answer.json.message).toBe('Problems parsing JSON');
	});

	test('semantic checks follow GitHub: Validation Failed with errors[]', async () => {
		const answer = await call(srv, 'POST', '/repos/octo-user/hello-world/issues', { body: { title: 'x', assignees: ['nobody-here'] } });
		expect(answer.status).toBe(422);
		expect(answer.json).toMatchObject({ message: 'Validation Failed', errors: [{ field: 'assignees', code: 'invalid', value: 'nobody-here' }] });
	});
});

test('no response of this file broke the OpenAPI response schemas', () => {
	expect(srv.responseProblems).toEqual([]);
});
