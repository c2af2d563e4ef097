import type {
	ICredentialDataDecryptedObject,
	IDataObject,
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

/**
 * Request header through which a node names the project a call acts in (another project than
 * the credential's one). The credential reads it, builds the Authorization for that project and
 * removes it, so it never leaves n8n.
 */
export const PROJECT_HEADER = 'x-governance-project';

/** A project ID that can stand in the Authorization header: no colon, space or slash. */
export const PROJECT_ID_PATTERN = /^[^\s:/\\]+$/;

/** Takes the project header out of `headers` (any case) and answers its value. */
function takeProjectHeader(headers: Record<string, unknown>): string | undefined {
	let value: string | undefined;
	for (const name of Object.keys(headers)) {
		if (name.toLowerCase() !== PROJECT_HEADER) continue;
		const raw = headers[name];
		if (typeof raw === 'string' && raw.trim() !== '') value = raw.trim();
		delete headers[name];
	}
	return value;
}

export class GovernanceApi implements ICredentialType {
	name = 'governanceApi';

	displayName = 'Relevance AI Governance API';

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
			description:
				'The project the key acts in by default (Integrations & API Keys page). Each Governance operation can choose another project the key reaches (its Project parameter).',
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
		// The project a node chose for this call (never sent on: the header is removed here).
		const headers: Record<string, unknown> = { ...(requestOptions.headers ?? {}) };
		const chosenProject = takeProjectHeader(headers);
		const stripped = { ...requestOptions, headers: headers as IDataObject };
		let target: URL;
		try {
			target = new URL(requestOptions.url, requestOptions.baseURL ?? base);
		} catch {
			return stripped;
		}
		// The key is only ever sent to the credential's own host.
		if (!base || target.origin !== new URL(base).origin) return stripped;
		const projectId =
			chosenProject !== undefined && PROJECT_ID_PATTERN.test(chosenProject)
				? chosenProject
				: String(credentials.projectId ?? '');
		const authorization = governanceAuthorization(target.pathname, projectId, String(credentials.apiKey ?? ''));
		return { ...stripped, headers: { ...headers, Authorization: authorization } as IDataObject };
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
