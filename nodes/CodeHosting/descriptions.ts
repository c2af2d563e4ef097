import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

/** The two credentials of every Code Hosting node, chosen by `authentication`. */
export const codeHostingCredentials: INodeCredentialDescription[] = [
	{ name: 'codeHostingApi', required: true, displayOptions: { show: { authentication: ['accessToken'] } } },
	{ name: 'codeHostingOAuth2Api', required: true, displayOptions: { show: { authentication: ['oAuth2'] } } },
];

export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'Access Token', value: 'accessToken' },
		{ name: 'OAuth2', value: 'oAuth2' },
	],
	default: 'accessToken',
};
