import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { codeHostingServer } from '../../credentials/CodeHostingApi.credentials';
import type { ApiErrorDetails, ApiResponse, RetryPolicy } from '../shared';
import { apiRequest, collectPages, DEFAULT_RETRY_POLICY } from '../shared';

export type CodeHostingContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions
	| IWebhookFunctions;

export const API_VERSION = '2022-11-28';
export const JSON_MEDIA_TYPE = 'application/vnd.github+json';
export const RAW_MEDIA_TYPE = 'application/vnd.github.raw';
export const USER_AGENT = 'n8n-nodes-governance-connectors';
export const PAGE_SIZE = 100;

export function credentialTypeOf(ctx: CodeHostingContext, itemIndex = 0): string {
	let authentication: unknown = 'accessToken';
	try {
		authentication = ctx.getNodeParameter('authentication', itemIndex, 'accessToken');
	} catch {
		authentication = 'accessToken';
	}
	return authentication === 'oAuth2' ? 'codeHostingOAuth2Api' : 'codeHostingApi';
}

export interface CodeHostingConnection {
	credentialType: string;
	/** REST base: https://api.github.com or https://HOST/api/v3 */
	server: string;
	/** GraphQL endpoint: https://api.github.com/graphql or https://HOST/api/graphql */
	graphqlUrl: string;
	secrets: string[];
}

export async function connectionOf(
	ctx: CodeHostingContext,
	itemIndex = 0,
): Promise<CodeHostingConnection> {
	const credentialType = credentialTypeOf(ctx, itemIndex);
	const credentials = await ctx.getCredentials(credentialType, itemIndex);
	const server = codeHostingServer(credentials);
	if (!/^https?:\/\/[^/]+/.test(server)) {
		throw new NodeOperationError(ctx.getNode(), `The credential's server "${server}" is not a URL`, {
			itemIndex,
			description: 'Use https://api.github.com, or https://HOST/api/v3 for GitHub Enterprise Server.',
		});
	}
	const graphqlUrl = /\/api\/v3$/.test(server)
		? server.replace(/\/api\/v3$/, '/api/graphql')
		: `${server}/graphql`;
	const tokenData = credentials.oauthTokenData as IDataObject | undefined;
	const secrets = [
		credentials.accessToken,
		credentials.clientSecret,
		tokenData?.access_token,
		tokenData?.refresh_token,
	].filter((value): value is string => typeof value === 'string' && value !== '');
	return { credentialType, server, graphqlUrl, secrets };
}

const STATUS_HINTS: Record<number, string> = {
	401: 'The token was not accepted (bad credentials). Check the credential\'s token and server, or reconnect the OAuth2 credential.',
	403: 'The token is valid but not allowed to do this. Check the token\'s scopes or fine-grained permissions, and your role in the repository or organization.',
	404: 'Not found, or the token cannot see it (private repositories answer 404 to tokens without access). Check owner, repository and the other identifiers.',
	409: 'The request conflicts with the current state (for example a file SHA that is no longer current, or a merge conflict).',
	415: 'The platform refused the Accept header.',
	422: 'The platform could not process the request. See the details above.',
};

function describeError(response: ApiResponse): ApiErrorDetails {
	const body = response.body as IDataObject | string | undefined;
	let message = `The code-hosting API answered with HTTP ${response.statusCode}`;
	let details = '';
	if (body && typeof body === 'object') {
		if (typeof body.message === 'string') message = `${body.message} (HTTP ${response.statusCode})`;
		if (Array.isArray(body.errors)) {
			details = (body.errors as Array<IDataObject | string>)
				.map((entry) =>
					typeof entry === 'string'
						? entry
						: [entry.resource, entry.field, entry.code, entry.message].filter(Boolean).join(' '),
				)
				.join('; ');
		}
	} else if (typeof body === 'string' && body.trim() !== '') {
		message = `${body.trim().slice(0, 300)} (HTTP ${response.statusCode})`;
	}
	const scopes = response.headers['x-accepted-oauth-scopes'];
	const hint = STATUS_HINTS[response.statusCode] ??
		(response.statusCode >= 500 ? 'The platform had an internal error. Try again later.' : undefined);
	return {
		message,
		description: [
			details ? `Details: ${details}.` : undefined,
			hint,
			response.statusCode === 403 && scopes ? `Scopes this call accepts: ${String(scopes)}.` : undefined,
		]
			.filter(Boolean)
			.join(' '),
	};
}

export interface CodeHostingRequestOptions {
	qs?: IDataObject;
	body?: IDataObject | IDataObject[] | Buffer | string;
	headers?: IDataObject;
	itemIndex?: number;
	/** 'arraybuffer' for raw file bytes. */
	encoding?: 'json' | 'arraybuffer';
	retry?: RetryPolicy;
	/** Statuses answered as a response instead of an error. */
	acceptStatuses?: number[];
	/** Full URL (for `Link` next pages); must be on the credential's own host. */
	url?: string;
}

/** The URL for `endpoint` (a path like /repos/o/r) on the credential's server. */
export function urlFor(connection: CodeHostingConnection, endpoint: string): string {
	return `${connection.server}${endpoint.startsWith('/') ? '' : '/'}${endpoint}`;
}

/** True when `url` is on the credential's server (same origin, under its base path). */
export function isOnServer(connection: CodeHostingConnection, url: string): boolean {
	try {
		const target = new URL(url);
		const base = new URL(connection.server);
		const basePath = base.pathname.replace(/\/+$/, '');
		return (
			target.origin === base.origin &&
			(basePath === '' || target.pathname === basePath || target.pathname.startsWith(`${basePath}/`) ||
				url === connection.graphqlUrl)
		);
	} catch {
		return false;
	}
}

