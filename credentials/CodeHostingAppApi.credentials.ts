import type {
	IAuthenticateRuleResponseCode,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { signAppJwt } from '../nodes/shared/appJwt';
import { codeHostingServer, DEFAULT_CODE_HOSTING_SERVER, withCodeHostingToken } from './CodeHostingApi.credentials';

/**
 * The field the Code Hosting nodes fill, per request, with the installation token they got for
 * the call's account (nodes/CodeHosting/appAuth.ts). It is never stored: the nodes pass it with
 * the credential data of one request only.
 */
export const INSTALLATION_TOKEN_FIELD = 'installationToken';

/**
 * Paths (below the server's API root) that GitHub authenticates with the app's JWT rather than
 * an installation token: `/app…` and the installation lookups of a repository, organization or
 * user.
 */
export function isAppPath(path: string): boolean {
	return /^\/app(?:\/|$|\?)/.test(path) || /^\/(?:repos\/[^/?]+\/[^/?]+|orgs\/[^/?]+|users\/[^/?]+)\/installation(?:$|\?)/.test(path);
}

/** The path of `requestOptions` below the server's API root, or undefined when it goes elsewhere. */
export function pathOnServer(server: string, requestOptions: IHttpRequestOptions): string | undefined {
	try {
		const base = new URL(server);
		const target = new URL(requestOptions.url, requestOptions.baseURL ?? server);
		if (target.origin !== base.origin) return undefined;
		const root = base.pathname.replace(/\/+$/, '');
		if (root !== '' && target.pathname !== root && !target.pathname.startsWith(`${root}/`)) return undefined;
		return target.pathname.slice(root.length) || '/';
	} catch {
		return undefined;
	}
}

export class CodeHostingAppApi implements ICredentialType {
	name = 'codeHostingAppApi';

	displayName = 'GitHub Code Hosting App API';

	icon: Icon = { light: 'file:codeHosting.svg', dark: 'file:codeHosting.dark.svg' };

	documentationUrl = 'https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app/about-authentication-with-a-github-app';

	properties: INodeProperties[] = [
		{
			displayName: 'Server',
			name: 'server',
			type: 'string',
			default: DEFAULT_CODE_HOSTING_SERVER,
			description:
				'API base URL: https://api.github.com, or https://HOST/api/v3 for GitHub Enterprise Server',
		},
		{
			displayName: 'App ID',
			name: 'appId',
			type: 'string',
			default: '',
			required: true,
			description: 'The App ID (a number) or the client ID (Iv1.…) from the GitHub App\'s settings page',
		},
		{
			displayName: 'Private Key',
			name: 'privateKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The app\'s private key: the whole .pem file GitHub generated (PKCS#1 or PKCS#8), with or without its line breaks',
		},
		{
			displayName: 'Installation',
			name: 'installation',
			type: 'options',
			options: [
				{
					name: 'From the Repository or Organization of Each Call',
					value: 'fromOwner',
					description:
						'Looks up the app\'s installation on the account each call names (remembered per account), so one credential serves every installation',
				},
				{ name: 'By ID', value: 'id', description: 'Always the same installation' },
			],
			default: 'fromOwner',
		},
		{
			displayName: 'Installation ID',
			name: 'installationId',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { installation: ['id'] } },
			description:
				'The number at the end of the installation\'s settings URL (…/settings/installations/12345678)',
		},
	];

	/**
	 * The app's endpoints get a fresh JWT; every other call the installation token the node put in
	 * the request's credential data. Nothing is sent to another host than the server.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const server = codeHostingServer(credentials);
		const path = pathOnServer(server, requestOptions);
		if (path === undefined || !isAppPath(path)) {
			const token = credentials[INSTALLATION_TOKEN_FIELD];
			// the token goes only to the server's origin (GraphQL of Enterprise Server included)
			if (typeof token === 'string' && token !== '') return withCodeHostingToken(server, token, requestOptions);
			if (path === undefined) return requestOptions;
			throw new Error(
				'The Code Hosting App credential needs an installation token for this call: use it with the Code Hosting nodes (other nodes can only call the app\'s own endpoints, /app…)',
			);
		}
		const jwt = signAppJwt(String(credentials.privateKey ?? ''), String(credentials.appId ?? ''));
		return withCodeHostingToken(server, jwt, requestOptions);
	}

	// GET /app/installations/{id} (By ID) or GET /app (From Each Call) with the app's JWT: a key
	// that is not PEM fails before any request (the message says so), a key that is not the
	// app's answers 401, a missing installation 404 (or an app installed nowhere).
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ ($credentials.server || "https://api.github.com").replace(/\\/+$/, "") }}',
			url: '={{ $credentials.installation === "id" ? "/app/installations/" + String($credentials.installationId).trim() : "/app" }}',
			method: 'GET',
			headers: {
				Accept: 'application/vnd.github+json',
				'X-GitHub-Api-Version': '2022-11-28',
			},
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'GitHub refused the app\'s JWT (401): the private key is not this app\'s key (generate a new one on the app\'s settings page), or the App ID is wrong',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'The app has no installation with this ID: it is not installed on that account (or was uninstalled). Install it (app settings → Install App) and copy the ID from the installation\'s URL',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'installations_count',
					value: 0,
					message: 'The key and App ID are right, but the app is not installed on any account yet: install it (app settings → Install App)',
				},
			},
			// n8n reads both kinds of rule (codes on a failed answer, bodies on a successful one);
			// its type only lists one kind per array
		] as unknown as IAuthenticateRuleResponseCode[],
	};
}
