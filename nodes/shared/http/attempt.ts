import type { ICredentialsDecrypted, IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';

import type { RequestContext } from './types';

/** One call to a platform, before authentication (the credential adds that). */
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
	/**
	 * The credential as already loaded by the caller: n8n then authenticates with it instead of
	 * loading and decrypting it again for every request (n8n ignores it for OAuth2 credentials).
	 */
	credentialsDecrypted?: ICredentialsDecrypted;
}

export interface ApiResponse<T = unknown> {
	statusCode: number;
	headers: IDataObject;
	body: T;
}

/** What one attempt ended with: an answer (any status), a network failure, or another error. */
export type AttemptResult =
	| { kind: 'response'; response: ApiResponse }
	| { kind: 'network'; code: string; error: unknown }
	| { kind: 'error'; error: unknown };

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

/** The network error code (ECONNRESET, ...) somewhere in an error's cause chain, if any. */
export function networkCode(error: unknown): string | undefined {
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

/** A JSON response body parsed (text that is not JSON stays text); other encodings as they are. */
export function decodeBody(body: unknown, encoding: ApiRequest['encoding']): unknown {
	if (encoding !== 'json') return body;
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	// Whitespace-only text is not JSON either: it stays as it is.
	if (typeof body === 'string' && body !== '') {
		try {
			return JSON.parse(body) as unknown;
		} catch {
			return body;
		}
	}
	return body;
}

/** n8n's request options for `request`: full response, every status answered, no cross-host credentials. */
export function toHttpOptions(request: ApiRequest): IHttpRequestOptions {
	const encoding = request.encoding ?? 'json';
	const jsonBody =
		encoding === 'json' &&
		request.body !== undefined &&
		typeof request.body === 'object' &&
		!Buffer.isBuffer(request.body);
	return {
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
}

/**
 * One attempt through n8n's `httpRequestWithAuthentication` (the credential sets the auth
 * header; proxies and queue-mode workers behave as in n8n's own nodes). Never throws.
 */
export async function sendAttempt(
	ctx: RequestContext,
	credentialType: string,
	httpOptions: IHttpRequestOptions,
	encoding: ApiRequest['encoding'] = 'json',
	credentialsDecrypted?: ICredentialsDecrypted,
): Promise<AttemptResult> {
	let raw: { statusCode: number; headers?: IDataObject; body: unknown };
	try {
		raw = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			credentialType,
			{ ...httpOptions, headers: { ...httpOptions.headers } },
			credentialsDecrypted ? { credentialsDecrypted } : undefined,
		)) as typeof raw;
	} catch (error) {
		const code = networkCode(error);
		return code ? { kind: 'network', code, error } : { kind: 'error', error };
	}
	return {
		kind: 'response',
		response: { statusCode: raw.statusCode, headers: raw.headers ?? {}, body: decodeBody(raw.body, encoding) },
	};
}
