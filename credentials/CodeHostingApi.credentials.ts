import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

export const DEFAULT_CODE_HOSTING_SERVER = 'https://api.github.com';

/** The API base of a code-hosting credential: https://api.github.com or https://HOST/api/v3. */
export function codeHostingServer(credentials: ICredentialDataDecryptedObject): string {
	const server = String(credentials.server ?? '').trim() || DEFAULT_CODE_HOSTING_SERVER;
	return server.replace(/\/+$/, '');
}

/** GitHub.com's upload host (release assets), beside api.github.com. */
const GITHUB_API_ORIGIN = 'https://api.github.com';
const GITHUB_UPLOADS_ORIGIN = 'https://uploads.github.com';

/**
 * True when the request goes to the origin (scheme, host, port) of the credential's server, or
 * to uploads.github.com when the server is api.github.com (Enterprise Server uploads under its own
 * origin, /api/uploads).
 */
function onServerOrigin(server: string, requestOptions: IHttpRequestOptions): boolean {
	const { url, baseURL } = requestOptions;
	// The usual case without parsing: the origin ends where the first "/" after it starts, so a URL
	// that is the server followed by "/" has the server's origin.
	if (baseURL === undefined && url.startsWith(`${server}/`)) return true;
	try {
		const target = new URL(url, baseURL ?? server).origin;
		const own = new URL(server).origin;
		return target === own || (own === GITHUB_API_ORIGIN && target === GITHUB_UPLOADS_ORIGIN);
	} catch {
		return false;
	}
}

/** Adds `Authorization: Bearer <token>` only for requests to the credential's own host. */
export function withCodeHostingToken(
	server: string,
	token: string,
	requestOptions: IHttpRequestOptions,
): IHttpRequestOptions {
	if (!onServerOrigin(server, requestOptions)) return requestOptions;
	return {
		...requestOptions,
		headers: { ...(requestOptions.headers ?? {}), Authorization: `Bearer ${token}` },
	};
}

export class CodeHostingApi implements ICredentialType {
	name = 'codeHostingApi';

	displayName = 'GitHub Code Hosting API';

	icon: Icon = { light: 'file:codeHosting.svg', dark: 'file:codeHosting.dark.svg' };

	documentationUrl = 'https://docs.github.com/en/rest/authentication/authenticating-to-the-rest-api';

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
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'A personal access token. Fine-grained tokens work; grant only the repositories and permissions the workflows need.',
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return withCodeHostingToken(
			codeHostingServer(credentials),
			String(credentials.accessToken ?? ''),
			requestOptions,
		);
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ ($credentials.server || "https://api.github.com").replace(/\\/+$/, "") }}',
			url: '/user',
			method: 'GET',
			headers: {
				Accept: 'application/vnd.github+json',
				'X-GitHub-Api-Version': '2022-11-28',
			},
		},
	};
}
