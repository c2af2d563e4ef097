/**
 * The retry policy of product.md, through the real node, n8n-core's request helpers and the
 * local control-API server with injected failures.
 */
import type { GovernanceServer } from '../governance/harness';
import { byId, runGovernance, startServer, VIEWER_USER_ID } from '../governance/harness';

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const listProjects = { resource: 'project', operation: 'getAll', returnAll: true };
const removeViewer = { resource: 'user', operation: 'remove', userId: byId(VIEWER_USER_ID) };
// User → Remove asks /auth/info once first (the API key's own user is kept): the rest is the write
const removeCalls = () => srv.requests.map((request) => request.path).filter((path) => path !== '/latest/auth/info');
const projectCalls = () => srv.requests.filter((request) => request.path === '/latest/projects/list').length;

test('a 429 with Retry-After is waited out and the call repeated', async () => {
	srv.failNext({ path: '/latest/projects/list', status: 429, headers: { 'retry-after': '1' }, body: { message: 'slow down' } });
	const started = Date.now();
	const { output, error } = await runGovernance(srv, { parameters: listProjects });
	expect(error).toBeUndefined();
	expect(output.length).toBeGreaterThan(0);
	expect(projectCalls()).toBe(2);
	expect(Date.now() - started).toBeGreaterThanOrEqual(950);
});

test('a write is retried after a 429 too (the platform did not apply it)', async () => {
	srv.failNext({ path: `/latest/auth/users/${VIEWER_USER_ID}/delete`, status: 429, headers: { 'retry-after': '0' } });
	const { output } = await runGovernance(srv, { parameters: removeViewer });
	expect(output[0].json).toEqual({ success: true, user_id: VIEWER_USER_ID });
	expect(srv.requests[0].path).toBe('/latest/auth/info');
	expect(removeCalls()).toHaveLength(2);
});

test('retries are bounded: after 3 retries the rate limit is reported with its reset time', async () => {
	srv.failNext({ path: '/latest/projects/list', status: 429, headers: { 'retry-after': '0' }, body: { message: 'slow down' }, times: 10 });
	const { error } = await runGovernance(srv, { parameters: listProjects });
	expect(projectCalls()).toBe(4);
	expect(error?.message).toBe('Rate limit reached: slow down (HTTP 429)');
	expect(error?.description).toContain('not a credentials problem');
	expect(error?.description).toMatch(/resets at \d{4}-\d{2}-\d{2}T/);
	expect(error?.httpCode).toBe('429');
});

test('a wait longer than the bound is not attempted: reported at once', async () => {
	srv.failNext({ path: '/latest/projects/list', status: 429, headers: { 'retry-after': '3600' } });
	const started = Date.now();
	const { error } = await runGovernance(srv, { parameters: listProjects });
	// far from the hour it was told to wait (a bound only a stuck run reaches)
	expect(Date.now() - started).toBeLessThan(25_000);
	expect(projectCalls()).toBe(1);
	expect(error?.message).toMatch(/^Rate limit reached/);
});

test('a 403 with x-ratelimit-remaining: 0 is a rate limit, not a permissions error', async () => {
	const reset = Math.floor(Date.now() / 1000) + 7200;
	srv.failNext({
		path: '/latest/projects/list',
		status: 403,
		headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
		body: { message: 'API rate limit exceeded' },
	});
	const { error } = await runGovernance(srv, { parameters: listProjects });
	expect(error?.message).toMatch(/^Rate limit reached: API rate limit exceeded/);
	expect(error?.description).toContain(new Date(reset * 1000).toISOString());
	expect(error?.description).not.toContain('Admin permission');
});

test('a read is retried on 503 and on a dropped connection', async () => {
	srv.failNext({ path: '/latest/projects/list', status: 503 });
	srv.failNext({ path: '/latest/projects/list', drop: true });
	const { error, output } = await runGovernance(srv, { parameters: listProjects });
	expect(error).toBeUndefined();
	expect(output.length).toBeGreaterThan(0);
	expect(projectCalls()).toBe(3);
});

test('a write that got a 503 is not retried (it may have been applied)', async () => {
	srv.failNext({ path: `/latest/auth/users/${VIEWER_USER_ID}/delete`, status: 503, body: { message: 'busy' } });
	const { error } = await runGovernance(srv, { parameters: removeViewer });
	expect(removeCalls()).toHaveLength(1);
	expect(error?.httpCode).toBe('503');
	expect(error?.message).toContain('busy');
});

test('a write whose connection dropped is not retried, and says it may have been applied', async () => {
	srv.failNext({ path: `/latest/auth/users/${VIEWER_USER_ID}/delete`, drop: true });
	const { error } = await runGovernance(srv, { parameters: removeViewer });
	expect(removeCalls()).toHaveLength(1);
	expect(error?.message).toBe('Could not reach the service: the connection was closed unexpectedly');
	expect(error?.description).toContain('may or may not have been applied');
});

test('an unreachable server is reported as such after bounded retries of the read', async () => {
	await srv.stop();
	const { error } = await runGovernance(srv, { parameters: listProjects });
	expect(error?.message).toBe('Could not reach the service: the connection was refused');
	expect(error?.description).toContain('tried 4 times');
	srv = await startServer();
});
