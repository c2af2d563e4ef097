import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { clientInfoBaseUrl } from '../../credentials/ClientInfoOAuth2Api.credentials';
import type { ApiErrorDetails, ApiResponse, PaceLimits, RetryPolicy } from '../shared';
import { apiRequest, callKind, collectPages, pacerFor } from '../shared';

export const CREDENTIAL_TYPE = 'clientInfoOAuth2Api';

/** Every call goes under this path of the credential's base URL (mission-spec §9). */
export const API_PATH = '/partner_api/v1';

/** Largest page the platform serves (its `limit` default). */
export const PAGE_SIZE = 200;

/**
 * The platform's limits (mission-spec §8, platforms.md §3): 50 reads and 20 writes in any
 * 10 seconds, per connection. Tests and benchmarks may shorten the window with
 * `setPacingLimits`; nothing else changes them.
 */
export const DEFAULT_PACE_LIMITS: PaceLimits = { reads: 50, writes: 20, windowMs: 10_000, marginMs: 100 };

let paceLimits: PaceLimits = { ...DEFAULT_PACE_LIMITS };

/** For tests and benchmarks: other limits (a shorter window); no argument = the defaults. */
export function setPacingLimits(limits?: Partial<PaceLimits>): void {
	paceLimits = { ...DEFAULT_PACE_LIMITS, ...(limits ?? {}) };
}

export type ClientInfoContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

interface ClientInfoCredentials {
	baseUrl: string;
	secrets: string[];
}

function credentialSecrets(credentials: IDataObject): string[] {
	const token = (credentials.oauthTokenData ?? {}) as IDataObject;
	return [credentials.clientSecret, token.access_token, token.refresh_token, token.accessToken, token.refreshToken]
		.filter((value): value is string => typeof value === 'string' && value !== '');
}

async function loadCredentials(ctx: ClientInfoContext, itemIndex: number): Promise<ClientInfoCredentials> {
	const credentials =
		'getInputData' in ctx
			? await ctx.getCredentials(CREDENTIAL_TYPE, itemIndex)
			: await ctx.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = clientInfoBaseUrl(credentials);
	if (!/^https?:\/\/[^/]+$/.test(baseUrl)) {
		throw new NodeOperationError(ctx.getNode(), 'The Client Info credential has no valid base URL', {
			itemIndex,
			description: 'Enter the platform\'s address in the credential, such as https://api.contentsnare.com.',
		});
	}
	return { baseUrl, secrets: credentialSecrets(credentials) };
}

/** Secrets of the credential (client secret, tokens), for redaction in the item loop. */
export async function clientInfoSecrets(ctx: ClientInfoContext): Promise<string[]> {
	try {
		return credentialSecrets(await ctx.getCredentials(CREDENTIAL_TYPE));
	} catch {
		return [];
	}
}

const STATUS_HINTS: Record<number, string> = {
	401: 'The access token was not accepted. Reconnect the Client Info credential.',
	403: 'The connection lacks the permission (scope) for this call. Check the credential\'s scopes and reconnect it.',
	404: 'The platform does not know this object or path. Check the ID.',
	422: 'The platform rejected the request. Check the fields and their values.',
};

function flattenErrors(errors: unknown): string | undefined {
	if (Array.isArray(errors)) return errors.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry))).join('; ');
	if (errors && typeof errors === 'object') {
		return Object.entries(errors as IDataObject)
			.map(([field, value]) => `${field} ${Array.isArray(value) ? value.join(', ') : String(value)}`)
			.join('; ');
	}
	return undefined;
}

