import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

/** The three credentials of every Code Hosting node, chosen by `authentication`. */
export const codeHostingCredentials: INodeCredentialDescription[] = [
	{ name: 'codeHostingApi', required: true, displayOptions: { show: { authentication: ['accessToken'] } } },
	{ name: 'codeHostingOAuth2Api', required: true, displayOptions: { show: { authentication: ['oAuth2'] } } },
	{ name: 'codeHostingAppApi', required: true, displayOptions: { show: { authentication: ['app'] } } },
];

export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'Access Token', value: 'accessToken' },
		{ name: 'OAuth2', value: 'oAuth2' },
		{ name: 'GitHub App', value: 'app' },
	],
	default: 'accessToken',
};

/** Node-wide request settings, shown under every operation. */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Max Rate-Limit Wait (Seconds)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 3600 },
			default: 60,
			description:
				'How long a call may wait in total for a rate limit to pass (Retry-After or the reset time) before it fails with a rate-limit error. 0 never waits.',
		},
	],
};
