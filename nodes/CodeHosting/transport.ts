import type { IDataObject } from 'n8n-workflow';

import { codeHostingServer } from '../../credentials/CodeHostingApi.credentials';
import type {
	ApiErrorDetails,
	ApiResponse,
	DescribeCall,
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

/** The kinds of Code Hosting credential whose 403s name different fixes (PlatformConnection.credentialKind). */
export type CredentialKind = 'classic' | 'fineGrained' | 'token' | 'oauth' | 'app';

/** The kind of a credential, from its type and, for a token, its prefix (the token itself is never shown). */
export function credentialKindOf(credentialType: string, accessToken: unknown): CredentialKind {
	if (credentialType === APP_CREDENTIAL_TYPE) return 'app';
	if (credentialType === 'codeHostingOAuth2Api') return 'oauth';
	const token = typeof accessToken === 'string' ? accessToken.trim() : '';
	if (token.startsWith('github_pat_')) return 'fineGrained';
	if (token.startsWith('ghp_')) return 'classic';
	return 'token';
}

/** Fine-grained permission names (X-Accepted-GitHub-Permissions) as GitHub's settings pages show them. */
const PERMISSION_NAMES: Record<string, [group: 'Repository' | 'Organization' | 'Account', name: string]> = {
	actions: ['Repository', 'Actions'],
	administration: ['Repository', 'Administration'],
	checks: ['Repository', 'Checks'],
	contents: ['Repository', 'Contents'],
	deployments: ['Repository', 'Deployments'],
	discussions: ['Repository', 'Discussions'],
	environments: ['Repository', 'Environments'],
	issues: ['Repository', 'Issues'],
	metadata: ['Repository', 'Metadata'],
	packages: ['Repository', 'Packages'],
	pages: ['Repository', 'Pages'],
	pull_requests: ['Repository', 'Pull requests'],
	repository_hooks: ['Repository', 'Webhooks'],
	repository_projects: ['Repository', 'Projects'],
	secrets: ['Repository', 'Secrets'],
	security_events: ['Repository', 'Code scanning alerts'],
	statuses: ['Repository', 'Commit statuses'],
	variables: ['Repository', 'Variables'],
	vulnerability_alerts: ['Repository', 'Dependabot alerts'],
	workflows: ['Repository', 'Workflows'],
	members: ['Organization', 'Members'],
	organization_administration: ['Organization', 'Administration'],
	organization_hooks: ['Organization', 'Webhooks'],
	organization_projects: ['Organization', 'Projects'],
	organization_secrets: ['Organization', 'Secrets'],
	organization_custom_roles: ['Organization', 'Custom organization roles'],
	team_discussions: ['Organization', 'Team discussions'],
	email_addresses: ['Account', 'Email addresses'],
	followers: ['Account', 'Followers'],
	gists: ['Account', 'Gists'],
	starring: ['Account', 'Starring'],
};

const LEVEL_NAMES: Record<string, string> = { read: 'Read-only', write: 'Read and write', admin: 'Admin' };

/**
 * `repository_hooks=write` as GitHub's settings pages name it: "Repository permissions → Webhooks:
 * Read and write". Sets of permissions are separated by `;` (any one set will do), the
 * permissions of one set by `,` (all are needed).
 */
export function permissionText(header: string): string {
	const sets = header
		.split(';')
		.map((set) =>
			set
				.split(',')
				.map((entry) => entry.trim())
				.filter(Boolean)
				.map((entry) => {
					const [key, level = ''] = entry.split('=').map((part) => part.trim());
					const known = PERMISSION_NAMES[key];
					const levelName = LEVEL_NAMES[level] ?? level;
					return known ? `${known[0]} permissions → ${known[1]}: ${levelName}` : `${key}: ${levelName}`;
				})
				.join(' and '),
		)
		.filter(Boolean);
	return sets.join(', or ');
}

/** The webhook permission per credential kind (trigger activation: repository or organization webhooks). */
export function webhookPermissionFix(kind: string | undefined, scope: 'repository' | 'organization'): string {
	const group = scope === 'organization' ? 'Organization' : 'Repository';
	const scopeName = scope === 'organization' ? 'admin:org_hook' : 'admin:repo_hook';
	switch (kind) {
		case 'app':
			return `the GitHub App needs the permission ${group} permissions → Webhooks: Read and write (the app's settings → Permissions & events; then accept the new permission in the installation's settings)`;
		case 'fineGrained':
			return `the fine-grained token needs ${group} permissions → Webhooks: Read and write (github.com → Settings → Developer settings → Fine-grained tokens → the token → Edit)`;
		case 'oauth':
			return `the OAuth2 credential needs the scope ${scopeName}: add it to the credential's Scope and reconnect it`;
		case 'classic':
			return `the classic token needs the scope ${scopeName} (github.com → Settings → Developer settings → Personal access tokens (classic))`;
		default:
			return `the token needs the scope ${scopeName} (classic token) or ${group} permissions → Webhooks: Read and write (fine-grained token)`;
	}
}

function headerText(value: unknown): string {
	return (Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '').trim();
}

/**
 * What a permission 403 asks for, in the terms of the credential in use: a GitHub App's or a
 * fine-grained token's permission (X-Accepted-GitHub-Permissions; GitHub sends it to both, and
 * says "by integration" to an App, "by personal access token" to a token), a classic token's or
 * an OAuth app's scope (X-Accepted-OAuth-Scopes). Undefined when the answer names none.
 */
function permissionFix(response: ApiResponse, platformMessage: string, call?: DescribeCall): string | undefined {
	const permissions = headerText(response.headers['x-accepted-github-permissions']);
	const accepted = headerText(response.headers['x-accepted-oauth-scopes']);
	const granted = response.headers['x-oauth-scopes'];
	const kind = call?.credentialKind;
	const fineGrained =
		kind === 'fineGrained' ||
		/by personal access token/i.test(platformMessage) ||
		(call?.credentialType === 'codeHostingApi' && permissions !== '' && granted === undefined);
	if (kind === 'app' || (kind === undefined && /by integration/i.test(platformMessage))) {
		return permissions ? `the GitHub App needs the permission ${permissionText(permissions)} (the app's settings → Permissions & events; then accept the new permission in the installation's settings)` : undefined;
	}
	if (fineGrained) {
		return permissions ? `the fine-grained token needs ${permissionText(permissions)} (github.com → Settings → Developer settings → Fine-grained tokens → the token → Edit)` : undefined;
	}
	if (!accepted) return undefined;
	const scopes = accepted.split(',').map((scope) => scope.trim()).filter(Boolean);
	// the token has a scope the call accepts: the refusal is about something else (a role, access)
	const grantedScopes = typeof granted === 'string' ? granted.split(',').map((scope) => scope.trim()) : [];
	if (scopes.some((scope) => grantedScopes.includes(scope))) return undefined;
	const needs = scopes.length === 1 ? `the scope ${scopes[0]}` : `one of the scopes ${scopes.join(', ')}`;
	const has = typeof granted === 'string' ? ` (it has: ${granted.trim() || 'none'})` : '';
	if (kind === 'oauth') return `the OAuth2 credential needs ${needs}${has}: add it to the credential's Scope and reconnect it`;
	return `the ${kind === 'classic' ? 'classic ' : ''}token needs ${needs}${has}`;
}

/** A 403 or 429 of the rate limits (retried and worded in apiRequest), not a missing permission. */
function isRateLimitAnswer(response: ApiResponse): boolean {
	return String(response.headers['x-ratelimit-remaining'] ?? '') === '0' || response.headers['retry-after'] !== undefined;
}

function describeError(response: ApiResponse, call?: DescribeCall): ApiErrorDetails {
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
	// the fix in the message itself: n8n shows some errors (a trigger's activation) without the description
	const fix = response.statusCode === 403 || response.statusCode === 404 ? (isRateLimitAnswer(response) ? undefined : permissionFix(response, message, call)) : undefined;
	return {
		message: fix ? `${message}: ${fix}` : message,
		description: [
			details ? `Details: ${details}.` : undefined,
			fix ? `To fix: ${fix}.` : undefined,
			hintFor(response.statusCode, STATUS_HINTS),
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
			credentialKind: credentialKindOf(credentialType, credentials.accessToken),
			baseUrl: server,
			graphqlUrl: /\/api\/v3$/.test(server) ? server.replace(/\/api\/v3$/, '/api/graphql') : `${server}/graphql`,
			secrets: [credentials.accessToken, credentials.clientSecret, tokenData?.access_token, tokenData?.refresh_token, ...appSecrets].filter(
				(value): value is string => typeof value === 'string' && value !== '',
			),
			// an OAuth2 access token is refreshed and an App's installation tokens are made per call:
			// a plan is signed with what the credential itself holds (the token, client secret or key)
			stableSecrets: [credentials.accessToken, credentials.clientSecret, appSecrets[1]].filter((value): value is string => typeof value === 'string' && value !== ''),
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
