/** The stand-in's GitHub App: JWT checks, installation lookups, tokens that expire, permissions, the mint log. */
import { sign } from 'node:crypto';
import * as fs from 'fs';
import * as path from 'path';

import type { CodeHostingServer } from '../servers/codehosting/server';
import { APP_CLIENT_ID, APP_FIXTURES, APP_ID, ORG_INSTALLATION_ID, USER_INSTALLATION_ID } from '../servers/codehosting/server';
import { call, startServer } from './harness';

const appKey = fs.readFileSync(path.join(APP_FIXTURES, 'app-private-key.pem'), 'utf8');
const otherKey = fs.readFileSync(path.join(APP_FIXTURES, 'other-private-key.pem'), 'utf8');
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function jwt(claims: Record<string, unknown> = {}, key = appKey, alg = 'RS256'): string {
	const input = `${b64({ alg, typ: 'JWT' })}.${b64({ iat: now() - 60, exp: now() + 540, iss: APP_ID, ...claims })}`;
	return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
}
const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

describe('the app JWT', () => {
	test('a good JWT (App ID or client ID as iss) reads GET /app', async () => {
		for (const token of [jwt(), jwt({ iss: APP_CLIENT_ID }), jwt({ iss: String(APP_ID) })]) {
			const answer = await call(srv, 'GET', '/app', as(token));
			expect(answer.status).toBe(200);
			expect(answer.json).toMatchObject({ id: APP_ID, slug: 'governance-checks', installations_count: 2 });
		}
	});

	test.each([
		['signed by another key', () => jwt({}, otherKey), /could not be decoded/],
		['not RS256', () => jwt({}, appKey, 'HS256'), /RS256/],
		['another app', () => jwt({ iss: 999 }), /Integration not found/],
		['expired', () => jwt({ iat: now() - 700, exp: now() - 100 }), /'Expiration time' claim/],
		['living more than 10 minutes', () => jwt({ exp: now() + 900 }), /too far in the future/],
		['issued in the future', () => jwt({ iat: now() + 300, exp: now() + 800 }), /'Issued at' claim/],
		['garbage', () => 'eyJhbGciOi.eyJpYXQiOjF9.c2ln', /could not be decoded/],
	])('a JWT %s: 401 with the platform\'s message, logged as refused', async (_name, make, message) => {
		const answer = await call(srv, 'GET', '/app', as(make()));
		expect(answer.status).toBe(401);
		expect(answer.json.message).toMatch(message);
		expect(srv.appLog.map((entry) => entry.event)).toEqual(['refused']);
	});

	test('the JWT opens only the app\'s endpoints; a user token does not open them', async () => {
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world', as(jwt()))).status).toBe(401);
		expect((await call(srv, 'POST', '/graphql', { ...as(jwt()), body: { query: '{viewer{login}}' } })).status).toBe(401);
		const answer = await call(srv, 'GET', '/app');
		expect(answer.status).toBe(401);
		expect(answer.json.message).toMatch(/JSON web token could not be decoded/);
	});
});

