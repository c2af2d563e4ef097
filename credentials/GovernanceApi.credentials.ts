import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/** Base URLs of the control API per region (platforms.md §1). */
export const REGION_BASE_URLS: Record<string, string> = {
	au: 'https://api-f1db6c.stack.tryrelevance.com',
	eu: 'https://api-d7b62b.stack.tryrelevance.com',
	us: 'https://api-bcbe5a.stack.tryrelevance.com',
};

export function credentialBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	const region = String(credentials.region ?? 'us');
	const base = region === 'custom' ? String(credentials.baseUrl ?? '') : REGION_BASE_URLS[region];
	return (base ?? '').trim().replace(/\/+$/, '').replace(/\/latest$/, '');
}

/**
 * The Authorization form of each call, as the mission document's section 5 shows them:
 * project creation `Bearer :<key>`, user role update `<project>:<key>` without Bearer,
 * everything else `Bearer <project>:<key>`.
 */
export function governanceAuthorization(
	path: string,
	projectId: string,
	apiKey: string,
): string {
	if (/\/latest\/projects\/create\/?$/.test(path)) return `Bearer :${apiKey}`;
	if (/\/latest\/auth\/users\/[^/]+\/update\/?$/.test(path)) return `${projectId}:${apiKey}`;
	return `Bearer ${projectId}:${apiKey}`;
}

export class GovernanceApi implements ICredentialType {
	name = 'governanceApi';

	displayName = 'Governance API';

	icon: Icon = { light: 'file:governance.svg', dark: 'file:governance.dark.svg' };

	documentationUrl = 'https://relevanceai.com/docs/api-reference/introduction';

	properties: INodeProperties[] = [
		{
			displayName: 'Region',
			name: 'region',
			type: 'options',
			options: [
				{ name: 'AU', value: 'au', description: 'api-f1db6c.stack.tryrelevance.com' },
				{ name: 'EU', value: 'eu', description: 'api-d7b62b.stack.tryrelevance.com' },
				{ name: 'US', value: 'us', description: 'api-bcbe5a.stack.tryrelevance.com' },
				{ name: 'Custom', value: 'custom', description: 'Another base URL' },
			],
			default: 'us',
			description: 'Region of your account: the region shown in the API keys page of the platform',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://api-xxxxxx.stack.tryrelevance.com',
			description: 'Base URL of the control API, without /latest',
			displayOptions: { show: { region: ['custom'] } },
		},
		{
			displayName: 'Project ID',
			name: 'projectId',
			type: 'string',
			default: '',
			required: true,
			description: 'The project the key acts in (Integrations & API Keys page)',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'API key created under Integrations & API Keys. It has access to the whole account.',
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const base = credentialBaseUrl(credentials);
		let target: URL;
		try {
			target = new URL(requestOptions.url, requestOptions.baseURL ?? base);
		} catch {
			return requestOptions;
		}
		// The key is only ever sent to the credential's own host.
		if (!base || target.origin !== new URL(base).origin) return requestOptions;
		const authorization = governanceAuthorization(
			target.pathname,
			String(credentials.projectId ?? ''),
			String(credentials.apiKey ?? ''),
		);
		return {
			...requestOptions,
			headers: { ...(requestOptions.headers ?? {}), Authorization: authorization },
		};
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{ ($credentials.region === "custom" ? $credentials.baseUrl : $credentials.region === "au" ? "https://api-f1db6c.stack.tryrelevance.com" : $credentials.region === "eu" ? "https://api-d7b62b.stack.tryrelevance.com" : "https://api-bcbe5a.stack.tryrelevance.com").replace(/\\/+$/, "") }}',
			url: '/latest/auth/info',
			method: 'GET',
		},
	};
}
