import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { INSTALLATION_TOKEN_FIELD, isAppPath, pathOnServer } from '../../credentials/CodeHostingAppApi.credentials';
import { codeHostingServer } from '../../credentials/CodeHostingApi.credentials';
import type { AccountHint, ApiResponse, CallCredentials, CallToAuthorize } from '../shared';
import { keyFingerprint, LookupCache, TokenCache } from '../shared';

/**
 * Code Hosting as a GitHub App: the installation token of each call.
 *
 * The credential signs the app's JWT (for the app's own endpoints) and puts the installation
 * token that this module hands it into the Authorization header; this module finds the
 * installation (By ID, or from the account the call names: GET /repos/{owner}/{repo}/installation,
 * /orgs/{org}/installation or /users/{user}/installation, remembered per account) and gets its
 * token (POST /app/installations/{id}/access_tokens). Tokens are kept per installation for the
 * whole process (so once per execution at most, and across executions), replaced 5 minutes
 * before they expire or after a 401; concurrent items share one mint.
 *
 * Why not n8n's `preAuthentication` with an `expirable` field (what n8n's own githubAppApi does):
 * n8n-core calls it only when that field is empty or after a request *threw* a 401 (our calls
 * answer every status, so it would never refresh), never before expiry; it writes the token to
 * the database on every mint; nothing stops twenty concurrent items from minting twenty tokens;
 * and one field holds one token, where a credential that serves every installation needs one per
 * installation. So the node gets the token through the same n8n helper
 * (httpRequestWithAuthentication, the app's JWT set by the credential) and hands it to the
 * credential with the data of each request (`installationToken`), which only the credential
 * turns into the Authorization header.
 */
export const APP_CREDENTIAL_TYPE = 'codeHostingAppApi';

/** A token is replaced this long before GitHub's `expires_at` (tokens live one hour). */
export const REFRESH_BEFORE_MS = 5 * 60 * 1000;

const tokens = new TokenCache(REFRESH_BEFORE_MS);
const installations = new LookupCache<number>();

/** The caches, for tests that start from nothing. */
export function forgetAppTokens(): void {
	tokens.clear();
	installations.clear();
}

/** The account a call's URL acts on: /repos/{owner}/{repo}…, /orgs/{org}…, /users/{user}…. */
export function accountOfUrl(url: string, baseUrl: string): AccountHint | undefined {
	let pathname: string;
	try {
		pathname = new URL(url).pathname;
		const root = new URL(baseUrl).pathname.replace(/\/+$/, '');
		if (root !== '' && pathname.startsWith(`${root}/`)) pathname = pathname.slice(root.length);
		// the upload host's paths (uploads.github.com/repos/…, HOST/api/uploads/repos/…)
		pathname = pathname.replace(/^\/(?:api\/)?uploads(?=\/repos\/)/, '');
	} catch {
		return undefined;
	}
	const decode = (segment: string) => {
		try {
			return decodeURIComponent(segment);
		} catch {
			return segment;
		}
	};
	const repo = /^\/repos\/([^/]+)\/([^/]+)/.exec(pathname);
	if (repo) return { kind: 'repos', login: decode(repo[1]), repo: decode(repo[2]) };
	const account = /^\/(orgs|users)\/([^/]+)/.exec(pathname);
	if (account) return { kind: account[1] as AccountHint['kind'], login: decode(account[2]) };
	return undefined;
}

type Call = CallToAuthorize;

const JWT_REFUSED =
	'GitHub refused the app\'s JWT (401): the private key is not this app\'s key, or the App ID is wrong';
const JWT_REFUSED_HINT =
	'Check the App ID on the app\'s settings page, and paste a private key generated there (App settings → Private keys). A key that was deleted on the platform no longer works.';

function failure(call: Call, response: ApiResponse, message: string, description: string): NodeApiError {
	const error = new NodeApiError(call.ctx.getNode(), { message, status: response.statusCode } as JsonObject, {
		message,
		description,
		httpCode: String(response.statusCode),
		itemIndex: call.itemIndex,
	});
	// about the app and its installation, not about the call's repository (no "repository not found" rewording)
	error.context.appAuthentication = true;
	return error;
}

function platformMessage(response: ApiResponse): string {
	const body = response.body as IDataObject | undefined;
	return body && typeof body === 'object' && typeof body.message === 'string' ? body.message : `HTTP ${response.statusCode}`;
}

/** The identity of an app's credential in the caches: server, app and a fingerprint of its key. */
function appKey(call: Call): string {
	const { credentials } = call;
	return `${codeHostingServer(credentials)}|${String(credentials.appId ?? '').trim()}|${keyFingerprint(String(credentials.privateKey ?? ''))}`;
}

async function lookUpInstallation(call: Call, account: AccountHint): Promise<number> {
	const owner = encodeURIComponent(account.login);
	const path =
		account.kind === 'repos' && account.repo !== undefined
			? `/repos/${owner}/${encodeURIComponent(account.repo)}/installation`
			: `/${account.kind}/${owner}/installation`;
	const response = await call.send<IDataObject>('GET', path);
	if (response.statusCode === 200 && typeof response.body?.id === 'number') return response.body.id;
	if (response.statusCode === 401) throw failure(call, response, JWT_REFUSED, JWT_REFUSED_HINT);
	if (response.statusCode === 404) {
		const where = account.kind === 'repos' ? `${account.login}/${account.repo}` : account.login;
		throw failure(
			call,
			response,
			`The app is not installed on ${where} (GET ${path} answered 404)`,
			`Install the app on ${account.login} (app settings → Install App), and when it may access only selected repositories, include this one. Or choose Installation "By ID" in the credential.`,
		);
	}
	throw failure(call, response, `Looking up the app's installation for ${account.login} failed: ${platformMessage(response)}`, `GET ${path} answered ${response.statusCode}.`);
}