describe('installations and tokens', () => {
	test('lookups by repository, organization and user; an account without the app: 404', async () => {
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/installation', as(jwt()))).json.id).toBe(USER_INSTALLATION_ID);
		expect((await call(srv, 'GET', '/orgs/octo-org/installation', as(jwt()))).json).toMatchObject({ id: ORG_INSTALLATION_ID, target_type: 'Organization', repository_selection: 'all' });
		expect((await call(srv, 'GET', '/users/octo-user/installation', as(jwt()))).json.repository_selection).toBe('selected');
		expect((await call(srv, 'GET', '/repos/octo-user/private-repo/installation', as(jwt()))).status).toBe(404);
		expect((await call(srv, 'GET', '/users/other-user/installation', as(jwt()))).status).toBe(404);
		expect((await call(srv, 'GET', '/app/installations', as(jwt()))).json.map((i: { id: number }) => i.id)).toEqual([ORG_INSTALLATION_ID, USER_INSTALLATION_ID]);
	});

	test('a token: expires_at an hour ahead, logged with the JWT\'s claims; it works until the control expires it', async () => {
		const token = jwt();
		const mintedFrom = Date.now();
		const minted = await call(srv, 'POST', `/app/installations/${USER_INSTALLATION_ID}/access_tokens`, as(token));
		const mintedTo = Date.now();
		expect(minted.status).toBe(201);
		expect(minted.json.token).toMatch(/^ghs_/);
		// an hour after the moment of minting (the platform's format has whole seconds)
		expect(Date.parse(minted.json.expires_at)).toBeGreaterThanOrEqual(Math.floor((mintedFrom + 3600_000) / 1000) * 1000);
		expect(Date.parse(minted.json.expires_at)).toBeLessThanOrEqual(mintedTo + 3600_000);
		const [entry] = srv.appMints();
		expect(entry).toMatchObject({ event: 'mint', installation: USER_INSTALLATION_ID, jwt: { iss: APP_ID } });
		expect(entry.jwt!.exp - entry.jwt!.iat).toBe(600);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world', as(minted.json.token))).status).toBe(200);
		// the HTTP control (for workflows), without authentication
		const expire = await fetch(`${srv.url}/_stand-in/app/expire-tokens`, { method: 'POST' });
		expect(await expire.json()).toEqual({ expired: 1 });
		const after = await call(srv, 'GET', '/repos/octo-user/hello-world', as(minted.json.token));
		expect(after.status).toBe(401);
		expect(after.json.message).toBe('Bad credentials');
		expect(srv.appLog.map((e) => e.event)).toEqual(['mint', 'expire']);
	});

	test('a token reaches only its installation: another account 404/403, a missing permission 403 naming it', async () => {
		const { token } = (await call(srv, 'POST', `/app/installations/${USER_INSTALLATION_ID}/access_tokens`, as(jwt()))).json;
		expect((await call(srv, 'GET', '/repos/octo-org/org-repo', as(token))).status).toBe(404);
		expect((await call(srv, 'GET', '/repos/octo-user/private-repo', as(token))).status).toBe(404);
		expect((await call(srv, 'GET', '/orgs/octo-org/members', as(token))).status).toBe(403);
		expect((await call(srv, 'GET', '/user', as(token))).status).toBe(403);
		srv.state.app.installations.get(USER_INSTALLATION_ID)!.permissions.checks = 'read';
		const refused = await call(srv, 'POST', '/repos/octo-user/hello-world/check-runs', { ...as(token), body: { name: 'x', head_sha: 'a'.repeat(40) } });
		expect(refused.status).toBe(403);
		expect(refused.json.message).toBe('Resource not accessible by integration');
		expect(refused.headers.get('x-accepted-github-permissions')).toBe('checks=write');
	});

	test('a token for permissions the installation lacks: 422; a suspended installation: 403; unknown: 404', async () => {
		const installation = srv.state.app.installations.get(USER_INSTALLATION_ID)!;
		delete installation.permissions.members;
		expect((await call(srv, 'POST', `/app/installations/${USER_INSTALLATION_ID}/access_tokens`, { ...as(jwt()), body: { permissions: { members: 'read' } } })).status).toBe(422);
		installation.suspended_at = '2024-01-01T00:00:00Z';
		expect((await call(srv, 'POST', `/app/installations/${USER_INSTALLATION_ID}/access_tokens`, as(jwt()))).status).toBe(403);
		expect((await call(srv, 'POST', '/app/installations/1/access_tokens', as(jwt()))).status).toBe(404);
	});
});

test('check runs: 51 annotations in one request are refused by the API description (422)', async () => {
	const { token } = (await call(srv, 'POST', `/app/installations/${USER_INSTALLATION_ID}/access_tokens`, as(jwt()))).json;
	const head = srv.repo('octo-user', 'hello-world')!.branches.get('main')!;
	const annotation = { path: 'README.md', start_line: 1, end_line: 1, annotation_level: 'notice', message: 'm' };
	const body = (n: number) => ({ name: 'c', head_sha: head, output: { title: 't', summary: 's', annotations: Array(n).fill(annotation) } });
	expect((await call(srv, 'POST', '/repos/octo-user/hello-world/check-runs', { ...as(token), body: body(51) })).status).toBe(422);
	expect((await call(srv, 'POST', '/repos/octo-user/hello-world/check-runs', { ...as(token), body: body(50) })).status).toBe(201);
	expect((await call(srv, 'POST', '/repos/octo-user/hello-world/check-runs', { ...as(token), body: { name: 'c', head_sha: head, status: 'completed' } })).status).toBe(422);
});
