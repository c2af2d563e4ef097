import type { IDataObject } from 'n8n-workflow';

import { codeHostingServer } from '../../credentials/CodeHostingApi.credentials';
import type {
	ApiErrorDetails,
	ApiResponse,
	PlatformClient,
	PlatformConnection,
	PlatformDescription,
	RequestContext,
	RetryPolicy,
} from '../shared';
import { AppKeyError, createPlatformClient, DEFAULT_RETRY_POLICY, hintFor, linkPaging, loadPrivateKey, nodeOf, normalizePrivateKey, readOnceIfStatic } from '../shared';
import { APP_CREDENTIAL_TYPE, authorizeAppCall } from './appAuth';

export type CodeHostingContext = RequestContext;

export const API_VERSION = '2022-11-28';
export const JSON_MEDIA_TYPE = 'application/vnd.github+json';
export const RAW_MEDIA_TYPE = 'application/vnd.github.raw';
export const USER_AGENT = 'n8n-nodes-governance-connectors';
export const PAGE_SIZE = 100;

/** The credential type chosen by the node's `authentication` parameter. */
export function credentialTypeOf(ctx: CodeHostingContext, itemIndex = 0): string {
	let authentication: unknown = 'accessToken';
	try {
		authentication = ctx.getNodeParameter('authentication', itemIndex, 'accessToken');
	} catch {
		authentication = 'accessToken';
	}
	if (authentication === 'oAuth2') return 'codeHostingOAuth2Api';
	if (authentication === 'app') return APP_CREDENTIAL_TYPE;
	return 'codeHostingApi';
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
	// what a GitHub App's installation lacks, named by the platform on its 403
	const permissions = response.headers['x-accepted-github-permissions'];
	return {
		message,
		description: [
			details ? `Details: ${details}.` : undefined,
			hintFor(response.statusCode, STATUS_HINTS),
			response.statusCode === 403 && scopes ? `Scopes this call accepts: ${String(scopes)}.` : undefined,
			response.statusCode === 403 && permissions
				? `The GitHub App needs the permission ${String(permissions)} for this call: add it on the app's settings page (Permissions & events), then accept the change in the installation's settings.`
				: undefined,
		]
			.filter(Boolean)
			.join(' '),
	};
}

/**
 * The platform's upload host for release assets (the origin of a release's `upload_url`):
 * uploads.github.com beside api.github.com, `/api/uploads/` on Enterprise Server.
 */
function isUploadUrl(target: URL, base: URL): boolean {
	if (base.hostname === 'api.github.com') return target.protocol === 'https:' && target.hostname === 'uploads.github.com';
	return target.origin === base.origin && target.pathname.startsWith('/api/uploads/');
}

/** True when `url` is on the credential's server (same origin, under its base path, or its upload host). */
export function isOnServer(connection: PlatformConnection, url: string): boolean {
	try {
		const target = new URL(url);
		const base = new URL(connection.baseUrl);
		const basePath = base.pathname.replace(/\/+$/, '');
		return (
			(target.origin === base.origin &&
				(basePath === '' || target.pathname === basePath || target.pathname.startsWith(`${basePath}/`) ||
					url === connection.graphqlUrl)) ||
			isUploadUrl(target, base)
		);
	} catch {
		return false;
	}
}

/** The node's "Max Rate-Limit Wait" option, read only where the node has it set (once when it holds no expression). */
function retryPolicy(ctx: RequestContext, itemIndex: number): RetryPolicy | undefined {
	const options = nodeOf(ctx).parameters?.requestOptions as IDataObject | undefined;
	if (!options || options.maxRateLimitWait === undefined) return undefined;
	return readOnceIfStatic(ctx, 'codeHosting.retryPolicy', ['requestOptions'], () => {
		let seconds: unknown;
		try {
			seconds = ctx.getNodeParameter('requestOptions.maxRateLimitWait', itemIndex, undefined);
		} catch {
			seconds = undefined;
		}
		if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return undefined;
		return { ...DEFAULT_RETRY_POLICY, maxTotalWaitMs: seconds * 1000 };
	});
}

/** GitHub and GitHub Enterprise Server as data. */
export const codeHostingPlatform: PlatformDescription = {
	label: 'Code Hosting',
	credentialType: (ctx) => credentialTypeOf(ctx),
	connect(credentials, credentialType, invalid) {
		const server = codeHostingServer(credentials);
		if (!/^https?:\/\/[^/]+/.test(server)) {
			invalid(
				`The credential's server "${server}" is not a URL`,
				'Use https://api.github.com, or https://HOST/api/v3 for GitHub Enterprise Server.',
			);
		}
		const tokenData = credentials.oauthTokenData as IDataObject | undefined;
		const appSecrets: unknown[] = [];
		if (credentialType === APP_CREDENTIAL_TYPE) {
			if (String(credentials.appId ?? '').trim() === '') {
				invalid('The credential\'s App ID is empty', 'Enter the App ID (or the client ID) shown on the GitHub App\'s settings page.');
			}
			try {
				loadPrivateKey(String(credentials.privateKey ?? ''));
				appSecrets.push(credentials.privateKey, normalizePrivateKey(String(credentials.privateKey)));
			} catch (error) {
				if (error instanceof AppKeyError) invalid(`The credential's private key cannot be used: ${error.message}`, error.description);
				invalid("The credential's private key cannot be used", 'Paste the whole .pem file that GitHub generated for the app.');
			}
		}
		return {
			credentialType,
			baseUrl: server,
			graphqlUrl: /\/api\/v3$/.test(server) ? server.replace(/\/api\/v3$/, '/api/graphql') : `${server}/graphql`,
			secrets: [credentials.accessToken, credentials.clientSecret, tokenData?.access_token, tokenData?.refresh_token, ...appSecrets].filter(
				(value): value is string => typeof value === 'string' && value !== '',
			),
		};
	},
	headers: { Accept: JSON_MEDIA_TYPE, 'X-GitHub-Api-Version': API_VERSION, 'User-Agent': USER_AGENT },
	describeError,
	pagination: ({ itemsKey }) => linkPaging({ pageSize: PAGE_SIZE, sizeParam: 'per_page', itemsKey }),
	retryPolicy,
	allowsUrl: isOnServer,
	graphqlErrorDescription:
		'The GraphQL API answered with errors. Check the project, item and field identifiers and the token\'s project scope.',
	authorizeCall: authorizeAppCall,
};

/** The Code Hosting client of this execution (credential loaded once). */
export function codeHosting(ctx: CodeHostingContext): PlatformClient {
	return createPlatformClient(ctx, codeHostingPlatform);
}
