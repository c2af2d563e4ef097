import { Workflow } from 'n8n-workflow';

import {
	ClientInfoOAuth2Api,
	CLIENT_INFO_DEFAULT_SCOPES,
	clientInfoBaseUrl,
} from '../../credentials/ClientInfoOAuth2Api.credentials';

const credential = new ClientInfoOAuth2Api();
const property = (name: string) => credential.properties.find((entry) => entry.name === name);

describe('clientInfoOAuth2Api', () => {
	test('extends n8n\'s oAuth2Api with editable base URL, authorize and token URLs and scopes (platforms.md §3)', () => {
		expect(credential.name).toBe('clientInfoOAuth2Api');
		expect(credential.extends).toEqual(['oAuth2Api']);
		expect(property('baseUrl')).toMatchObject({ type: 'string', default: 'https://api.contentsnare.com' });
		expect(property('authUrl')).toMatchObject({ type: 'string', default: 'https://api.contentsnare.com/oauth/authorization' });
		expect(property('accessTokenUrl')).toMatchObject({ type: 'string', default: 'https://api.contentsnare.com/oauth/token' });
		expect(property('scope')).toMatchObject({ type: 'string', default: CLIENT_INFO_DEFAULT_SCOPES });
		// least privilege: what the operations and the trigger use (test/clientinfo/scopes.test.ts)
		expect(CLIENT_INFO_DEFAULT_SCOPES.split(' ')).toEqual([
			'read_clients', 'write_clients', 'read_requests', 'write_requests', 'read_templates', 'administration',
		]);
		expect(property('grantType')).toMatchObject({ type: 'hidden', default: 'authorizationCode' });
		expect(credential.documentationUrl).toMatch(/^https:\/\//);
	});

	test('base URL: trailing slashes and a pasted /partner_api/v1 are dropped', () => {
		expect(clientInfoBaseUrl({ baseUrl: 'https://api.contentsnare.com/' })).toBe('https://api.contentsnare.com');
		expect(clientInfoBaseUrl({ baseUrl: 'http://127.0.0.1:9/partner_api/v1' })).toBe('http://127.0.0.1:9');
		expect(clientInfoBaseUrl({})).toBe('https://api.contentsnare.com');
	});

	test('the test request reads one template from the base URL', () => {
		const { request } = credential.test;
		expect(request).toMatchObject({ url: '/request_templates', method: 'GET', qs: { limit: 1 } });
		const workflow = new Workflow({ nodes: [], connections: {}, active: false, nodeTypes: { getByName: () => undefined, getByNameAndVersion: () => undefined, getKnownTypes: () => ({}) } as never });
		const evaluate = (credentials: object) =>
			workflow.expression.getSimpleParameterValue(
				{ name: 'x', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: {}, id: 'x' },
				request.baseURL as string,
				'internal',
				{ $credentials: credentials },
			);
		expect(evaluate({ baseUrl: 'https://api.contentsnare.com' })).toBe('https://api.contentsnare.com/partner_api/v1');
		expect(evaluate({ baseUrl: 'http://127.0.0.1:1234/' })).toBe('http://127.0.0.1:1234/partner_api/v1');
		expect(evaluate({ baseUrl: '' })).toBe('https://api.contentsnare.com/partner_api/v1');
	});
});
