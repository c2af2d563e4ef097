/** The retry policy as a pure decision (nodes/shared/http/retry.ts). */
import { decideRetry, DEFAULT_RETRY_POLICY, rateLimitOf } from '../../nodes/shared/http/retry';
import type { RetryInput } from '../../nodes/shared/http/retry';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const base = (overrides: Partial<RetryInput>): RetryInput => ({
	outcome: { kind: 'response', statusCode: 200, headers: {} },
	method: 'GET',
	attempt: 0,
	waitedMs: 0,
	policy: DEFAULT_RETRY_POLICY,
	now: NOW,
	...overrides,
});
const status = (statusCode: number, headers = {}) => ({ kind: 'response' as const, statusCode, headers });

describe('rateLimitOf', () => {
	test('a 429 with Retry-After in seconds', () => {
		expect(rateLimitOf({ statusCode: 429, headers: { 'retry-after': '2' } }, NOW)).toEqual({ waitMs: 2000, resetAt: new Date(NOW + 2000) });
	});
	test('a 403 with x-ratelimit-remaining 0 waits until the reset, plus a second', () => {
		const reset = NOW / 1000 + 60;
		expect(rateLimitOf({ statusCode: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) } }, NOW)).toEqual({
			waitMs: 61_000,
			resetAt: new Date(reset * 1000),
		});
	});
	test('a 403 without rate-limit headers is a permissions error, not a rate limit', () => {
		expect(rateLimitOf({ statusCode: 403, headers: { 'x-ratelimit-remaining': '12' } }, NOW)).toBeUndefined();
	});
	test('Retry-After as an HTTP date', () => {
		const date = new Date(NOW + 5000).toUTCString();
		expect(rateLimitOf({ statusCode: 429, headers: { 'retry-after': date } }, NOW)?.waitMs).toBe(5000);
	});
});

describe('decideRetry', () => {
	test('success and plain client errors are not retried', () => {
		expect(decideRetry(base({ outcome: status(404) }))).toEqual({ action: 'giveUp' });
		expect(decideRetry(base({ outcome: status(422), method: 'POST' }))).toEqual({ action: 'giveUp' });
	});

	test('reads are retried on 502/503/504 with doubling back-off', () => {
		expect(decideRetry(base({ outcome: status(503) }))).toEqual({ action: 'retry', waitMs: 500, reason: 'HTTP 503' });
		expect(decideRetry(base({ outcome: status(502), attempt: 2, waitedMs: 1500 }))).toEqual({ action: 'retry', waitMs: 2000, reason: 'HTTP 502' });
	});

	test('writes are not retried on 5xx or network errors (they may have been applied)', () => {
		expect(decideRetry(base({ outcome: status(503), method: 'POST' }))).toEqual({ action: 'giveUp' });
		expect(decideRetry(base({ outcome: { kind: 'network', code: 'ECONNRESET' }, method: 'PATCH' }))).toEqual({ action: 'giveUp' });
	});

	test('reads are retried on network errors', () => {
		expect(decideRetry(base({ outcome: { kind: 'network', code: 'ECONNRESET' }, method: 'head' }))).toEqual({
			action: 'retry',
			waitMs: 500,
			reason: 'ECONNRESET',
		});
	});

	test('rate limits are retried for any method after the advised wait', () => {
		const decision = decideRetry(base({ outcome: status(429, { 'retry-after': '1' }), method: 'DELETE' }));
		expect(decision).toMatchObject({ action: 'retry', waitMs: 1000, reason: 'HTTP 429 rate limit' });
	});

	test('a rate limit without advice waits the platform default, else the back-off', () => {
		expect(decideRetry(base({ outcome: status(429), rateLimitWaitMs: 10_000 }))).toMatchObject({ action: 'retry', waitMs: 10_000 });
		expect(decideRetry(base({ outcome: status(429), attempt: 1, waitedMs: 500 }))).toMatchObject({ action: 'retry', waitMs: 1000 });
	});

	test('bounded in count and in total wait; a rate limit given up says its wait', () => {
		expect(decideRetry(base({ outcome: status(503), attempt: 3 }))).toEqual({ action: 'giveUp' });
		const tooLong = decideRetry(base({ outcome: status(429, { 'retry-after': '3600' }) }));
		expect(tooLong).toMatchObject({ action: 'giveUp', waitMs: 3_600_000 });
		expect(tooLong.rateLimit?.resetAt).toEqual(new Date(NOW + 3_600_000));
		const policy = { ...DEFAULT_RETRY_POLICY, maxTotalWaitMs: 1000 };
		expect(decideRetry(base({ outcome: status(504), attempt: 1, waitedMs: 500, policy }))).toEqual({ action: 'giveUp' });
	});
});
