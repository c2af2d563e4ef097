/**
 * Pacing against the strict stand-in with a shortened window (1 s instead of 10 s; the same
 * 50 reads / 20 writes): counts and lower time bounds; the one upper bound (a read sooner than a
 * 30 s window) is far from anything a slow machine takes, so load cannot fail them.
 * The real 10-second window is measured by bench/clientinfo-pacing.js.
 */
import { setPacingLimits } from '../../nodes/ClientInfo/transport';
import type { ClientInfoServer } from './harness';
import { API, SEEDED_CLIENT_ID, byId, runClientInfo, startServer } from './harness';

const WINDOW_MS = 1000;

let srv: ClientInfoServer;
beforeAll(() => {
	setPacingLimits({ windowMs: WINDOW_MS });
});
afterAll(() => {
	setPacingLimits();
});
beforeEach(async () => {
	srv = await startServer({ windowMs: WINDOW_MS });
});
afterEach(async () => {
	await srv.stop();
});

const createClient = { resource: 'client', operation: 'create', name: '={{ $json.name }}', email: '={{ $json.email }}', additionalFields: {} };
const batch = (count: number, prefix = 'batch') =>
	Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i}`, email: `${prefix}-${i}@example.com` }));

function createdPerEmail(): Map<string, number> {
	const counts = new Map<string, number>();
	for (const client of Object.values(srv.state.clients)) {
		counts.set(String(client.email), (counts.get(String(client.email)) ?? 0) + 1);
	}
	return counts;
}

/** The most calls of a kind the server accepted in any window. */
function busiestWindow(method: (m: string) => boolean): number {
	const times = srv.apiRequests().filter((r) => method(r.method) && !r.rateLimited).map((r) => r.at);
	let most = 0;
	for (let i = 0, j = 0; i < times.length; i++) {
		while (times[i] - times[j] >= WINDOW_MS) j++;
		most = Math.max(most, i - j + 1);
	}
	return most;
}

test('100 creates: zero 429s, each created exactly once, in order, never more than 20 writes in a window', async () => {
	const items = batch(100);
	const started = Date.now();
	const { output, error } = await runClientInfo(srv, { items, parameters: createClient });
	const elapsed = Date.now() - started;
	expect(error).toBeUndefined();
	expect(srv.stats.rateLimited).toBe(0);
	expect(output).toHaveLength(100);
	expect(output.map((item) => item.json.email)).toEqual(items.map((item) => item.email));
	expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, i) => ({ item: i })));
	const counts = createdPerEmail();
	for (const item of items) expect(counts.get(item.email)).toBe(1);
	expect(srv.apiRequests()).toHaveLength(100);
	expect(busiestWindow((m) => m !== 'GET')).toBeLessThanOrEqual(20);
	// The 81st write cannot start before four windows have passed: the pacer did wait.
	expect(elapsed).toBeGreaterThanOrEqual(4 * WINDOW_MS);
});

test('120 reads: zero 429s, never more than 50 reads in a window', async () => {
	const { output, error } = await runClientInfo(srv, {
		items: Array.from({ length: 120 }, () => ({})),
		parameters: { resource: 'client', operation: 'get', clientId: byId(SEEDED_CLIENT_ID) },
	});
	expect(error).toBeUndefined();
	expect(output).toHaveLength(120);
	expect(srv.stats.rateLimited).toBe(0);
	expect(busiestWindow((m) => m === 'GET')).toBeLessThanOrEqual(50);
});

test('reads and writes are paced separately: reads do not wait for the write window', async () => {
	// A 30 s window here: 20 writes fill it; a read that waited for the write window would leave
	// 30 s after the first write's answer, so "sooner than that" holds on however slow a machine.
	const longWindowMs = 30_000;
	await srv.stop();
	srv = await startServer({ windowMs: longWindowMs });
	setPacingLimits({ windowMs: longWindowMs });
	try {
		await runClientInfo(srv, { items: batch(20, 'fill'), parameters: createClient });
		const { error } = await runClientInfo(srv, { parameters: { resource: 'client', operation: 'getAll', returnAll: true, filters: {} } });
		expect(error).toBeUndefined();
		const calls = srv.apiRequests();
		expect(calls.filter((c) => c.method === 'POST')).toHaveLength(20);
		const firstWrite = calls.find((c) => c.method === 'POST')?.at ?? 0;
		const read = calls.find((c) => c.method === 'GET')?.at ?? Infinity;
		expect(read - firstWrite).toBeLessThan(longWindowMs);
		expect(srv.stats.rateLimited).toBe(0);
	} finally {
		setPacingLimits({ windowMs: WINDOW_MS });
	}
}, 120_000);

test('two executions at once on one credential share its pace: zero 429s', async () => {
	const [a, b] = await Promise.all([
		runClientInfo(srv, { items: batch(30, 'left'), parameters: createClient }),
		runClientInfo(srv, { items: batch(30, 'right'), parameters: createClient }),
	]);
	expect(a.error).toBeUndefined();
	expect(b.error).toBeUndefined();
	expect(srv.stats.rateLimited).toBe(0);
	expect(busiestWindow((m) => m !== 'GET')).toBeLessThanOrEqual(20);
	const counts = createdPerEmail();
	for (const item of [...batch(30, 'left'), ...batch(30, 'right')]) expect(counts.get(item.email)).toBe(1);
});

test('two pacers on one account (like two queue-mode workers): 429s are retried after Retry-After, nothing lost or doubled', async () => {
	// Another host name for the same server gives another pacer, as another worker process would have.
	const otherHost = srv.url.replace('127.0.0.1', 'localhost');
	const [a, b] = await Promise.all([
		runClientInfo(srv, { items: batch(15, 'w1'), parameters: createClient }),
		runClientInfo(srv, { items: batch(15, 'w2'), parameters: createClient, credential: { baseUrl: otherHost } }),
	]);
	expect(a.error).toBeUndefined();
	expect(b.error).toBeUndefined();
	expect(srv.stats.rateLimited).toBeGreaterThan(0);
	const counts = createdPerEmail();
	for (const item of [...batch(15, 'w1'), ...batch(15, 'w2')]) expect(counts.get(item.email)).toBe(1);
	expect(srv.apiRequests().filter((c) => c.status === 201)).toHaveLength(30);
});

describe('429 injection and recovery', () => {
	test('a 429 with Retry-After is waited out and the write sent again, once', async () => {
		srv.failNext({ method: 'POST', path: `${API}/clients`, status: 429, headers: { 'Retry-After': '1' }, body: { error: 'rate_limited' } });
		const started = Date.now();
		const { output, error } = await runClientInfo(srv, { items: batch(3, 'inj'), parameters: createClient });
		expect(error).toBeUndefined();
		expect(output).toHaveLength(3);
		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
		expect(srv.requests.filter((r) => r.method === 'POST')).toHaveLength(4);
		const counts = createdPerEmail();
		for (const item of batch(3, 'inj')) expect(counts.get(item.email)).toBe(1);
	});

	test('a 429 without Retry-After waits one window', async () => {
		srv.failNext({ method: 'GET', path: `${API}/request_templates`, status: 429, body: { error: 'rate_limited' } });
		const started = Date.now();
		const { error } = await runClientInfo(srv, { parameters: { resource: 'template', operation: 'getAll', returnAll: true } });
		expect(error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(WINDOW_MS - 50);
		expect(srv.requests).toHaveLength(2);
	});

	test('after a 429 the other items of the batch wait too, instead of drawing more 429s', async () => {
		srv.failNext({ method: 'POST', path: `${API}/clients`, status: 429, headers: { 'Retry-After': '1' } });
		const { error } = await runClientInfo(srv, { items: batch(5, 'held'), parameters: createClient });
		expect(error).toBeUndefined();
		expect(srv.requests.filter((r) => r.fault)).toHaveLength(1);
		expect(srv.stats.rateLimited).toBe(0);
	});

	test('retries are bounded: a 429 that never ends fails that item with a clear error; Continue On Fail keeps the others', async () => {
		srv.failNext({ method: 'POST', path: `${API}/clients`, status: 429, headers: { 'Retry-After': '0' }, body: { error: 'rate_limited', message: 'Too many write requests' }, times: 4 });
		const { output, error } = await runClientInfo(srv, { continueOnFail: true, items: batch(2, 'bounded'), parameters: createClient });
		expect(error).toBeUndefined();
		expect(output[0].json.error).toBe('Rate limit reached: Too many write requests (HTTP 429)');
		expect(output[0].json.httpCode).toBe('429');
		expect(output[1].json.email).toBe('bounded-1@example.com');
		const counts = createdPerEmail();
		expect(counts.get('bounded-0@example.com')).toBeUndefined();
		expect(counts.get('bounded-1@example.com')).toBe(1);
	});
});