async function onlyInstallation(call: Call): Promise<number> {
	const response = await call.send<IDataObject[]>('GET', '/app/installations?per_page=2');
	if (response.statusCode === 401) throw failure(call, response, JWT_REFUSED, JWT_REFUSED_HINT);
	const list = Array.isArray(response.body) ? response.body : [];
	if (response.statusCode === 200 && list.length === 1 && typeof list[0].id === 'number') return list[0].id;
	throw new NodeOperationError(
		call.ctx.getNode(),
		list.length === 0 && response.statusCode === 200
			? 'The app is not installed on any account'
			: 'This call names no repository, organization or user, so the app\'s installation cannot be found from it',
		{
			itemIndex: call.itemIndex,
			description:
				list.length === 0 && response.statusCode === 200
					? 'Install the app (app settings → Install App).'
					: 'The app has several installations. Choose Installation "By ID" in the credential (the number at the end of the installation\'s settings URL) for calls like this one.',
		},
	);
}

/** The installation of a call: the credential's, or the one on the account the call names. */
async function installationOf(call: Call): Promise<{ id: number; cacheKey?: string }> {
	const { credentials } = call;
	if (credentials.installation === 'id') {
		const id = String(credentials.installationId ?? '').trim();
		if (!/^\d+$/.test(id) || Number(id) === 0) {
			throw new NodeOperationError(call.ctx.getNode(), 'The credential\'s Installation ID is not a number', {
				itemIndex: call.itemIndex,
				description: 'Enter the number at the end of the installation\'s settings URL (…/settings/installations/12345678), or choose "From the Repository or Organization of Each Call".',
			});
		}
		return { id: Number(id) };
	}
	const account = accountOfUrl(call.url, call.connection.baseUrl) ?? call.account;
	const app = appKey(call);
	if (!account) {
		const cacheKey = `${app}|*`;
		return { id: await installations.get(cacheKey, async () => await onlyInstallation(call)), cacheKey };
	}
	const cacheKey = `${app}|${account.kind === 'repos' ? 'owner' : account.kind}:${account.login.toLowerCase()}`;
	return { id: await installations.get(cacheKey, async () => await lookUpInstallation(call, account)), cacheKey };
}

async function mint(call: Call, installation: { id: number; cacheKey?: string }): Promise<{ token: string; expiresAt: number }> {
	const path = `/app/installations/${installation.id}/access_tokens`;
	const response = await call.send<IDataObject>('POST', path);
	const body = response.body ?? {};
	if (response.statusCode === 201 && typeof body.token === 'string') {
		const expiresAt = typeof body.expires_at === 'string' ? Date.parse(body.expires_at) : NaN;
		return { token: body.token, expiresAt: Number.isFinite(expiresAt) ? expiresAt : Date.now() + 55 * 60 * 1000 };
	}
	if (installation.cacheKey) installations.forget(installation.cacheKey);
	if (response.statusCode === 401) throw failure(call, response, JWT_REFUSED, JWT_REFUSED_HINT);
	if (response.statusCode === 404) {
		throw failure(
			call,
			response,
			`The app has no installation ${installation.id} (it is not installed there, or was uninstalled)`,
			'Install the app on the account, or correct the credential\'s Installation ID.',
		);
	}
	if (response.statusCode === 403) {
		throw failure(
			call,
			response,
			`GitHub gave no token for installation ${installation.id}: ${platformMessage(response)}`,
			'The installation may be suspended (the account\'s settings → Applications → Configure → Unsuspend), or the app lacks a permission it asked for.',
		);
	}
	throw failure(call, response, `Getting a token for installation ${installation.id} failed: ${platformMessage(response)}`, `POST ${path} answered ${response.statusCode}.`);
}

/**
 * The credential data of a call made with the app credential: the stored data plus the
 * installation token of the call's account. The app's own endpoints (JWT) get the stored data.
 */
export async function authorizeAppCall(call: Call): Promise<CallCredentials | undefined> {
	if (call.connection.credentialType !== APP_CREDENTIAL_TYPE) return undefined;
	const path = pathOnServer(codeHostingServer(call.credentials), { url: call.url });
	if (path !== undefined && isAppPath(path)) return undefined;

	const installation = await installationOf(call);
	const key = `${appKey(call)}|${installation.id}`;
	const build = (held: { token: string }): CallCredentials => {
		if (!call.connection.secrets.includes(held.token)) call.connection.secrets.push(held.token);
		return {
			data: { ...call.credentials, [INSTALLATION_TOKEN_FIELD]: held.token },
			secrets: [held.token],
			renew: async () => {
				tokens.drop(key, held.token);
				return build(await tokens.get(key, async () => await mint(call, installation)));
			},
		};
	};
	return build(await tokens.get(key, async () => await mint(call, installation)));
}
