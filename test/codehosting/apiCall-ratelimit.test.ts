import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer } from './harness';
import { LOGIN, repo, runCodeHosting, startServer, TOKEN } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const call = (parameters: IDataObject) => ({ resource: 'apiCall', operation: 'request', method: 'GET', query: {}, headers: {}, ...parameters });

describe('API call', () => {
	test('GET sends the JSON Accept and API version headers when none is given', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: call({ endpoint: `/repos/${LOGIN}/hello-world` }) });
		expect(error).toBeUndefined();
		expect(output[0].json.name).toBe('hello-world');
		expect(srv.requests[0].headers.accept).toBe('application/vnd.github+json');
		expect(srv.requests[0].headers['x-github-api-version']).toBe('2022-11-28');
	});

	test('a list answer becomes one item per entry; query parameters are sent', async () => {
		const { output } = await runCodeHosting(srv, {
			parameters: call({ endpoint: `/repos/${LOGIN}/hello-world/branches`, query: { parameter: [{ name: 'per_page', value: '2' }] } }),
		});
		expect(output).toHaveLength(2);
		expect(srv.requests[0].query.per_page).toBe('2');
	});

	test('paginated GET follows Link pages up to the limit', async () => {
		srv.addIssues(LOGIN, 'hello-world', 300);
		const { output } = await runCodeHosting(srv, {
			parameters: call({ endpoint: `/repos/${LOGIN}/hello-world/issues?state=all`, paginate: true, returnAll: false, limit: 120 }),
		});
		expect(output).toHaveLength(120);
		expect(srv.requests).toHaveLength(2);
		expect(srv.requests[0].query).toMatchObject({ state: 'all', per_page: '100' });
	});

	test('paginated GET of a wrapped list (workflow runs) takes the array out', async () => {
		const { output } = await runCodeHosting(srv, { parameters: call({ endpoint: `/repos/${LOGIN}/hello-world/actions/runs`, paginate: true, returnAll: true }) });
		expect(output.length).toBeGreaterThan(0);
		expect(output[0].json.workflow_id).toBeDefined();
	});

	test('POST with a JSON body; a user Accept header replaces the default', async () => {
		const { output, error } = await runCodeHosting(srv, {
			parameters: call({
				method: 'POST',
				endpoint: `/repos/${LOGIN}/hello-world/issues`,
				headers: { header: [{ name: 'accept', value: 'application/vnd.github.full+json' }] },
				body: '{"title": "from the API call"}',
				fullResponse: true,
			}),
		});
		expect(error).toBeUndefined();
		expect(output[0].json.statusCode).toBe(201);
		expect((output[0].json.body as IDataObject).title).toBe('from the API call');
		expect(srv.requests[0].headers.accept).toBe('application/vnd.github.full+json');
	});

	test('204 answers become {success, statusCode}', async () => {
		const { output } = await runCodeHosting(srv, { parameters: call({ method: 'PUT', endpoint: `/user/starred/${LOGIN}/hello-world`, body: '' }) });
		expect(output[0].json).toEqual({ success: true, statusCode: 204 });
	});

	test.each([
		['an absolute URL', 'https://evil.example.com/repos/a/b'],
		['an absolute URL to the same server', 'http://127.0.0.1:1/repos/a/b'],
		['a protocol-relative path', '//evil.example.com/repos'],
		['a ".." segment', '/repos/a/b/../../../user'],
		['an encoded ".." segment', '/repos/a/b/%2e%2e/x'],
		['a backslash', '/repos\\evil'],
		['a javascript: URL', 'javascript:alert(1)'],
		['an "@" host trick', '/@evil.example.com/x'],
	])('refuses %s before any request', async (_name, endpoint) => {
		const { error } = await runCodeHosting(srv, { items: [{ e: endpoint }], parameters: call({ endpoint: '={{ $json.e }}' }) });
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toContain('is not allowed');
		expect(srv.requests).toHaveLength(0);
	});

	test('refuses an Authorization header typed into the node', async () => {
		const { error } = await runCodeHosting(srv, {
			parameters: call({ endpoint: '/user', headers: { header: [{ name: 'Authorization', value: 'Bearer other' }] } }),
		});
		expect(error?.message).toContain('cannot be set here');
		expect(srv.requests).toHaveLength(0);
	});

	test('invalid JSON body: clear error, zero requests', async () => {
		const { error } = await runCodeHosting(srv, { parameters: call({ method: 'POST', endpoint: '/gists', body: '{"files": ' }) });
		expect(error?.message).toBe('Body (JSON) is not valid JSON');
		expect(srv.requests).toHaveLength(0);
	});

	test('the platform validation error of a bad body is passed on (422)', async () => {
		const { error } = await runCodeHosting(srv, { parameters: call({ method: 'POST', endpoint: `/repos/${LOGIN}/hello-world/issues`, body: '{"body": "no title"}' }) });
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toContain('Invalid request');
	});
});

