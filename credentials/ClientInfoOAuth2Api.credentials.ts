import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/** platforms.md §3: the platform's production host, OAuth 2.0 endpoints and scopes. */
export const CLIENT_INFO_DEFAULT_BASE_URL = 'https://api.contentsnare.com';
export const CLIENT_INFO_DEFAULT_AUTH_URL = 'https://api.contentsnare.com/oauth/authorization';
export const CLIENT_INFO_DEFAULT_TOKEN_URL = 'https://api.contentsnare.com/oauth/token';

/**
 * The scopes each Client Info operation needs (platforms.md §3 names the platform's scopes; the
 * endpoints an operation calls decide which): `resource.operation` of the Client Info node, and
 * `trigger` for the Client Info Trigger (webhooks, and the lists its catch-up reads). The API
 * Call operation needs the scope of the endpoint it calls: add that to Scope. docs/permissions.md
 * shows this table.
 */
export const CLIENT_INFO_OPERATION_SCOPES: Readonly<Record<string, readonly string[]>> = {
	'client.create': ['write_clients'],
	'client.get': ['read_clients'],
	'client.getAll': ['read_clients'],
	// the template is checked against the account's templates before anything is created
	'request.create': ['read_templates', 'write_requests'],
	'request.get': ['read_requests'],
	'request.getAll': ['read_requests'],
	'template.getAll': ['read_templates'],
	'apiCall.request': [],
	// webhooks are account settings; catch-up reads the request and client lists
	trigger: ['administration', 'read_requests', 'read_clients'],
};

/**
 * Scope by default: exactly what the operations and the trigger use (least privilege), in the
 * platform's order. Team members and reviews are not asked for: no operation uses them.
 */
export const CLIENT_INFO_DEFAULT_SCOPES = ['read_clients', 'write_clients', 'read_requests', 'write_requests', 'read_templates', 'administration'].join(' ');

/** The API base of a credential: its base URL without trailing slashes or `/partner_api/v1`. */
export function clientInfoBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	const base = String(credentials.baseUrl ?? '').trim() || CLIENT_INFO_DEFAULT_BASE_URL;
	return base.replace(/\/+$/, '').replace(/\/partner_api\/v1$/, '');
}

export class ClientInfoOAuth2Api implements ICredentialType {
	name = 'clientInfoOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Content Snare Client Info OAuth2 API';

	icon: Icon = { light: 'file:clientInfo.svg', dark: 'file:clientInfo.dark.svg' };

	documentationUrl = 'https://api.contentsnare.com/partner_api/v1/documentation';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: CLIENT_INFO_DEFAULT_BASE_URL,
			description:
				'Address of the platform\'s API, without /partner_api/v1. Requests and their access token go to this host only.',
		},
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'authorizationCode',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			default: CLIENT_INFO_DEFAULT_AUTH_URL,
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			default: CLIENT_INFO_DEFAULT_TOKEN_URL,
			required: true,
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: CLIENT_INFO_DEFAULT_SCOPES,
			description:
				'Scopes to request, separated by spaces. By default exactly what the nodes use: read_clients and write_clients (clients), read_requests and write_requests (requests), read_templates (templates, and the template check before a request is created), administration (the trigger\'s webhooks). Add a scope only for API Call endpoints that need another (for example read_team_members).',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{ name: 'Body', value: 'body', description: 'Send the client ID and secret in the token request body' },
				{ name: 'Header', value: 'header', description: 'Send the client ID and secret as a Basic Auth header' },
			],
			default: 'header',
		},
	];

	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{ ($credentials.baseUrl || "https://api.contentsnare.com").replace(/\\/+$/, "").replace(/\\/partner_api\\/v1$/, "") }}/partner_api/v1',
			url: '/request_templates',
			qs: { limit: 1 },
			method: 'GET',
		},
	};
}
