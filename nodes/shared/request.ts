import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { redactDeep, redactSecrets } from './redact';

export type RequestContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions
	| IWebhookFunctions;

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

export interface ApiRequest {
	credentialType: string;
	method: IHttpRequestMethods;
	url: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[] | string | Buffer;
	headers?: IDataObject;
	/** Parse the response as JSON (default) or keep the raw bytes. */
	encoding?: 'json' | 'arraybuffer' | 'text';
	/** Do not follow redirects, so that credentials never reach another host. */
	disableFollowRedirect?: boolean;
}

export interface ApiResponse<T = unknown> {
	statusCode: number;
	headers: IDataObject;
	body: T;
}

/** What a platform transport says about a failed response. */
export interface ApiErrorDetails {
	message: string;
	description?: string;
}

export interface RequestOptions {
	itemIndex?: number;
	retry?: RetryPolicy;
	/** Values that must never show in an error (API keys, tokens). */
	secrets?: string[];
	/** Platform-specific wording of an error response. */
	describeError?: (response: ApiResponse) => ApiErrorDetails;
	/** Statuses answered as a response instead of an error (for example 404 for "does it exist?"). */
	acceptStatuses?: number[];
	/** Called with every wait, for tests and logs. */
	onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
	/**
	 * Called before every attempt (the first and each retry) and may wait, for pacing (see
	 * pacer.ts). The function it returns, if any, is called once that attempt has its answer.
	 */
	beforeAttempt?: () => Promise<(() => void) | void>;
	/** Wait after a rate-limit answer that says not how long (default: back-off from baseDelayMs). */
	rateLimitWaitMs?: number;
	/** Told of every rate-limit answer and the wait chosen, so a pacer can hold other calls too. */
	onRateLimit?: (waitMs: number) => void;
	/**
	 * For credentials that extend `oAuth2Api`. Calls go out with `ignoreHttpStatusErrors`, so
	 * n8n's own refresh-on-401 does not fire; with this set, a 401 has n8n refresh the token
	 * (`helpers.refreshOAuth2Token`, which also stores it) and the call is repeated once. A
	 * refresh that fails, or a second 401, is reported as a connection to reconnect.
	 */
	oauth2?: OAuth2RefreshOptions;
}

export interface OAuth2RefreshOptions {
	/** How the user names the connection, e.g. "Client Info". */
	label: string;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRYABLE_READ_STATUSES = new Set([502, 503, 504]);
const NETWORK_ERROR_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ENOTFOUND',
	'ENETUNREACH',
	'EHOSTUNREACH',
]);

const NETWORK_ERROR_TEXT: Record<string, string> = {
	ECONNRESET: 'the connection was closed unexpectedly',
	ECONNREFUSED: 'the connection was refused',
	ETIMEDOUT: 'the request timed out',
	ECONNABORTED: 'the request timed out',
	EPIPE: 'the connection was closed unexpectedly',
	EAI_AGAIN: 'the host name could not be resolved',
	ENOTFOUND: 'the host name could not be resolved',
	ENETUNREACH: 'the network is unreachable',
	EHOSTUNREACH: 'the host is unreachable',
};