describe('rate limits', () => {
	test('a secondary limit (403 + retry-after) is waited out and the call succeeds', async () => {
		srv.setSecondaryRateLimit({ retryAfter: 1, times: 1 });
		const started = Date.now();
		const { output, error } = await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'get', ...repo() } });
		expect(error).toBeUndefined();
		expect(output[0].json.name).toBe('hello-world');
		expect(srv.requests).toHaveLength(2);
		expect(Date.now() - started).toBeGreaterThanOrEqual(900);
	});

	test('the primary limit with a reset an hour away is reported as a rate limit with its reset time, never as bad credentials', async () => {
		const reset = Math.floor(Date.now() / 1000) + 3600;
		srv.setRateLimit({ remaining: 0, reset });
		const { error } = await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'get', ...repo(), issueNumber: 1 } });
		expect(error?.message).toMatch(/^Rate limit reached: API rate limit exceeded/);
		expect(error?.description).toContain(new Date(reset * 1000).toISOString());
		expect(error?.description).toContain('not a credentials problem');
		expect(error?.description).not.toMatch(/bad credentials|not allowed/i);
		expect(error?.httpCode).toBe('403');
		expect(srv.requests).toHaveLength(1);
	});

	test('Max Rate-Limit Wait 0: a secondary limit is reported at once instead of waited out', async () => {
		srv.setSecondaryRateLimit({ retryAfter: 1, times: 1 });
		const { error } = await runCodeHosting(srv, {
			parameters: { resource: 'repository', operation: 'get', ...repo(), requestOptions: { maxRateLimitWait: 0 } },
		});
		expect(error?.message).toMatch(/^Rate limit reached/);
		expect(srv.requests).toHaveLength(1);
	});

	test('the primary limit as a 429 whose reset is in 1 s: waited, then done', async () => {
		srv.setRateLimit({ remaining: 0, reset: Math.floor(Date.now() / 1000) + 1, status: 429 });
		const { output, error } = await runCodeHosting(srv, { parameters: { resource: 'rateLimit', operation: 'get' } });
		expect(error).toBeUndefined();
		expect(output[0].json.rate).toBeDefined();
	});
});

describe('the token never shows', () => {
	test('not in outputs or errors (bad token, 404, rate limit, network drop)', async () => {
		const runs = [
			await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'get', ...repo() } }),
			await runCodeHosting(srv, { token: 'ghp_wrongToken000000000000000000000000', parameters: { resource: 'repository', operation: 'get', ...repo() } }),
			await runCodeHosting(srv, { continueOnFail: true, parameters: { resource: 'repository', operation: 'get', ...repo(LOGIN, 'missing') } }),
		];
		srv.failNext({ path: '/user', status: 400, body: { message: `echo Bearer ${TOKEN}` } });
		runs.push(await runCodeHosting(srv, { parameters: call({ endpoint: '/user' }) }));
		srv.failNext({ method: 'POST', path: `/repos/${LOGIN}/hello-world/issues`, drop: true });
		runs.push(await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'create', ...repo(), title: 't', additionalFields: {} } }));
		srv.setRateLimit({ remaining: 0, reset: Math.floor(Date.now() / 1000) + 3600 });
		runs.push(await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'get', ...repo() } }));

		expect(runs[1].error?.httpCode).toBe('401');
		expect(runs[1].error?.message).toContain('Bad credentials');
		expect(runs[3].error?.message).toContain('[redacted]');
		expect(runs[4].error?.description).toContain('may or may not have been applied');
		for (const { output, error, run } of runs) {
			const everything = JSON.stringify({ output, error, description: error?.description, cause: (error as { cause?: unknown })?.cause, run });
			expect(everything).not.toContain(TOKEN);
			expect(everything).not.toContain('ghp_wrongToken000000000000000000000000');
		}
	});
});
