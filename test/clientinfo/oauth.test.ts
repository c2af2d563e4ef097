/**
 * OAuth2 through n8n's own machinery: requests are signed by n8n-core's requestOAuth2 with the
 * credential's token; a 401 has n8n refresh the token (helpers.refreshOAuth2Token, which stores
 * the new token through the credentials helper) and the call is repeated once.
 */
import type { ClientInfoServer } from './harness';
import { API, CLIENT_ID, CLIENT_SECRET, SEEDED_CLIENT_ID, byId, runClientInfo, startServer } from './harness';

let srv: ClientInfoServer;
afterEach(async () => {
	await srv.stop();
});

const getClient = { resource: 'client', operation: 'get', clientId: byId(SEEDED_CLIENT_ID) };
const createClient = { resource: 'client', operation: 'create', name: '={{ $json.n }}', email: '={{ $json.e }}', additionalFields: {} };

describe('token expiry and refresh', () => {
	beforeEach(async () => {
		srv = await startServer();
	});

	test('an expired access token is refreshed and the call repeated once, unnoticed', async () => {
		const tokens = srv.issueTokens({ expired: true });
		const { output, error } = await runClientInfo(srv, { tokens, parameters: getClient });
		expect(error).toBeUndefined();
		expect(output[0].json.id).toBe(SEEDED_CLIENT_ID);

		expect(srv.stats.tokenRequests.map((request) => request.grant_type)).toEqual(['refresh_token']);
		const calls = srv.apiRequests();
		expect(calls.map((call) => call.status)).toEqual([401, 200]);
		expect(calls[0].token).toBeUndefined();
		expect(calls[0].headers.authorization).toBe(`Bearer ${tokens.access_token}`);
		expect(calls[1].token).toBeDefined();
		expect(calls[1].token).not.toBe(tokens.access_token);

		// The token request authenticates the n8n app with its ID and secret (Basic) and the refresh token.
		const tokenCall = srv.requests.find((request) => request.path === '/oauth/token');
		expect(tokenCall?.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
		expect(new URLSearchParams(tokenCall?.body ?? '').get('refresh_token')).toBe(tokens.refresh_token);
	});

	test('the new token is stored: later items use it without refreshing again', async () => {
		const tokens = srv.issueTokens({ expired: true });
		const { output, error } = await runClientInfo(srv, {
			tokens,
			items: [{ n: 'A', e: 'a@example.com' }, { n: 'B', e: 'b@example.com' }, { n: 'C', e: 'c@example.com' }],
			parameters: createClient,
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(3);
		expect(srv.stats.tokenRequests).toHaveLength(1);
		const calls = srv.apiRequests();
		expect(calls.map((call) => call.status)).toEqual([401, 201, 201, 201]);
		expect(new Set(calls.slice(1).map((call) => call.token)).size).toBe(1);
	});

	test('a write refused with 401 is not applied, so repeating it creates exactly one', async () => {
		const tokens = srv.issueTokens({ expired: true });
		const { error } = await runClientInfo(srv, { tokens, items: [{ n: 'Once', e: 'once@example.com' }], parameters: createClient });
		expect(error).toBeUndefined();
		expect(Object.values(srv.state.clients).filter((client) => client.email === 'once@example.com')).toHaveLength(1);
	});

	test('with refresh-token rotation the rotated token works too', async () => {
		await srv.stop();
		srv = await startServer({ rotateRefreshTokens: true });
		const tokens = srv.issueTokens({ expired: true });
		const { error } = await runClientInfo(srv, { tokens, parameters: getClient });
		expect(error).toBeUndefined();
		expect(srv.state.refreshTokens[tokens.refresh_token].revoked).toBe(true);
	});

	test('a failed refresh says to reconnect the credential, and nothing is repeated', async () => {
		const tokens = srv.issueTokens({ expired: true });
		srv.revokeRefreshTokens();
		const { error } = await runClientInfo(srv, { tokens, items: [{ n: 'X', e: 'x@example.com' }], parameters: createClient });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('401');
		expect(error?.message).toBe('The Client Info access token expired and could not be refreshed: reconnect the credential');
		expect(error?.description).toContain('disconnecting and reconnecting');
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.apiRequests()).toHaveLength(1);
		expect(srv.stats.tokenRequests).toHaveLength(1);
		expect(Object.keys(srv.state.clients)).toHaveLength(1);
	});

	test('a token still refused after the refresh: reconnect, no loop', async () => {
		srv.failNext({ path: `${API}/clients/${SEEDED_CLIENT_ID}`, status: 401, body: { error: 'invalid_token', error_description: 'revoked' }, times: 5 });
		const { error } = await runClientInfo(srv, { parameters: getClient });
		expect(error?.httpCode).toBe('401');
		expect(error?.message).toBe('The Client Info platform refused the refreshed access token: reconnect the credential');
		expect(error?.description).toContain('revoked');
		expect(srv.requests.filter((request) => request.path === `${API}/clients/${SEEDED_CLIENT_ID}`)).toHaveLength(2);
		expect(srv.stats.tokenRequests).toHaveLength(1);
	});

	test('a credential that was never connected says so', async () => {
		const { error } = await runClientInfo(srv, { credential: { oauthTokenData: undefined }, parameters: getClient });
		expect(error?.message).toBe('The Client Info credential is not connected');
		expect(error?.description).toContain('reconnect');
		expect(srv.requests).toHaveLength(0);
	});
});

describe('authorization code flow of the stand-in', () => {
	beforeEach(async () => {
		srv = await startServer();
	});

	test('authorize redirects back with a code that the token endpoint exchanges once', async () => {
		const authorize = await fetch(
			`${srv.url}/oauth/authorization?response_type=code&client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent('http://localhost:5678/rest/oauth2-credential/callback')}&scope=read_clients&state=xyz`,
			{ redirect: 'manual' },
		);
		expect(authorize.status).toBe(302);
		const location = new URL(authorize.headers.get('location') ?? '');
		expect(location.searchParams.get('state')).toBe('xyz');
		const code = location.searchParams.get('code') ?? '';
		const exchange = async () =>
			await fetch(`${srv.url}/oauth/token`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}` },
				body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:5678/rest/oauth2-credential/callback' }).toString(),
			});
		const first = await exchange();
		expect(first.status).toBe(200);
		expect(await first.json()).toMatchObject({ token_type: 'Bearer', scope: 'read_clients', expires_in: 7200 });
		expect((await exchange()).status).toBe(400);
	});
});