function header(headers: IDataObject, name: string): string | undefined {
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
export function rateLimitOf(response: ApiResponse, now = Date.now()): RateLimitInfo | undefined {
	const { statusCode, headers } = response;
	const retryAfter = header(headers, 'retry-after');
	const remaining = header(headers, 'x-ratelimit-remaining');
	const reset = header(headers, 'x-ratelimit-reset');
	const limited =
		statusCode === 429 ||
		(statusCode === 403 && (remaining === '0' || retryAfter !== undefined));
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

/** Token refreshes in progress, per credential, so that parallel calls share one refresh. */
const refreshesInFlight = new Map<string, Promise<void>>();

function errorText(error: unknown): string {
	if (error instanceof Error) return error.message;
	return typeof error === 'string' ? error : 'unknown error';
}

/**
 * Has n8n refresh the OAuth2 access token of the node's credential and store it. Parallel
 * callers of the same credential wait for the refresh already under way instead of starting one.
 */
async function refreshOAuth2(ctx: RequestContext, credentialType: string): Promise<void> {
	const id = ctx.getNode().credentials?.[credentialType]?.id ?? ctx.getNode().name;
	const key = `${credentialType}:${id}`;
	const running = refreshesInFlight.get(key);
	if (running) return await running;
	const refresh = (async () => {
		await ctx.helpers.refreshOAuth2Token.call(ctx, credentialType);
	})();
	refreshesInFlight.set(key, refresh);
	try {
		await refresh;
	} finally {
		refreshesInFlight.delete(key);
	}
}

function reconnectDescription(label: string, detail: string): string {
	return `${detail} Open the ${label} credential and reconnect it (Connect my account): a connection is renewed or revoked by disconnecting and reconnecting it.`;
}

function defaultDescribeError(response: ApiResponse): ApiErrorDetails {
	const body = response.body as IDataObject | string | undefined;
	let message = `The service answered with HTTP ${response.statusCode}`;
	if (body && typeof body === 'object' && typeof body.message === 'string') message = body.message;
	else if (typeof body === 'string' && body.trim() !== '') message = body.slice(0, 500);
	return { message };
}

function networkCode(error: unknown): string | undefined {
	const seen = new Set<unknown>();
	let current: unknown = error;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		// n8n's NodeApiError keeps the network error's code as its httpCode.
		for (const code of [(current as { code?: unknown }).code, (current as { httpCode?: unknown }).httpCode]) {
			if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return code;
		}
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

function decodeBody(body: unknown, encoding: ApiRequest['encoding']): unknown {
	if (encoding !== 'json') return body;
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body === 'string' && body.trim() !== '') {
		try {
			return JSON.parse(body) as unknown;
		} catch {
			return body;
		}
	}
	return body;
}

/**
 * The pack's one way to call a platform: n8n's `httpRequestWithAuthentication` (so the
 * credential sets the auth header, and proxies and OAuth2 refresh behave as in n8n's own nodes),
 * plus the retry policy of product.md:
 * - 429 and rate-limit 403: wait `Retry-After` / until `x-ratelimit-reset`, bounded in count and
 *   total wait; then a rate-limit error with its reset time.
 * - GET/HEAD/OPTIONS also on network errors and 502/503/504, with back-off.
 * - A write that got a 5xx or a network error is not retried: it may have been applied.
 * Errors are `NodeApiError`s built from redacted data only, never from the raw HTTP error
 * (which carries the request headers).
 */
export async function apiRequest<T = unknown>(
	ctx: RequestContext,
	request: ApiRequest,
	options: RequestOptions = {},
): Promise<ApiResponse<T>> {
	const policy = options.retry ?? DEFAULT_RETRY_POLICY;
	const secrets = options.secrets ?? [];
	const encoding = request.encoding ?? 'json';
	const idempotent = IDEMPOTENT_METHODS.has(request.method.toUpperCase());
	const node = ctx.getNode();

	const jsonBody =
		encoding === 'json' &&
		request.body !== undefined &&
		typeof request.body === 'object' &&
		!Buffer.isBuffer(request.body);
	const httpOptions: IHttpRequestOptions = {
		method: request.method,
		url: request.url,
		qs: request.qs,
		// JSON bodies are serialised here so that an empty object is still sent as `{}`
		// (n8n drops empty object bodies).
		body: jsonBody ? JSON.stringify(request.body) : request.body,
		headers: {
			Accept: 'application/json',
			...(jsonBody ? { 'Content-Type': 'application/json' } : {}),
			...(request.headers ?? {}),
		},
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		encoding: encoding === 'arraybuffer' ? 'arraybuffer' : 'text',
		disableFollowRedirect: request.disableFollowRedirect,
		sendCredentialsOnCrossOriginRedirect: false,
	};

	let attempt = 0;
	let waitedMs = 0;
	let refreshed = false;
	const fail = (details: ApiErrorDetails, httpCode?: number, extra: JsonObject = {}) =>
		new NodeApiError(
			node,
			redactDeep({ message: details.message, ...extra }, secrets) as JsonObject,
			{
				message: redactSecrets(details.message, secrets),
				description: details.description
					? redactSecrets(details.description, secrets)
					: undefined,
				httpCode: httpCode === undefined ? undefined : String(httpCode),
				itemIndex: options.itemIndex,
			},
		);
	const tryWait = async (waitMs: number, reason: string): Promise<boolean> => {
		if (attempt >= policy.maxRetries || waitedMs + waitMs > policy.maxTotalWaitMs) return false;
		attempt++;
		waitedMs += waitMs;
		options.onRetry?.({ attempt, waitMs, reason });
		if (waitMs > 0) await sleep(waitMs);
		return true;
	};

	for (;;) {
		let raw: { statusCode: number; headers: IDataObject; body: unknown };
		const release = options.beforeAttempt ? await options.beforeAttempt() : undefined;
		try {
			raw = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				request.credentialType,
				{ ...httpOptions, headers: { ...httpOptions.headers } },
			)) as typeof raw;
		} catch (error) {
			release?.();
			const code = networkCode(error);
			if (code && idempotent && (await tryWait(policy.baseDelayMs * 2 ** attempt, code))) {
				continue;
			}
			if (code) {
				throw fail(
					{
						// The code itself stays out of the message: n8n would swap such a message for
						// its generic wording.
						message: `Could not reach the service: ${NETWORK_ERROR_TEXT[code] ?? 'network error'}`,
						description: `${
							idempotent
								? `The request was tried ${attempt + 1} times. Check that the server address in the credential is right and reachable from n8n.`
								: 'The request changes data, so it was not repeated: it may or may not have been applied. Check the platform before running it again.'
						} Network error code: ${code}.`,
					},
					undefined,
					{ networkError: code },
				);
			}
			const message = error instanceof Error ? error.message : String(error);
			if (options.oauth2 && /OAuth credentials not connected/i.test(message)) {
				throw fail(
					{
						message: `The ${options.oauth2.label} credential is not connected`,
						description: reconnectDescription(options.oauth2.label, 'It has no access token yet.'),
					},
					401,
				);
			}
			throw fail({ message });
		}
		release?.();

		const response: ApiResponse = {
			statusCode: raw.statusCode,
			headers: raw.headers ?? {},
			body: decodeBody(raw.body, encoding),
		};
		if (response.statusCode < 400 || options.acceptStatuses?.includes(response.statusCode)) {
			return response as ApiResponse<T>;
		}

		if (response.statusCode === 401 && options.oauth2) {
			const { label } = options.oauth2;
			if (refreshed) {
				const details = (options.describeError ?? defaultDescribeError)(response);
				throw fail(
					{
						message: `The ${label} platform refused the refreshed access token: reconnect the credential`,
						description: reconnectDescription(label, `The platform said: ${details.message}.`),
					},
					401,
				);
			}
			refreshed = true;
			try {
				await refreshOAuth2(ctx, request.credentialType);
			} catch (error) {
				throw fail(
					{
						message: `The ${label} access token expired and could not be refreshed: reconnect the credential`,
						description: reconnectDescription(
							label,
							`n8n asked for a new access token with the stored refresh token and was refused (${errorText(error)}).`,
						),
					},
					401,
				);
			}
			continue;
		}

		const rateLimit = rateLimitOf(response);
		if (rateLimit) {
			const waitMs = rateLimit.waitMs ?? options.rateLimitWaitMs ?? policy.baseDelayMs * 2 ** attempt;
			options.onRateLimit?.(waitMs);
			if (await tryWait(waitMs, `HTTP ${response.statusCode} rate limit`)) continue;
			const details = (options.describeError ?? defaultDescribeError)(response);
			const resetText = rateLimit.resetAt
				? `The limit resets at ${rateLimit.resetAt.toISOString()}.`
				: 'Try again later.';
			throw fail(
				{
					message: `Rate limit reached: ${details.message}`,
					description: `The platform is throttling this credential (HTTP ${response.statusCode}). This is not a credentials problem. ${resetText} Waited ${Math.round(waitedMs / 1000)} s over ${attempt} retries before giving up.`,
				},
				response.statusCode,
				rateLimit.resetAt ? { resetAt: rateLimit.resetAt.toISOString() } : {},
			);
		}

		if (
			idempotent &&
			RETRYABLE_READ_STATUSES.has(response.statusCode) &&
			(await tryWait(policy.baseDelayMs * 2 ** attempt, `HTTP ${response.statusCode}`))
		) {
			continue;
		}

		const details = (options.describeError ?? defaultDescribeError)(response);
		const body = response.body;
		throw fail(details, response.statusCode, {
			httpCode: String(response.statusCode),
			...(body && typeof body === 'object' && !Buffer.isBuffer(body)
				? { response: body as JsonObject }
				: {}),
		});
	}
}

/**
 * Follows a paged list and stops as soon as `limit` items are in hand (or the pages run out).
 * `fetchPage` gets the zero-based page index and how many items are still wanted, and returns
 * that page's items and whether another page exists.
 */
export async function collectPages<T>(
	fetchPage: (pageIndex: number, stillWanted: number) => Promise<{ items: T[]; hasMore: boolean }>,
	limit: number = Infinity,
): Promise<T[]> {
	const collected: T[] = [];
	for (let pageIndex = 0; collected.length < limit; pageIndex++) {
		const { items, hasMore } = await fetchPage(pageIndex, limit - collected.length);
		collected.push(...items.slice(0, limit - collected.length));
		if (!hasMore || items.length === 0) break;
	}
	return collected;
}
