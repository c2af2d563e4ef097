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
export const CLIENT_INFO_DEFAULT_SCOPES =
	'read_clients write_clients read_team_members write_team_members read_requests write_requests review_requests read_templates administration';

/** The API base of a credential: its base URL without trailing slashes or `/partner_api/v1`. */
export function clientInfoBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	const base = String(credentials.baseUrl ?? '').trim() || CLIENT_INFO_DEFAULT_BASE_URL;
	return base.replace(/\/+$/, '').replace(/\/partner_api\/v1$/, '');
}

export class ClientInfoOAuth2Api implements ICredentialType {
	name = 'clientInfoOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Client Info OAuth2 API';

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
				'Scopes to request, separated by spaces. Creating clients and requests needs write_clients and write_requests; the template list needs read_templates; webhooks for the trigger need administration.',
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
