/** The code-hosting test server's request rules: auth, User-Agent, Accept, version, 404/501, limits. */
import http from 'http';

import type { CodeHostingServer } from '../servers/codehosting/server';
import { OTHER_TOKEN, TOKEN } from '../servers/codehosting/server';
import { call, startServer } from './harness';

let srv: CodeHostingServer;
beforeAll(async () => {
	srv = await startServer();
});
afterAll(async () => {
	await srv.stop();
});

describe('authentication', () => {
	test('a missing Authorization header is 401 Bad credentials', async () => {
		const answer = await call(srv, 'GET', '/user', { headers: { authorization: undefined } });
		expect(answer.status).toBe(401);
		expect(answer.json.message).toBe('Bad credentials');
	});

	test('an unknown token is 401 Bad credentials', async () => {
		const answer = await call(srv, 'GET', '/user', { headers: { authorization: 'Bearer ghp_nope' } });
		expect(answer.status).toBe(401);
		expect(answer.json).toMatchObject({ message: 'Bad credentials', documentation_url: expect.any(String) });
	});

	test('Bearer, token and Basic forms are accepted', async () => {
		for (const authorization of [`Bearer ${TOKEN}`, `token ${TOKEN}`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`]) {
			const answer = await call(srv, 'GET', '/user', { headers: { authorization } });
			expect(answer.status).toBe(200);
			expect(answer.json.login).toBe('octo-user');
		}
		const other = await call(srv, 'GET', '/user', { headers: { authorization: `Bearer ${OTHER_TOKEN}` } });
		expect(other.json.login).toBe('other-user');
	});

	test('GET /rate_limit needs auth too', async () => {
		expect((await call(srv, 'GET', '/rate_limit', { headers: { authorization: undefined } })).status).toBe(401);
	});
});

/** A GET with exactly these headers (fetch adds User-Agent and Accept on its own). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const request = http.request(`${srv.url}${path}`, { headers }, (response) => {
			let body = '';
			response.on('data', (chunk) => (body += chunk));
			response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
		});
		request.on('error', reject);
		request.end();
	});
}

describe('headers', () => {
	test('a request without User-Agent is refused with 403', async () => {
		const answer = await rawGet('/user', { authorization: `Bearer ${TOKEN}`, accept: 'application/json' });
		expect(answer.status).toBe(403);
		expect(JSON.parse(answer.body).message).toMatch(/User-Agent header/);
	});

	test('Accept missing or not JSON-ish is 415 asking for the response_body field', async () => {
		const missing = await rawGet('/user', { authorization: `Bearer ${TOKEN}`, 'user-agent': 'test' });
		expect(missing.status).toBe(415);
		expect(JSON.parse(missing.body).message).toMatch(/Please provide a value for the response_body field/);
		for (const accept of ['text/html', 'application/xml']) {
			const answer = await call(srv, 'GET', '/user', { headers: { accept } });
			expect(answer.status).toBe(415);
			expect(answer.json.message).toMatch(/Please provide a value for the response_body field/);
		}
		for (const accept of ['application/json', '*/*', 'application/vnd.github.v3+json', 'text/plain, */*;q=0.1', 'application/json, text/plain, */*']) {
			expect((await call(srv, 'GET', '/user', { headers: { accept } })).status).toBe(200);
		}
	});

	test('X-GitHub-Api-Version must be 2022-11-28 when given', async () => {
		expect((await call(srv, 'GET', '/user', { headers: { 'x-github-api-version': '2021-01-01' } })).status).toBe(400);
		expect((await call(srv, 'GET', '/user', { headers: { 'x-github-api-version': undefined } })).status).toBe(200);
	});
});

describe('paths', () => {
	test('REST is served at / and at /api/v3/ with URLs on the same base', async () => {
		const plain = await call(srv, 'GET', '/repos/octo-user/hello-world');
		const enterprise = await call(srv, 'GET', '/api/v3/repos/octo-user/hello-world');
		expect(plain.json.url).toBe(`${srv.url}/repos/octo-user/hello-world`);
		expect(enterprise.json.url).toBe(`${srv.url}/api/v3/repos/octo-user/hello-world`);
		expect(enterprise.json.html_url).toBe(`${srv.url}/octo-user/hello-world`);
		const recorded = srv.requests[srv.requests.length - 1];
		expect(recorded).toMatchObject({ path: '/repos/octo-user/hello-world', rawPath: '/api/v3/repos/octo-user/hello-world' });
	});

	test('unknown paths and wrong methods are 404 Not Found', async () => {
		for (const [method, path] of [['GET', '/nope'], ['GET', '/repos/octo-user'], ['POST', '/repos/octo-user/hello-world'], ['GET', '/repos/octo-user/hello-world/']]) {
			const answer = await call(srv, method, path, method === 'POST' ? { body: {} } : {});
			expect(answer.status).toBe(404);
			expect(answer.json.message).toBe('Not Found');
		}
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/issues/abc')).status).toBe(404);
	});

	test('paths of the description without a handler are validated, then 501', async () => {
		const invalid = await call(srv, 'POST', '/repos/octo-user/hello-world/labels', { body: { color: 'fff' } });
		expect(invalid.status).toBe(422);
		expect(invalid.json.message).toMatch(/"name" wasn't supplied/);
		const valid = await call(srv, 'POST', '/repos/octo-user/hello-world/labels', { body: { name: 'x', color: 'ffffff' } });
		expect(valid.status).toBe(501);
		expect(valid.json.message).toBe('not implemented by the test server');
	});

	test('a renamed repository redirects (301 for GET, 307 otherwise) to /repositories/{id}', async () => {
		const answer = await call(srv, 'GET', '/api/v3/repos/octo-user/legacy-name/issues?state=all');
		expect(answer.status).toBe(301);
		const location = answer.headers.get('location');
		expect(location).toBe(`${srv.url}/api/v3/repositories/1296400/issues?state=all`);
		const followed = await call(srv, 'GET', new URL(location as string).pathname + new URL(location as string).search);
		expect(followed.status).toBe(200);
		expect(Array.isArray(followed.json)).toBe(true);
		const write = await call(srv, 'POST', '/repos/octo-user/legacy-name/issues', { body: { title: 'x' } });
		expect(write.status).toBe(307);
		const repo = await call(srv, 'GET', '/repos/octo-user/legacy-name', { redirect: 'follow' });
		expect(repo.json.full_name).toBe('octo-user/renamed-repo');
	});
});

describe('rate limits', () => {
	test('responses carry x-ratelimit headers and remaining goes down', async () => {
		const first = await call(srv, 'GET', '/user');
		const second = await call(srv, 'GET', '/user');
		expect(first.headers.get('x-ratelimit-limit')).toBe('5000');
		expect(first.headers.get('x-ratelimit-resource')).toBe('core');
		expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
		expect(Number(second.headers.get('x-ratelimit-used'))).toBe(Number(first.headers.get('x-ratelimit-used')) + 1);
		const search = await call(srv, 'GET', '/search/issues?q=bug');
		expect(search.headers.get('x-ratelimit-resource')).toBe('search');
		expect(search.headers.get('x-ratelimit-limit')).toBe('30');
	});

	test('a conditional GET answered 304 does not count', async () => {
		const first = await call(srv, 'GET', '/repos/octo-user/hello-world/events');
		const etag = first.headers.get('etag') as string;
		expect(first.headers.get('x-poll-interval')).toBe('60');
		const second = await call(srv, 'GET', '/repos/octo-user/hello-world/events', { headers: { 'if-none-match': etag } });
		expect(second.status).toBe(304);
		expect(second.headers.get('x-ratelimit-remaining')).toBe(first.headers.get('x-ratelimit-remaining'));
	});

	test('the primary limit answers 403 with remaining 0 until reset', async () => {
		const reset = Math.floor(Date.now() / 1000) + 2;
		srv.setRateLimit({ remaining: 0, reset });
		const limited = await call(srv, 'GET', '/user');
		expect(limited.status).toBe(403);
		expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
		expect(limited.headers.get('x-ratelimit-reset')).toBe(String(reset));
		expect(limited.json.message).toMatch(/^API rate limit exceeded for user ID 1\./);
		const status = await call(srv, 'GET', '/rate_limit');
		expect(status.status).toBe(200);
		expect(status.json.resources.core.remaining).toBe(0);
		expect(status.json.rate.reset).toBe(reset);
		srv.setRateLimit({ remaining: 0, reset: Math.floor(Date.now() / 1000) - 1 });
		const after = await call(srv, 'GET', '/user');
		expect(after.status).toBe(200);
		expect(after.headers.get('x-ratelimit-remaining')).toBe('4999');
	});

	test('the primary limit can answer 429', async () => {
		srv.setRateLimit({ remaining: 0, reset: Math.floor(Date.now() / 1000) + 60, status: 429, resource: 'core' });
		expect((await call(srv, 'GET', '/user')).status).toBe(429);
		srv.setRateLimit({ remaining: 5000, reset: Math.floor(Date.now() / 1000) + 3600, status: 403, resource: 'core' });
		expect((await call(srv, 'GET', '/user')).status).toBe(200);
	});

	test('the secondary limit answers 403 with retry-after for `times` requests', async () => {
		srv.setSecondaryRateLimit({ retryAfter: 3, times: 2 });
		for (let i = 0; i < 2; i++) {
			const answer = await call(srv, 'GET', '/user');
			expect(answer.status).toBe(403);
			expect(answer.headers.get('retry-after')).toBe('3');
			expect(answer.json.message).toMatch(/^You have exceeded a secondary rate limit/);
		}
		expect((await call(srv, 'GET', '/user')).status).toBe(200);
	});

	test('content-creating requests: the 81st in a minute (or the 501st in an hour) of one account is refused 403 with retry-after; reads, other accounts and refused requests do not count', async () => {
		srv.setContentLimit({});
		try {
			const write = (token = TOKEN) => call(srv, 'POST', '/repos/octo-user/hello-world/issues', { body: { title: 'limit' }, headers: { authorization: `Bearer ${token}` } });
			for (let i = 0; i < 80; i++) expect((await write()).status).toBe(201);
			const refused = await write();
			expect(refused.status).toBe(403);
			expect(refused.json.message).toMatch(/^You have exceeded a secondary rate limit: more than 80 content-creating requests a minute/);
			expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
			expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
			expect((await call(srv, 'GET', '/user')).status).toBe(200);
			// another account has its own count (its write may fail for other reasons, never the limit)
			expect((await write(OTHER_TOKEN)).json?.message ?? '').not.toMatch(/secondary rate limit/);
			expect(srv.state.contentLimit.writes[Object.keys(srv.state.contentLimit.writes)[0]]).toHaveLength(80);
			// the hour: 500 writes spread over the last hour (none in the last minute) → the next is refused
			const now = Date.now();
			srv.setContentLimit({});
			const account = Object.keys(srv.state.contentLimit.writes)[0] ?? String((await call(srv, 'GET', '/user')).json.id);
			srv.state.contentLimit.writes[account] = Array.from({ length: 500 }, (_, i) => now - 3_500_000 + i * 6_000);
			const hourly = await write();
			expect(hourly.status).toBe(403);
			expect(hourly.json.message).toMatch(/more than 500 content-creating requests an hour/);
		} finally {
			srv.setContentLimit({});
		}
	});
});

test('failNext injects a failure (also dropping the connection)', async () => {
	srv.failNext({ method: 'GET', path: '/repos/octo-user/hello-world', status: 502, body: { message: 'bad gateway' } });
	expect((await call(srv, 'GET', '/repos/octo-user/hello-world')).status).toBe(502);
	expect((await call(srv, 'GET', '/repos/octo-user/hello-world')).status).toBe(200);
	srv.failNext({ path: /^\/user$/, drop: true });
	await expect(call(srv, 'GET', '/user')).rejects.toThrow();
	srv.resetRequests();
	expect(srv.requests).toHaveLength(0);
});

test('no response of this file broke the OpenAPI response schemas', () => {
	expect(srv.responseProblems).toEqual([]);
});
