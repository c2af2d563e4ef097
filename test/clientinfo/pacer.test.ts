/**
 * The sliding-window pacer of nodes/shared/pacer.ts on its own, on jest's fake clock: time moves
 * only when a test moves it, so "at once" means "without any time passing" and a wait is measured
 * to the millisecond, whatever the load on the machine.
 */
import { Pacer, callKind, pacerFor } from '../../nodes/shared/pacer';

const limits = { reads: 3, writes: 2, windowMs: 200, marginMs: 10 };

beforeEach(() => {
	jest.useFakeTimers();
});
afterEach(() => {
	jest.useRealTimers();
});

/** A flag that turns true when `promise` settles. */
function watch(promise: Promise<unknown>): { settled: boolean } {
	const state = { settled: false };
	void promise.then(() => {
		state.settled = true;
	});
	return state;
}

/** Whether the promise has settled once every pending microtask ran and no (fake) time passed. */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
	const state = watch(promise);
	await jest.advanceTimersByTimeAsync(0);
	return state.settled;
}

/** Moves the fake clock until `promise` settles; the milliseconds that took (at most `limitMs`). */
async function msUntilSettled(promise: Promise<unknown>, limitMs: number): Promise<number> {
	const state = watch(promise);
	let waited = 0;
	await jest.advanceTimersByTimeAsync(0);
	while (!state.settled && waited < limitMs) {
		await jest.advanceTimersByTimeAsync(1);
		waited++;
	}
	if (!state.settled) throw new Error(`still waiting after ${limitMs} ms of fake time`);
	return waited;
}

test('up to the limit at once; the next call waits a full window after the answer it replaces', async () => {
	const pacer = new Pacer(() => limits);
	const first = pacer.acquire('write');
	expect(await settledNow(first)).toBe(true);
	const second = pacer.acquire('write');
	expect(await settledNow(second)).toBe(true);
	await jest.advanceTimersByTimeAsync(50); // the first call's answer comes 50 ms later
	(await first)();
	(await second)();
	const third = pacer.acquire('write');
	expect(await msUntilSettled(third, 1000)).toBe(limits.windowMs + limits.marginMs);
	(await third)();
});

test('a call still in flight keeps its slot however long it takes', async () => {
	const pacer = new Pacer(() => ({ ...limits, writes: 1 }));
	const slow = await pacer.acquire('write');
	const next = pacer.acquire('write');
	expect(await settledNow(next)).toBe(false);
	await jest.advanceTimersByTimeAsync(limits.windowMs * 10);
	expect(await settledNow(next)).toBe(false);
	slow();
	const waited = await msUntilSettled(next, 1000);
	expect(waited).toBeGreaterThanOrEqual(limits.windowMs + limits.marginMs);
	// it looks again every 20 ms while the slot is in flight, so it may start up to 20 ms later
	expect(waited).toBeLessThanOrEqual(limits.windowMs + limits.marginMs + 20);
	(await next)();
});

test('reads and writes have separate windows', async () => {
	const pacer = new Pacer(() => limits);
	for (let i = 0; i < limits.writes; i++) (await pacer.acquire('write'))();
	for (let i = 0; i < limits.reads; i++) {
		const read = pacer.acquire('read');
		expect(await settledNow(read)).toBe(true);
		(await read)();
	}
	expect(pacer.inWindow('read')).toBe(3);
	expect(pacer.inWindow('write')).toBe(2);
	expect(await settledNow(pacer.acquire('read'))).toBe(false);
});

test('hold() keeps every call back (after a 429 with Retry-After)', async () => {
	const pacer = new Pacer(() => limits);
	pacer.hold(150);
	expect(await msUntilSettled(pacer.acquire('read'), 1000)).toBe(150);
});

test('a changed limit applies at once', async () => {
	let current = { ...limits, reads: 1 };
	const pacer = new Pacer(() => current);
	(await pacer.acquire('read'))();
	expect(await settledNow(pacer.acquire('read'))).toBe(false);
	current = { ...limits, reads: 5 };
	expect(await settledNow(pacer.acquire('read'))).toBe(true);
});

test('one pacer per key, shared', () => {
	expect(pacerFor('k1', () => limits)).toBe(pacerFor('k1', () => limits));
	expect(pacerFor('k1', () => limits)).not.toBe(pacerFor('k2', () => limits));
});

test('GET, HEAD and OPTIONS read; everything else writes', () => {
	expect(['GET', 'head', 'OPTIONS'].map(callKind)).toEqual(['read', 'read', 'read']);
	expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(callKind)).toEqual(['write', 'write', 'write', 'write']);
});
