import type { IDataObject } from 'n8n-workflow';

import { clientInfoBaseUrl } from '../../credentials/ClientInfoOAuth2Api.credentials';
import type {
	ApiErrorDetails,
	ApiResponse,
	PaceLimits,
	PlatformClient,
	PlatformDescription,
	RequestContext,
} from '../shared';
import { callKind, createPlatformClient, hintFor, nodeOf, offsetPaging, pacerFor } from '../shared';

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

export type ClientInfoContext = RequestContext;

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
	return {
		message: parts.length
			? `${parts.join(': ')} (HTTP ${response.statusCode})`
			: `The Client Info platform answered with HTTP ${response.statusCode}`,
		description: hintFor(response.statusCode, STATUS_HINTS),
	};
}

/**
 * The partner API as data: paths under `{baseUrl}/partner_api/v1`, authorised by the OAuth2
 * credential (token refreshed on a 401 and the call repeated once), paced below the platform's
 * read and write limits per credential, 429s retried after `Retry-After` (or one window when
 * the platform names no delay), lists read by `limit` and `offset`.
 */
export const clientInfoPlatform: PlatformDescription = {
	label: 'Client Info',
	credentialType: () => CREDENTIAL_TYPE,
	connect(credentials, credentialType, invalid) {
		const baseUrl = clientInfoBaseUrl(credentials);
		if (!/^https?:\/\/[^/]+$/.test(baseUrl)) {
			invalid(
				'The Client Info credential has no valid base URL',
				'Enter the platform\'s address in the credential, such as https://api.contentsnare.com.',
			);
		}
		const token = (credentials.oauthTokenData ?? {}) as IDataObject;
		return {
			credentialType,
			baseUrl: `${baseUrl}${API_PATH}`,
			secrets: [credentials.clientSecret, token.access_token, token.refresh_token, token.accessToken, token.refreshToken].filter(
				(value): value is string => typeof value === 'string' && value !== '',
			),
		};
	},
	describeError,
	pagination: () =>
		offsetPaging({
			pageSize: PAGE_SIZE,
			itemsKey: 'results',
			total: (body) => (body.pagination as IDataObject | undefined)?.total ?? (body.pagination as IDataObject | undefined)?.count,
		}),
	callOptions(ctx, connection, method) {
		const credentialId = nodeOf(ctx).credentials?.[CREDENTIAL_TYPE]?.id ?? 'default';
		const pacer = pacerFor(`${CREDENTIAL_TYPE}:${credentialId}:${connection.baseUrl}`, () => paceLimits);
		const kind = callKind(method);
		return {
			beforeAttempt: async () => await pacer.acquire(kind),
			rateLimitWaitMs: paceLimits.windowMs,
			onRateLimit: (waitMs) => pacer.hold(waitMs),
			oauth2: { label: 'Client Info' },
		};
	},
};

/** The Client Info client of this execution (credential loaded once). */
export function clientInfo(ctx: ClientInfoContext): PlatformClient {
	return createPlatformClient(ctx, clientInfoPlatform);
}

/** A path segment for an ID, encoded. */
export function segment(id: string): string {
	return encodeURIComponent(id);
}
