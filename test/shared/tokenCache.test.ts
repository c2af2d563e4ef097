/** The process-wide token and lookup caches behind the GitHub App authentication (pure logic, a fake clock). */
import { LookupCache, TokenCache } from '../../nodes/shared/tokenCache';

const MINUTE = 60_000;

function setup() {
	let now = 1_000_000;
	let minted = 0;
	const cache = new TokenCache(5 * MINUTE, () => now);
	const mint = async () => {
		minted++;
		await new Promise((resolve) => setImmediate(resolve));
		return { token: `t${minted}`, expiresAt: now + 60 * MINUTE };
	};
	return { cache, mint, minted: () => minted, advance: (ms: number) => (now += ms) };
}

test('one mint for twenty concurrent callers; the token is reused until 5 minutes before it expires', async () => {
	const { cache, mint, minted, advance } = setup();
	const tokens = await Promise.all(Array.from({ length: 20 }, async () => await cache.get('k', mint)));
	expect(new Set(tokens.map((t) => t.token))).toEqual(new Set(['t1']));
	expect(minted()).toBe(1);
	advance(54 * MINUTE);
	expect((await cache.get('k', mint)).token).toBe('t1');
	advance(1 * MINUTE + 1);
	expect((await cache.get('k', mint)).token).toBe('t2');
	expect(minted()).toBe(2);
});

test('keys are separate (one token per installation)', async () => {
	const { cache, mint } = setup();
	expect((await cache.get('a', mint)).token).toBe('t1');
	expect((await cache.get('b', mint)).token).toBe('t2');
	expect((await cache.get('a', mint)).token).toBe('t1');
});

test('drop forgets only the refused token: twenty 401s for it lead to one new mint', async () => {
	const { cache, mint, minted } = setup();
	const first = await cache.get('k', mint);
	const renewed = await Promise.all(
		Array.from({ length: 20 }, async () => {
			cache.drop('k', first.token);
			return await cache.get('k', mint);
		}),
	);
	expect(new Set(renewed.map((t) => t.token))).toEqual(new Set(['t2']));
	expect(minted()).toBe(2);
	cache.drop('k', first.token); // a late 401 for the old token keeps the new one
	expect((await cache.get('k', mint)).token).toBe('t2');
});

test('a failed mint is not kept: every waiter gets the error, the next call mints again', async () => {
	const { cache } = setup();
	let calls = 0;
	const failing = async () => {
		calls++;
		throw new Error('refused');
	};
	await expect(Promise.all([cache.get('k', failing), cache.get('k', failing)])).rejects.toThrow('refused');
	expect(calls).toBe(1);
	await expect(cache.get('k', failing)).rejects.toThrow('refused');
	expect(calls).toBe(2);
});

test('LookupCache: one lookup per key while in flight and after; forget looks up again; failures are not kept', async () => {
	const cache = new LookupCache<number>();
	let lookups = 0;
	const lookup = async () => {
		lookups++;
		return 42;
	};
	expect(await Promise.all([cache.get('o', lookup), cache.get('o', lookup)])).toEqual([42, 42]);
	expect(await cache.get('o', lookup)).toBe(42);
	expect(lookups).toBe(1);
	cache.forget('o');
	await cache.get('o', lookup);
	expect(lookups).toBe(2);
	await expect(cache.get('x', async () => await Promise.reject(new Error('404')))).rejects.toThrow('404');
	expect(await cache.get('x', lookup)).toBe(42);
});
