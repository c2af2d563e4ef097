import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { redactDeep, redactSecrets } from '../redact';
import type { ApiResponse } from './attempt';
import type { RateLimitInfo } from './retry';

/** What a platform says about a failed response. */
export interface ApiErrorDetails {
	message: string;
	description?: string;
}

/** The call a failed response answered, for wording that depends on the credential in use. */
export interface DescribeCall {
	/** The credential type of the call. */
	credentialType: string;
	/** What kind of credential it is, where the platform tells kinds apart (see PlatformConnection). */
	credentialKind?: string;
	method: string;
	url: string;
}

export type DescribeError = (response: ApiResponse, call?: DescribeCall) => ApiErrorDetails;

/** Wording used when a platform has no description of its own. */
export function defaultDescribeError(response: ApiResponse): ApiErrorDetails {
	const body = response.body as IDataObject | string | undefined;
	let message = `The service answered with HTTP ${response.statusCode}`;
	if (body && typeof body === 'object' && typeof body.message === 'string') message = body.message;
	else if (typeof body === 'string' && body.trim() !== '') message = body.slice(0, 500);
	return { message };
}

/** The hint for a status from a platform's table; any 5xx has the same one. */
export function hintFor(statusCode: number, hints: Record<number, string>): string | undefined {
	return hints[statusCode] ?? (statusCode >= 500 ? 'The platform had an internal error. Try again later.' : undefined);
}

export interface ErrorContext {
	node: INode;
	secrets: string[];
	itemIndex?: number;
}

/** A `NodeApiError` built from redacted data only, never from the raw HTTP error (it carries headers). */
export function buildApiError(
	context: ErrorContext,
	details: ApiErrorDetails,
	httpCode?: number,
	extra: JsonObject = {},
): NodeApiError {
	const { secrets } = context;
	return new NodeApiError(context.node, redactDeep({ message: details.message, ...extra }, secrets) as JsonObject, {
		message: redactSecrets(details.message, secrets),
		description: details.description ? redactSecrets(details.description, secrets) : undefined,
		httpCode: httpCode === undefined ? undefined : String(httpCode),
		itemIndex: context.itemIndex,
	});
}

/** Whether an error is a rate limit that outlasted the allowed wait (its 403 or 429 is no refusal of the call itself). */
export function isRateLimitError(error: unknown): boolean {
	const response = (error as { errorResponse?: unknown } | null)?.errorResponse;
	return typeof response === 'object' && response !== null && (response as { rateLimited?: unknown }).rateLimited === true;
}

/** The error for a response the platform refused (status, message, hint and the body). */
export function responseError(context: ErrorContext, response: ApiResponse, describe: DescribeError): NodeApiError {
	const body = response.body;
	return buildApiError(context, describe(response), response.statusCode, {
		httpCode: String(response.statusCode),
		...(body && typeof body === 'object' && !Buffer.isBuffer(body) ? { response: body as JsonObject } : {}),
	});
}

const NETWORK_ERROR_TEXT: Record<string, string> = {
	ECONNRESET: 'the connection was closed unexpectedly',
	ETIMEDOUT: 'the request timed out',
	ECONNABORTED: 'the request timed out',
	ECONNREFUSED: 'the connection was refused',
	EPIPE: 'the connection was closed unexpectedly',
	EAI_AGAIN: 'the host name could not be resolved',
	ENOTFOUND: 'the host name could not be resolved',
	ENETUNREACH: 'the network is unreachable',
	EHOSTUNREACH: 'the host is unreachable',
};

/** Wording of a network failure: how often it was tried, or why a write was not repeated. */
export function networkErrorDetails(code: string, idempotent: boolean, attempts: number): ApiErrorDetails {
	return {
		// The code itself stays out of the message: n8n would swap such a message for its
		// generic wording.
		message: `Could not reach the service: ${NETWORK_ERROR_TEXT[code] ?? 'network error'}`,
		description: `${
			idempotent
				? `The request was tried ${attempts} times. Check that the server address in the credential is right and reachable from n8n.`
				: 'The request changes data, so it was not repeated: it may or may not have been applied. Check the platform before running it again.'
		} Network error code: ${code}.`,
	};
}

/** Wording of a rate limit that outlasted the retries: not a credentials problem, and when it resets. */
export function rateLimitErrorDetails(
	platformMessage: string,
	statusCode: number,
	rateLimit: RateLimitInfo,
	waitedMs: number,
	retries: number,
): ApiErrorDetails {
	const resetText = rateLimit.resetAt ? `The limit resets at ${rateLimit.resetAt.toISOString()}.` : 'Try again later.';
	return {
		message: `Rate limit reached: ${platformMessage}`,
		description: `The platform is throttling this credential (HTTP ${statusCode}). This is not a credentials problem. ${resetText} Waited ${Math.round(waitedMs / 1000)} s over ${retries} retries before giving up.`,
	};
}

/** How to renew an OAuth2 connection. */
export function reconnectDescription(label: string, detail: string): string {
	return `${detail} Open the ${label} credential and reconnect it (Connect my account): a connection is renewed or revoked by disconnecting and reconnecting it.`;
}

export function errorText(error: unknown): string {
	if (error instanceof Error) return error.message;
	return typeof error === 'string' ? error : 'unknown error';
}