/** The retry policy with the node's "Max Rate-Limit Wait" option, where the node has it. */
function retryPolicyOf(ctx: CodeHostingContext, itemIndex: number, given?: RetryPolicy): RetryPolicy {
	if (given) return given;
	let seconds: unknown;
	try {
		seconds = ctx.getNodeParameter('requestOptions.maxRateLimitWait', itemIndex, undefined);
	} catch {
		seconds = undefined;
	}
	if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return DEFAULT_RETRY_POLICY;
	return { ...DEFAULT_RETRY_POLICY, maxTotalWaitMs: seconds * 1000 };
}

export async function codeHostingFullRequest<T = unknown>(
	ctx: CodeHostingContext,
	method: IHttpRequestMethods,
	endpoint: string,
	options: CodeHostingRequestOptions = {},
): Promise<ApiResponse<T>> {
	const itemIndex = options.itemIndex ?? 0;
	const connection = await connectionOf(ctx, itemIndex);
	const url = options.url ?? urlFor(connection, endpoint);
	if (!isOnServer(connection, url)) {
		throw new NodeOperationError(ctx.getNode(), `Refusing to send the token to ${new URL(url).origin}`, {
			itemIndex,
			description: `Requests go only to the credential's server (${connection.server}).`,
		});
	}
	return await apiRequest<T>(
		ctx,
		{
			credentialType: connection.credentialType,
			method,
			url,
			qs: options.qs,
			body: options.body,
			encoding: options.encoding ?? 'json',
			headers: {
				Accept: JSON_MEDIA_TYPE,
				'X-GitHub-Api-Version': API_VERSION,
				'User-Agent': USER_AGENT,
				...(options.headers ?? {}),
			},
		},
		{
			itemIndex,
			secrets: connection.secrets,
			describeError,
			retry: retryPolicyOf(ctx, itemIndex, options.retry),
			acceptStatuses: options.acceptStatuses,
		},
	);
}

/** One REST call; answers the parsed body ({} for an empty one). */
export async function codeHostingRequest<T = IDataObject>(
	ctx: CodeHostingContext,
	method: IHttpRequestMethods,
	endpoint: string,
	options: CodeHostingRequestOptions = {},
): Promise<T> {
	const response = await codeHostingFullRequest<T>(ctx, method, endpoint, options);
	const body = response.body as unknown;
	return (body === '' || body === undefined || body === null ? {} : body) as T;
}

/** The `rel="next"` URL of a `Link` header, if any. */
export function nextLink(headers: IDataObject): string | undefined {
	const raw = headers.link ?? headers.Link;
	if (typeof raw !== 'string') return undefined;
	for (const part of raw.split(',')) {
		const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
		if (match && match[2].split(/\s+/).includes('next')) return match[1];
	}
	return undefined;
}

/**
 * The array in a wrapped list response: `key`, or with 'auto' the one array property of the
 * object (`items`, `workflow_runs`, `repositories`, ...).
 */
function itemsOf(body: IDataObject | undefined, key: string | undefined): IDataObject[] {
	if (!body || typeof body !== 'object' || !key) return [];
	if (key !== 'auto') return Array.isArray(body[key]) ? (body[key] as IDataObject[]) : [];
	const arrays = Object.values(body).filter((value) => Array.isArray(value));
	return arrays.length === 1 ? (arrays[0] as IDataObject[]) : [];
}

/**
 * A list endpoint, followed through `Link: rel="next"` until `limit` items are in hand.
 * `per_page` is 100 (or the limit, when smaller), so n items take ceil(n/100) requests.
 * `itemsKey` names the array in wrapped responses (`items`, `workflow_runs`, ...).
 */
export async function codeHostingList(
	ctx: CodeHostingContext,
	endpoint: string,
	limit: number,
	options: CodeHostingRequestOptions & { itemsKey?: string } = {},
): Promise<IDataObject[]> {
	const perPage = Math.min(PAGE_SIZE, Number.isFinite(limit) ? Math.max(1, limit) : PAGE_SIZE);
	let next: string | undefined;
	return await collectPages(async (pageIndex) => {
		const response = await codeHostingFullRequest<IDataObject | IDataObject[]>(
			ctx,
			'GET',
			endpoint,
			pageIndex === 0
				? { ...options, qs: { ...(options.qs ?? {}), per_page: perPage } }
				: { ...options, qs: undefined, url: next },
		);
		const body = response.body;
		const items = Array.isArray(body) ? body : itemsOf(body, options.itemsKey);
		next = nextLink(response.headers);
		return { items, hasMore: next !== undefined };
	}, limit);
}

export async function codeHostingGraphql<T = IDataObject>(
	ctx: CodeHostingContext,
	operationName: string,
	query: string,
	variables: IDataObject,
	itemIndex = 0,
): Promise<T> {
	const connection = await connectionOf(ctx, itemIndex);
	const body = await codeHostingRequest<{ data?: T; errors?: Array<{ message?: string; type?: string }> }>(
		ctx,
		'POST',
		'',
		{ url: connection.graphqlUrl, body: { query, variables, operationName }, itemIndex },
	);
	if (body.errors && body.errors.length > 0) {
		const message = `GraphQL error: ${body.errors.map((entry) => entry.message ?? entry.type ?? 'unknown').join('; ')}`;
		throw new NodeApiError(ctx.getNode(), { message } as JsonObject, {
			message,
			itemIndex,
			description: 'The GraphQL API answered with errors. Check the project, item and field identifiers and the token\'s project scope.',
		});
	}
	return body.data as T;
}
