import type { IDataObject } from 'n8n-workflow';

/** How often and how long one call may be repeated. */
export interface RetryPolicy {
	/** Retries after the first attempt. */
	maxRetries: number;
	/** Upper bound for all waits of one call together, in milliseconds. */
	maxTotalWaitMs: number;
	/** First back-off delay for network errors and 502/503/504 on reads, doubled each time. */
	baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxRetries: 3,
	maxTotalWaitMs: 60_000,
	baseDelayMs: 500,
};

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRYABLE_READ_STATUSES = new Set([502, 503, 504]);

/** GET, HEAD and OPTIONS change nothing, so they may be repeated after any failure. */
export function isIdempotent(method: string): boolean {
	return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/** A response header, whatever its case; the first value of a list. */
export function header(headers: IDataObject, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (Array.isArray(value)) return String(value[0]);
	return value === undefined || value === null ? undefined : String(value);
}

export interface RateLimitInfo {
	/** How long the platform asks us to wait, if it says. */
	waitMs?: number;
	/** When the limit resets, if known. */
	resetAt?: Date;
}

/**
 * A response is a rate limit when it is a 429, or a 403 that says so through
 * `x-ratelimit-remaining: 0` or `retry-after` (GitHub's primary and secondary limits).
 */
export function rateLimitOf(
	response: { statusCode: number; headers: IDataObject },
	now = Date.now(),
): RateLimitInfo | undefined {
	const { statusCode, headers } = response;
	const retryAfter = header(headers, 'retry-after');
	const remaining = header(headers, 'x-ratelimit-remaining');
	const reset = header(headers, 'x-ratelimit-reset');
	const limited =
		statusCode === 429 || (statusCode === 403 && (remaining === '0' || retryAfter !== undefined));
	if (!limited) return undefined;

	const info: RateLimitInfo = {};
	if (retryAfter !== undefined) {
		const seconds = Number(retryAfter);
		if (Number.isFinite(seconds)) {
			info.waitMs = Math.max(0, seconds * 1000);
		} else {
			const date = Date.parse(retryAfter);
			if (!Number.isNaN(date)) info.waitMs = Math.max(0, date - now);
		}
		if (info.waitMs !== undefined) info.resetAt = new Date(now + info.waitMs);
	}
	if (reset !== undefined && Number.isFinite(Number(reset))) {
		const resetAt = new Date(Number(reset) * 1000);
		if (info.waitMs === undefined || remaining === '0') {
			info.resetAt = resetAt;
			info.waitMs = Math.max(0, resetAt.getTime() - now) + 1000;
		}
	}
	return info;
}

/** What one attempt ended with, as far as the retry policy cares. */
export type AttemptOutcome =
	| { kind: 'network'; code: string }
	| { kind: 'response'; statusCode: number; headers: IDataObject };

export interface RetryInput {
	outcome: AttemptOutcome;
	method: string;
	/** Retries made so far (0 after the first attempt). */
	attempt: number;
	/** Milliseconds waited so far for this call. */
	waitedMs: number;
	policy: RetryPolicy;
	/** Wait after a rate-limit answer that says not how long (default: back-off). */
	rateLimitWaitMs?: number;
	now?: number;
}

export type RetryDecision =
	| { action: 'retry'; waitMs: number; reason: string; rateLimit?: RateLimitInfo }
	| { action: 'giveUp'; rateLimit?: RateLimitInfo; waitMs?: number };

/**
 * The retry policy of product.md as a pure decision:
 * - 429 and rate-limit 403: wait `Retry-After` / until `x-ratelimit-reset` (any method: the
 *   platform did not apply the call);
 * - GET/HEAD/OPTIONS also on network errors and 502/503/504, with doubling back-off;
 * - a write that got a 5xx or a network error is not repeated: it may have been applied;
 * - never more than `maxRetries` retries nor `maxTotalWaitMs` of waiting in all.
 * For a rate limit, `waitMs` is the wait the platform asked for, also when giving up.
 */
export function decideRetry(input: RetryInput): RetryDecision {
	const { outcome, attempt, waitedMs, policy } = input;
	const backOff = policy.baseDelayMs * 2 ** attempt;
	const fits = (waitMs: number) => attempt < policy.maxRetries && waitedMs + waitMs <= policy.maxTotalWaitMs;
	const idempotent = isIdempotent(input.method);

	if (outcome.kind === 'network') {
		return idempotent && fits(backOff)
			? { action: 'retry', waitMs: backOff, reason: outcome.code }
			: { action: 'giveUp' };
	}
	const rateLimit = rateLimitOf(outcome, input.now);
	if (rateLimit) {
		const waitMs = rateLimit.waitMs ?? input.rateLimitWaitMs ?? backOff;
		return fits(waitMs)
			? { action: 'retry', waitMs, reason: `HTTP ${outcome.statusCode} rate limit`, rateLimit }
			: { action: 'giveUp', rateLimit, waitMs };
	}
	if (idempotent && RETRYABLE_READ_STATUSES.has(outcome.statusCode) && fits(backOff)) {
		return { action: 'retry', waitMs: backOff, reason: `HTTP ${outcome.statusCode}` };
	}
	return { action: 'giveUp' };
}
