/**
 * Code Hosting authenticated as a GitHub App against the stand-in (test/servers/codehosting/apps.js):
 * the installation found from each call, the token minted once and reused, refreshed before it
 * expires and after a 401, shared by concurrent items, and no secret in any error.
 */
import type { IDataObject } from 'n8n-workflow';

import { forgetAppTokens } from '../../nodes/CodeHosting/appAuth';
import type { CodeHostingServer } from './harness';
import { APP_PRIVATE_KEY, LOGIN, ORG, OTHER_PRIVATE_KEY, repo, runCodeHosting, startServer } from './harness';
import { ORG_INSTALLATION_ID, USER_INSTALLATION_ID } from '../servers/codehosting/server';

let srv: CodeHostingServer;
beforeEach(async () => {
	forgetAppTokens();
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const getIssue = (owner = LOGIN, name = 'hello-world', issueNumber = 1) => ({ resource: 'issue', operation: 'get', ...repo(owner, name), issueNumber });
const calls = () => srv.requests.map((r) => `${r.method} ${r.path}`);
const bearer = (r: { headers: Record<string, unknown> }) => String(r.headers.authorization ?? '').replace(/^Bearer /, '');
const issuedTokens = () => Object.keys(srv.state.tokens).filter((token) => srv.state.tokens[token].installation !== undefined);

/** Every secret the app flow knows: the key (and each of its lines), the JWTs sent, the tokens minted. */
function secrets(): string[] {
	const lines = APP_PRIVATE_KEY.split('\n').filter((line) => line.length >= 16 && !line.startsWith('-----'));
	const jwts = srv.requests.map(bearer).filter((value) => value.startsWith('eyJ'));
	return [APP_PRIVATE_KEY.trim(), ...lines, ...jwts, ...issuedTokens()];
}
function expectNoSecret(value: unknown): void {
	const error = value as { message?: string; description?: string; stack?: string } | undefined;
	const text = `${JSON.stringify(value)} ${error?.message ?? ''} ${error?.description ?? ''} ${error?.stack ?? ''}`;
	for (const secret of secrets()) expect(text).not.toContain(secret);
}

describe('installation from the call, token minted once', () => {
	test('Issue → Get: the installation of octo-user is looked up with the JWT, a token minted, the issue read with it', async () => {
		const before = Math.floor(Date.now() / 1000);
		const { output, error } = await runCodeHosting(srv, { app: {}, parameters: getIssue() });
		const after = Math.floor(Date.now() / 1000);
		expect(error).toBeUndefined();
		expect(output[0].json.number).toBe(1);
		expect(calls()).toEqual([
			'GET /repos/octo-user/hello-world/installation',
			`POST /app/installations/${USER_INSTALLATION_ID}/access_tokens`,
			'GET /repos/octo-user/hello-world/issues/1',
		]);
		const [lookup, mint, read] = srv.requests;
		expect(bearer(lookup)).toMatch(/^eyJ/);
		expect(bearer(mint)).toMatch(/^eyJ/);
		expect(bearer(read)).toBe(issuedTokens()[0]);
		expect(srv.appMints()).toHaveLength(1);
		// the stand-in verified the JWT with the app's public key; its claims as the platform wants them
		const { jwt } = srv.appMints()[0];
		expect(jwt!.iss).toBe(4242);
		expect(jwt!.exp - jwt!.iat).toBe(600);
		// issued 60 s in the past, at a moment of this execution
		expect(jwt!.iat).toBeGreaterThanOrEqual(before - 60);
		expect(jwt!.iat).toBeLessThanOrEqual(after - 60);
	});

	test('20 items in one execution and 20 executions at once: one lookup and one mint in all', async () => {
		const items = Array.from({ length: 20 }, () => ({}));
		const runs = await Promise.all([
			runCodeHosting(srv, { app: {}, items, parameters: getIssue() }),
			...Array.from({ length: 19 }, async () => await runCodeHosting(srv, { app: {}, items: [{}], parameters: getIssue() })),
		]);
		for (const { error } of runs) expect(error).toBeUndefined();
		expect(runs[0].output).toHaveLength(20);
		expect(srv.appMints()).toHaveLength(1);
		expect(calls().filter((call) => call.endsWith('/installation'))).toHaveLength(1);
		expect(calls().filter((call) => call.endsWith('/issues/1'))).toHaveLength(39);
		expect(new Set(srv.requests.filter((r) => r.path.endsWith('/issues/1')).map(bearer))).toEqual(new Set(issuedTokens()));
	});

	test('the next execution reuses the token; another account gets its own installation and token', async () => {
		await runCodeHosting(srv, { app: {}, parameters: getIssue() });
		srv.resetRequests();
		const again = await runCodeHosting(srv, { app: {}, parameters: getIssue(LOGIN, 'hello-world', 2) });
		expect(again.error).toBeUndefined();
		expect(calls()).toEqual(['GET /repos/octo-user/hello-world/issues/2']);
		const org = await runCodeHosting(srv, { app: {}, parameters: getIssue(ORG, 'org-repo', 1) });
		expect(org.error).toBeUndefined();
		expect(calls().slice(1)).toEqual(['GET /repos/octo-org/org-repo/installation', `POST /app/installations/${ORG_INSTALLATION_ID}/access_tokens`, 'GET /repos/octo-org/org-repo/issues/1']);
		expect(srv.appMints().map((mint) => mint.installation)).toEqual([USER_INSTALLATION_ID, ORG_INSTALLATION_ID]);
	});

	test('Installation By ID: no lookup', async () => {
		const { error } = await runCodeHosting(srv, { app: { installation: 'id', installationId: String(ORG_INSTALLATION_ID) }, parameters: getIssue(ORG, 'org-repo') });
		expect(error).toBeUndefined();
		expect(calls()).toEqual([`POST /app/installations/${ORG_INSTALLATION_ID}/access_tokens`, 'GET /repos/octo-org/org-repo/issues/1']);
	});

	test('a token close to its expiry (under 5 minutes left) is replaced before it is used', async () => {
		srv.state.app.tokenLifetimeSeconds = 200;
		await runCodeHosting(srv, { app: {}, parameters: getIssue() });
		await runCodeHosting(srv, { app: {}, parameters: getIssue() });
		// no 401 on the way: the second execution minted before using the old token
		expect(calls()).toEqual([
			'GET /repos/octo-user/hello-world/installation',
			`POST /app/installations/${USER_INSTALLATION_ID}/access_tokens`,
			'GET /repos/octo-user/hello-world/issues/1',
			`POST /app/installations/${USER_INSTALLATION_ID}/access_tokens`,
			'GET /repos/octo-user/hello-world/issues/1',
		]);
		expect(srv.appMints()).toHaveLength(2);
	});

	test('a token the platform expired early: one 401, one new mint, the call (a write too) repeated once', async () => {
		await runCodeHosting(srv, { app: {}, parameters: getIssue() });
		srv.expireAppTokens();
		srv.resetRequests();
		const { output, error } = await runCodeHosting(srv, {
			app: {},
			items: [{}, {}],
			parameters: { resource: 'issue', operation: 'createComment', ...repo(), issueNumber: 1, body: 'after expiry' },
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(2);
		expect(calls()).toEqual([
			'POST /repos/octo-user/hello-world/issues/1/comments',
			`POST /app/installations/${USER_INSTALLATION_ID}/access_tokens`,
			'POST /repos/octo-user/hello-world/issues/1/comments',
			'POST /repos/octo-user/hello-world/issues/1/comments',
		]);
		expect(srv.appMints()).toHaveLength(2);
		expect([...srv.repo(LOGIN, 'hello-world')!.comments.values()].filter((c) => c.body === 'after expiry')).toHaveLength(2);
	});
});

test('a 401 that stays after a new token: repeated only once, then the platform\'s error', async () => {
	srv.failNext({ method: 'GET', path: '/repos/octo-user/hello-world/issues/1', status: 401, body: { message: 'Bad credentials' }, times: 2 });
	const { error } = await runCodeHosting(srv, { app: {}, parameters: getIssue() });
	expect(error?.message).toMatch(/Bad credentials \(HTTP 401\)/);
	expect(calls()).toEqual([
		'GET /repos/octo-user/hello-world/installation',
		`POST /app/installations/${USER_INSTALLATION_ID}/access_tokens`,
		'GET /repos/octo-user/hello-world/issues/1',
		`POST /app/installations/${USER_INSTALLATION_ID}/access_tokens`,
		'GET /repos/octo-user/hello-world/issues/1',
	]);
	expectNoSecret(error);
});

describe('every kind of call works as the app', () => {
	test('pagination: every page with the installation token', async () => {
		srv.addIssues(LOGIN, 'hello-world', 150);
		const { output, error } = await runCodeHosting(srv, { app: {}, parameters: { resource: 'issue', operation: 'getAll', ...repo(), returnAll: true, filters: { state: 'all' } } });
		expect(error).toBeUndefined();
		expect(output.length).toBeGreaterThan(150);
		const pages = srv.requests.filter((r) => r.path === '/repos/octo-user/hello-world/issues');
		expect(pages).toHaveLength(2);
		for (const page of pages) expect(bearer(page)).toBe(issuedTokens()[0]);
	});

	test('GraphQL (Projects v2): the installation of the project\'s owner', async () => {
		const { output, error } = await runCodeHosting(srv, {
			app: {},
			parameters: { resource: 'projectItem', operation: 'updateStatus', ownerType: 'organization', projectOwner: ORG, projectNumber: 1, itemId: 'PVTI_lADOAOrgItem001', statusField: 'Status', status: 'Done' },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ success: true, status: 'Done' });
		expect(calls()).toEqual(['GET /orgs/octo-org/installation', `POST /app/installations/${ORG_INSTALLATION_ID}/access_tokens`, 'POST /graphql', 'POST /graphql']);
	});

	test('binary upload: release assets go to the upload host with the installation token', async () => {
		const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]);
		const { output, error } = await runCodeHosting(srv, {
			app: {},
			binaries: [{ data: { data: zip, fileName: 'app.zip', mimeType: 'application/zip' } }],
			parameters: { resource: 'release', ...repo(), operation: 'create', tag: 'v9.0.0', additionalFields: {}, uploadAssets: true, assetBinaryFields: 'data' },
		});
		expect(error).toBeUndefined();
		expect((output[0].json.assets as IDataObject[]).map((a) => a.size)).toEqual([zip.length]);
		const upload = srv.requests.find((r) => r.rawPath.includes('/uploads/'))!;
		expect(bearer(upload)).toBe(issuedTokens()[0]);
	});
});

describe('what is wrong, said clearly, with no secret', () => {
	test('the app is not installed on the account: named, no token asked for', async () => {
		const { error } = await runCodeHosting(srv, { app: {}, parameters: getIssue('other-user', 'other-repo') });
		expect(error?.message).toMatch(/The app is not installed on other-user\/other-repo/);
		expect(error?.description).toMatch(/Install the app on other-user/);
		expect(calls()).toEqual(['GET /repos/other-user/other-repo/installation']);
		expectNoSecret(error);
	});

	test('a repository the installation may not access (selected repositories): not installed there', async () => {
		const { error } = await runCodeHosting(srv, { app: {}, parameters: getIssue(LOGIN, 'private-repo') });
		expect(error?.message).toMatch(/not installed on octo-user\/private-repo/);
	});

	test('a key that is not the app\'s: the 401 says so', async () => {
		const { error } = await runCodeHosting(srv, { app: { privateKey: OTHER_PRIVATE_KEY }, parameters: getIssue() });
		expect(error?.message).toMatch(/GitHub refused the app's JWT \(401\): the private key is not this app's key, or the App ID is wrong/);
		expect(error?.httpCode).toBe('401');
		expect(srv.appLog.map((entry) => entry.event)).toEqual(['refused']);
		expectNoSecret(error);
		expect(JSON.stringify(error)).not.toContain(OTHER_PRIVATE_KEY.split('\n')[1]);
	});

	test('a key that is not PEM: stopped before any request', async () => {
		const { error } = await runCodeHosting(srv, { app: { privateKey: 'my-secret-not-a-key-value' }, parameters: getIssue() });
		expect(error?.message).toMatch(/private key cannot be used: The private key is not a PEM key/);
		expect(srv.requests).toHaveLength(0);
		expect(`${error?.message} ${error?.description} ${JSON.stringify(error)}`).not.toContain('my-secret-not-a-key-value');
	});

	test('a permission the installation lacks: the platform\'s X-Accepted-GitHub-Permissions named', async () => {
		const installation = srv.state.app.installations.get(USER_INSTALLATION_ID)!;
		delete installation.permissions.issues;
		const { error, output } = await runCodeHosting(srv, { app: {}, continueOnFail: true, parameters: getIssue() });
		expect(error).toBeUndefined();
		expect(output[0].json.error).toBe(
			"Resource not accessible by integration (HTTP 403): the GitHub App needs the permission Repository permissions → Issues: Read-only (the app's settings → Permissions & events; then accept the new permission in the installation's settings)",
		);
		expect(output[0].json.errorDescription).toMatch(/To fix: the GitHub App needs the permission Repository permissions → Issues: Read-only/);
		expectNoSecret(output);
	});

	test('a suspended installation: no token, said so', async () => {
		srv.state.app.installations.get(USER_INSTALLATION_ID)!.suspended_at = '2024-01-01T00:00:00Z';
		const { error } = await runCodeHosting(srv, { app: {}, parameters: getIssue() });
		expect(error?.message).toMatch(/GitHub gave no token for installation 51002: This installation has been suspended/);
		expectNoSecret(error);
	});

	test('an error after a token was minted (404 of the call) carries neither token nor key', async () => {
		const { output } = await runCodeHosting(srv, { app: {}, continueOnFail: true, parameters: getIssue(LOGIN, 'hello-world', 999) });
		expect(output[0].json.error).toMatch(/Not Found/);
		expect(issuedTokens()).toHaveLength(1);
		expectNoSecret(output);
	});

	test('Installation ID that is not a number: stopped before any request', async () => {
		const { error } = await runCodeHosting(srv, { app: { installation: 'id', installationId: 'abc' }, parameters: getIssue() });
		expect(error?.message).toMatch(/Installation ID is not a number/);
		expect(srv.requests).toHaveLength(0);
	});
});
