/** The code-hosting test server's OAuth app web flow (authorize → code → access_token → API). */
import type { CodeHostingServer } from '../servers/codehosting/server';
import { OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET, OTHER_LOGIN } from '../servers/codehosting/server';
import { call, startServer } from './harness';

const CALLBACK = 'http://localhost:5678/rest/oauth2-credential/callback';

let srv: CodeHostingServer;
beforeAll(async () => {
	srv = await startServer();
});
afterAll(async () => {
	await srv.stop();
});

async function authorize(query: Record<string, string>) {
	const response = await fetch(`${srv.url}/login/oauth/authorize?${new URLSearchParams(query)}`, { redirect: 'manual' });
	return { status: response.status, location: response.headers.get('location') ?? '', text: await response.text() };
}

async function codeFor(scope = 'repo gist', state = 'st-1'): Promise<string> {
	const answer = await authorize({ client_id: OAUTH_CLIENT_ID, redirect_uri: CALLBACK, scope, state });
	expect(answer.status).toBe(302);
	const target = new URL(answer.location);
	expect(`${target.origin}${target.pathname}`).toBe(CALLBACK);
	expect(target.searchParams.get('state')).toBe(state);
	return target.searchParams.get('code') as string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function errorOf(response: Response): Promise<string> {
	return ((await response.json()) as Json).error;
}

function exchange(form: Record<string, string>, headers: Record<string, string> = { accept: 'application/json' }) {
	return fetch(`${srv.url}/login/oauth/access_token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
		body: new URLSearchParams(form).toString(),
	});
}

describe('authorize', () => {
	test('redirects back with a code and the state', async () => {
		expect(await codeFor()).toMatch(/^[0-9a-f]{20}$/);
	});

	test('an unknown client_id is a 404 page, a non-loopback redirect_uri a mismatch page; no code', async () => {
		expect((await authorize({ client_id: 'nope', redirect_uri: CALLBACK })).status).toBe(404);
		const far = await authorize({ client_id: OAUTH_CLIENT_ID, redirect_uri: 'https://evil.example/cb' });
		expect(far.status).toBe(400);
		expect(far.text).toMatch(/redirect_uri MUST match/);
		expect(far.location).toBe('');
	});

	test('is served on the web base only, not under /api/v3', async () => {
		const answer = await call(srv, 'GET', `/api/v3/login/oauth/authorize?client_id=${OAUTH_CLIENT_ID}`);
		expect(answer.status).toBe(404);
	});
});

describe('access_token', () => {
	test('client credentials as HTTP Basic, JSON answer; the token works on the API with the granted scopes', async () => {
		const code = await codeFor('repo gist no-such-scope');
		const response = await exchange(
			{ grant_type: 'authorization_code', code, redirect_uri: CALLBACK },
			{ accept: 'application/json', authorization: `Basic ${Buffer.from(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET}`).toString('base64')}` },
		);
		expect(response.status).toBe(200);
		const body = (await response.json()) as Json;
		expect(body).toEqual({ access_token: expect.stringMatching(/^gho_/), token_type: 'bearer', scope: 'repo,gist' });
		const user = await call(srv, 'GET', '/user', { headers: { authorization: `Bearer ${body.access_token}` } });
		expect(user.status).toBe(200);
		expect(user.json.login).toBe('octo-user');
		expect(user.headers.get('x-oauth-scopes')).toBe('repo, gist');
		expect(srv.oauthGrants.at(-1)).toMatchObject({ login: 'octo-user', scopes: ['repo', 'gist'] });
	});

	test('client credentials in the body, form-encoded answer when JSON is not asked for', async () => {
		const code = await codeFor();
		const response = await exchange({ client_id: OAUTH_CLIENT_ID, client_secret: OAUTH_CLIENT_SECRET, code }, {});
		expect(response.headers.get('content-type')).toMatch(/x-www-form-urlencoded/);
		const form = new URLSearchParams(await response.text());
		expect(form.get('access_token')).toMatch(/^gho_/);
		expect(form.get('token_type')).toBe('bearer');
	});

	test('a code works once; wrong secret, wrong redirect_uri and other grant types are refused (HTTP 200, error field)', async () => {
		const code = await codeFor();
		const wrongSecret = (await (await exchange({ client_id: OAUTH_CLIENT_ID, client_secret: 'nope', code })).json()) as Json;
		expect(wrongSecret.error).toBe('incorrect_client_credentials');
		const creds = { client_id: OAUTH_CLIENT_ID, client_secret: OAUTH_CLIENT_SECRET };
		const mismatch = await exchange({ ...creds, code, redirect_uri: 'http://localhost:1/other' });
		expect(mismatch.status).toBe(200);
		expect(await errorOf(mismatch)).toBe('redirect_uri_mismatch');
		// the code was spent by the refused attempt, as GitHub does
		expect(await errorOf(await exchange({ ...creds, code }))).toBe('bad_verification_code');
		const fresh = await codeFor();
		expect(await errorOf(await exchange({ ...creds, code: fresh, grant_type: 'refresh_token' }))).toBe('unsupported_grant_type');
		const ok = await codeFor();
		expect(((await (await exchange({ ...creds, code: ok })).json()) as Json).access_token).toMatch(/^gho_/);
		expect(await errorOf(await exchange({ ...creds, code: ok }))).toBe('bad_verification_code');
	});

	test('the approving user can be set per server', async () => {
		const other = await startServer({ oauthLogin: OTHER_LOGIN });
		try {
			const answer = await fetch(`${other.url}/login/oauth/authorize?${new URLSearchParams({ client_id: OAUTH_CLIENT_ID, redirect_uri: CALLBACK })}`, { redirect: 'manual' });
			const code = new URL(answer.headers.get('location') as string).searchParams.get('code') as string;
			const response = await fetch(`${other.url}/login/oauth/access_token`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', accept: 'application/json' },
				body: JSON.stringify({ client_id: OAUTH_CLIENT_ID, client_secret: OAUTH_CLIENT_SECRET, code }),
			});
			const { access_token: token } = (await response.json()) as Json;
			const user = await call(other, 'GET', '/user', { headers: { authorization: `token ${token}` } });
			expect(user.json.login).toBe(OTHER_LOGIN);
		} finally {
			await other.stop();
		}
	});
});
