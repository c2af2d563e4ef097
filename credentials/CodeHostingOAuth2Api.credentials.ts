import type { ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

const SCOPES = 'repo workflow gist admin:repo_hook admin:org_hook read:org project';

// https://api.github.com → https://github.com ; https://HOST/api/v3 → https://HOST
const WEB_BASE =
	'{{ (($self["server"] || "https://api.github.com").replace(/\\/+$/, "") === "https://api.github.com") ? "https://github.com" : ($self["server"] || "").replace(/\\/+$/, "").replace(/\\/api\\/v3$/, "") }}';

export class CodeHostingOAuth2Api implements ICredentialType {
	name = 'codeHostingOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'GitHub Code Hosting OAuth2 API';

	icon: Icon = { light: 'file:codeHosting.svg', dark: 'file:codeHosting.dark.svg' };

	documentationUrl = 'https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps';

	properties: INodeProperties[] = [
		{
			displayName: 'Server',
			name: 'server',
			type: 'string',
			default: 'https://api.github.com',
			description:
				'API base URL: https://api.github.com, or https://HOST/api/v3 for GitHub Enterprise Server. The authorization and token URLs follow it.',
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
			type: 'hidden',
			default: `=${WEB_BASE}/login/oauth/authorize`,
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: `=${WEB_BASE}/login/oauth/access_token`,
			required: true,
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: SCOPES,
			description: 'Scopes to request, separated by spaces',
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
			type: 'hidden',
			default: 'header',
		},
	];

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ ($credentials.server || "https://api.github.com").replace(/\\/+$/, "") }}',
			url: '/user',
			method: 'GET',
		},
	};
}