function describeError(response: ApiResponse): ApiErrorDetails {
	const body = response.body as IDataObject | string | undefined;
	const parts: string[] = [];
	if (body && typeof body === 'object') {
		for (const key of ['message', 'error_description', 'error']) {
			const value = body[key];
			if (typeof value === 'string' && value !== '' && !parts.includes(value)) {
				parts.push(value);
				if (key !== 'error') break;
			}
		}
		const details = flattenErrors(body.errors);
		if (details) parts.push(details);
	} else if (typeof body === 'string' && body.trim() !== '') {
		parts.push(body.trim().slice(0, 300));
	}
	const hint =
		STATUS_HINTS[response.statusCode] ??
		(response.statusCode >= 500 ? 'The platform had an internal error. Try again later.' : undefined);
	return {
		message: parts.length
			? `${parts.join(': ')} (HTTP ${response.statusCode})`
			: `The Client Info platform answered with HTTP ${response.statusCode}`,
		description: hint,
	};
}

export interface ClientInfoRequestOptions {
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	itemIndex?: number;
	retry?: RetryPolicy;
}

/**
 * One call to the partner API, `path` relative to `{baseUrl}/partner_api/v1`: authorised by the
 * OAuth2 credential (token refreshed on a 401 and the call repeated once), paced below the
 * platform's read and write limits per credential, and 429s retried after `Retry-After` (or one
 * window when the platform names no delay).
 */
export async function clientInfoApiRequest<T = IDataObject>(
	ctx: ClientInfoContext,
	method: IHttpRequestMethods,
	path: string,
	options: ClientInfoRequestOptions = {},
): Promise<ApiResponse<T>> {
	const itemIndex = options.itemIndex ?? 0;
	const { baseUrl, secrets } = await loadCredentials(ctx, itemIndex);
	const credentialId = ctx.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? 'default';
	const pacer = pacerFor(`${CREDENTIAL_TYPE}:${credentialId}:${baseUrl}`, () => paceLimits);
	const kind = callKind(method);
	return await apiRequest<T>(
		ctx,
		{
			credentialType: CREDENTIAL_TYPE,
			method,
			url: `${baseUrl}${API_PATH}${path}`,
			qs: options.qs,
			body: options.body,
		},
		{
			itemIndex,
			secrets,
			describeError,
			retry: options.retry,
			beforeAttempt: async () => await pacer.acquire(kind),
			rateLimitWaitMs: paceLimits.windowMs,
			onRateLimit: (waitMs) => pacer.hold(waitMs),
			oauth2: { label: 'Client Info' },
		},
	);
}

/** `clientInfoApiRequest` answering with the body only (`{}` for an empty body). */
export async function clientInfoRequest<T = IDataObject>(
	ctx: ClientInfoContext,
	method: IHttpRequestMethods,
	path: string,
	options: ClientInfoRequestOptions = {},
): Promise<T> {
	const response = await clientInfoApiRequest<T>(ctx, method, path, options);
	const body = response.body as unknown;
	return (body === '' || body === undefined || body === null ? {} : body) as T;
}

interface ListPage {
	results?: IDataObject[];
	pagination?: { offset?: number; limit?: number; total?: number; count?: number };
}

/**
 * Reads a list (`limit` and `offset`) until `limit` items are in hand or the list ends: each
 * page asks for no more than still wanted, so a limit below the page size is one request.
 */
export async function clientInfoList(
	ctx: ClientInfoContext,
	path: string,
	qs: IDataObject,
	limit: number,
	itemIndex = 0,
): Promise<IDataObject[]> {
	let offset = 0;
	return await collectPages(async (_pageIndex, stillWanted) => {
		const pageSize = Math.min(PAGE_SIZE, Number.isFinite(stillWanted) ? stillWanted : PAGE_SIZE);
		const page = await clientInfoRequest<ListPage>(ctx, 'GET', path, {
			qs: { ...qs, limit: pageSize, offset },
			itemIndex,
		});
		const items = Array.isArray(page.results) ? page.results : [];
		offset += items.length;
		const total = page.pagination?.total ?? page.pagination?.count;
		const hasMore = typeof total === 'number' ? offset < total : items.length === pageSize;
		return { items, hasMore };
	}, limit);
}

/** A path segment for an ID, encoded. */
export function segment(id: string): string {
	return encodeURIComponent(id);
}
