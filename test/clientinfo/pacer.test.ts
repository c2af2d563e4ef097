/** The sliding-window pacer of nodes/shared/pacer.ts on its own (lower time bounds only). */
import { Pacer, callKind, pacerFor } from '../../nodes/shared/pacer';

const limits = { reads: 3, writes: 2, windowMs: 200, marginMs: 10 };

test('up to the limit at once; the next call waits a full window after the answer it replaces', async () => {
	const pacer = new Pacer(() => limits);
	const t0 = Date.now();
	const first = await pacer.acquire('write');
	const second = await pacer.acquire('write');
	expect(Date.now() - t0).toBeLessThan(100);
	first();
	const firstEnded = Date.now();
	second();
	const third = await pacer.acquire('write');
	expect(Date.now() - firstEnded).toBeGreaterThanOrEqual(limits.windowMs + limits.marginMs);
	third();
});

test('a call still in flight keeps its slot however long it takes', async () => {
	const pacer = new Pacer(() => ({ ...limits, writes: 1 }));
	const slow = await pacer.acquire('write');
	let started = false;
	const next = pacer.acquire('write').then((release) => {
		started = true;
		return release;
	});
	await new Promise((resolve) => setTimeout(resolve, limits.windowMs * 2));
	expect(started).toBe(false);
	slow();
	const releasedAt = Date.now();
	(await next)();
	expect(Date.now() - releasedAt).toBeGreaterThanOrEqual(limits.windowMs);
});

test('reads and writes have separate windows', async () => {
	const pacer = new Pacer(() => limits);
	for (let i = 0; i < limits.writes; i++) (await pacer.acquire('write'))();
	const t0 = Date.now();
	for (let i = 0; i < limits.reads; i++) (await pacer.acquire('read'))();
	expect(Date.now() - t0).toBeLessThan(100);
	expect(pacer.inWindow('read')).toBe(3);
	expect(pacer.inWindow('write')).toBe(2);
});

test('hold() keeps every call back (after a 429 with Retry-After)', async () => {
	const pacer = new Pacer(() => limits);
	pacer.hold(150);
	const t0 = Date.now();
	(await pacer.acquire('read'))();
	expect(Date.now() - t0).toBeGreaterThanOrEqual(145);
});

test('a changed limit applies at once', async () => {
	let current = { ...limits, reads: 1 };
	const pacer = new Pacer(() => current);
	(await pacer.acquire('read'))();
	current = { ...limits, reads: 5 };
	const t0 = Date.now();
	(await pacer.acquire('read'))();
	expect(Date.now() - t0).toBeLessThan(100);
});

test('one pacer per key, shared', () => {
	expect(pacerFor('k1', () => limits)).toBe(pacerFor('k1', () => limits));
	expect(pacerFor('k1', () => limits)).not.toBe(pacerFor('k2', () => limits));
});

test('GET, HEAD and OPTIONS read; everything else writes', () => {
	expect(['GET', 'head', 'OPTIONS'].map(callKind)).toEqual(['read', 'read', 'read']);
	expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(callKind)).toEqual(['write', 'write', 'write', 'write']);
});
