import type { ICredentialsDecrypted, IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { ApiRequest, ApiResponse } from './attempt';
import { sendAttempt, toHttpOptions } from './attempt';
import type { DescribeError, ErrorContext } from './errors';
import {
	buildApiError,
	defaultDescribeError,
	errorText,
	networkErrorDetails,
	rateLimitErrorDetails,
	reconnectDescription,
	responseError,
} from './errors';
import type { RetryPolicy } from './retry';
import { decideRetry, DEFAULT_RETRY_POLICY, isIdempotent } from './retry';
import { nodeOf } from '../parameters';
import type { RequestContext } from './types';
import { append } from '../append';

export interface OAuth2RefreshOptions {
	/** How the user names the connection, e.g. "Client Info". */
	label: string;
}

export interface RequestOptions {
	itemIndex?: number;
	retry?: RetryPolicy;
	/** Values that must never show in an error (API keys, tokens). */
	secrets?: string[];
	/** Platform-specific wording of an error response. */
	describeError?: DescribeError;
	/** Statuses answered as a response instead of an error (for example 404 for "does it exist?"). */
	acceptStatuses?: number[];
	/** Called with every wait, for tests and logs. */
	onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
	/**
	 * Called before every attempt (the first and each retry) and may wait, for pacing (see
	 * pacer.ts). The function it returns, if any, is called once that attempt has its answer.
	 */
	beforeAttempt?: () => Promise<(() => void) | void>;
	/** Told of every answer (its status and headers), for a caller that follows the budget the platform reports. */
	onResponse?: (response: { statusCode: number; headers: IDataObject }) => void;
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
	/** Told when n8n has stored a refreshed OAuth2 token (so cached credential data is stale). */
	onCredentialChanged?: () => void;
	/**
	 * For credentials whose data carries a short-lived token obtained by the node (a GitHub App's
	 * installation token): after a 401 the call is repeated once with the credential data this
	 * answers (a new token), whose secrets are redacted from errors too.
	 */
	renewCredentials?: () => Promise<{ credentialsDecrypted: ICredentialsDecrypted; secrets: string[] }>;
}

/** Token refreshes in progress, per credential, so that parallel calls share one refresh. */
const refreshesInFlight = new Map<string, Promise<void>>();

async function refreshOAuth2(ctx: RequestContext, credentialType: string): Promise<void> {
	const node = nodeOf(ctx);
	const id = node.credentials?.[credentialType]?.id ?? node.name;
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

/**
 * The pack's one way to call a platform: one attempt after another (attempt.ts) as long as the
 * retry policy (retry.ts) says so, an OAuth2 refresh on a 401 where the credential has one, and
 * every failure built as a redacted `NodeApiError` (errors.ts).
 */
export async function apiRequest<T = unknown>(
	ctx: RequestContext,
	request: ApiRequest,
	options: RequestOptions = {},
): Promise<ApiResponse<T>> {
	const policy = options.retry ?? DEFAULT_RETRY_POLICY;
	const describe = options.describeError ?? defaultDescribeError;
	const httpOptions = toHttpOptions(request);
	const errorContext: ErrorContext = {
		// Read only when an error is built (n8n copies the whole node on every getNode()).
		get node() {
			return nodeOf(ctx);
		},
		secrets: [...(options.secrets ?? [])],
		itemIndex: options.itemIndex,
	};
	let attempt = 0;
	let waitedMs = 0;
	let refreshed = false;
	let renewed = false;
	let credentialsDecrypted = request.credentialsDecrypted;

	for (;;) {
		const release = options.beforeAttempt ? await options.beforeAttempt() : undefined;
		const result = await sendAttempt(ctx, request.credentialType, httpOptions, request.encoding, credentialsDecrypted);
		release?.();

		if (result.kind === 'error') {
			const message = result.error instanceof Error ? result.error.message : String(result.error);
			if (options.oauth2 && /OAuth credentials not connected/i.test(message)) {
				const { label } = options.oauth2;
				throw buildApiError(
					errorContext,
					{ message: `The ${label} credential is not connected`, description: reconnectDescription(label, 'It has no access token yet.') },
					401,
				);
			}
			throw buildApiError(errorContext, { message });
		}

		if (result.kind === 'response') {
			const { response } = result;
			options.onResponse?.({ statusCode: response.statusCode, headers: response.headers });
			if (response.statusCode < 400 || options.acceptStatuses?.includes(response.statusCode)) {
				return response as ApiResponse<T>;
			}
			if (response.statusCode === 401 && options.renewCredentials && !renewed) {
				renewed = true;
				const renewal = await options.renewCredentials();
				credentialsDecrypted = renewal.credentialsDecrypted;
				append(errorContext.secrets, renewal.secrets);
				continue;
			}
			if (response.statusCode === 401 && options.oauth2) {
				const { label } = options.oauth2;
				if (refreshed) {
					throw buildApiError(
						errorContext,
						{
							message: `The ${label} platform refused the refreshed access token: reconnect the credential`,
							description: reconnectDescription(label, `The platform said: ${describe(response).message}.`),
						},
						401,
					);
				}
				refreshed = true;
				try {
					await refreshOAuth2(ctx, request.credentialType);
					options.onCredentialChanged?.();
				} catch (error) {
					throw buildApiError(
						errorContext,
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
		}

		const outcome =
			result.kind === 'network'
				? { kind: 'network' as const, code: result.code }
				: { kind: 'response' as const, statusCode: result.response.statusCode, headers: result.response.headers };
		const decision = decideRetry({ outcome, method: request.method, attempt, waitedMs, policy, rateLimitWaitMs: options.rateLimitWaitMs });
		const rateLimitWait = decision.action === 'retry' ? (decision.rateLimit ? decision.waitMs : undefined) : decision.waitMs;
		if (decision.rateLimit && rateLimitWait !== undefined) options.onRateLimit?.(rateLimitWait);
		if (decision.action === 'retry') {
			attempt++;
			waitedMs += decision.waitMs;
			options.onRetry?.({ attempt, waitMs: decision.waitMs, reason: decision.reason });
			if (decision.waitMs > 0) await sleep(decision.waitMs);
			continue;
		}

		if (result.kind === 'network') {
			throw buildApiError(
				errorContext,
				networkErrorDetails(result.code, isIdempotent(request.method), attempt + 1),
				undefined,
				{ networkError: result.code },
			);
		}
		const { response } = result;
		if (decision.rateLimit) {
			const { resetAt } = decision.rateLimit;
			throw buildApiError(
				errorContext,
				rateLimitErrorDetails(describe(response).message, response.statusCode, decision.rateLimit, waitedMs, attempt),
				response.statusCode,
				{ rateLimited: true, ...(resetAt ? { resetAt: resetAt.toISOString() } : {}) },
			);
		}
		throw responseError(errorContext, response, describe);
	}
}
