/**
 * A refused call names the permission the credential in use needs, in that credential's terms,
 * with GitHub's real answer shapes from the stand-in (test/servers/codehosting):
 * - a classic token or an OAuth app lacking a scope: 404 (or 403) with X-Accepted-OAuth-Scopes and
 *   X-OAuth-Scopes → the scope, for OAuth2 "add it to the credential's Scope and reconnect";
 * - a fine-grained personal access token: 403 "Resource not accessible by personal access token"
 *   with X-Accepted-GitHub-Permissions and no X-OAuth-Scopes → "Repository permissions → Webhooks:
 *   Read and write" as the token's settings page names it (the token itself never shown);
 * - a GitHub App's installation: 403 "Resource not accessible by integration" with the same
 *   header → the app's permission, on the app's settings page.
 * The fix is in the error's message: n8n shows a trigger activation's error by its message alone.
 * At webhook creation a 404 says that it needs admin rights plus that permission, besides the
 * owner and repository.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import { CodeHostingAppApi } from '../../credentials/CodeHostingAppApi.credentials';
import { CodeHostingOAuth2Api } from '../../credentials/CodeHostingOAuth2Api.credentials';
import { forgetAppTokens } from '../../nodes/CodeHosting/appAuth';
import { credentialKindOf, permissionText, webhookPermissionFix } from '../../nodes/CodeHosting/transport';
import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import type { TriggerHarness } from '../helpers/triggerHarness';
import { createTriggerHarness } from '../helpers/triggerHarness';
import { USER_INSTALLATION_ID } from '../servers/codehosting/server';
import type { CodeHostingServer } from './harness';
import { appCredential, LOGIN, ORG, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
const open: TriggerHarness[] = [];
beforeEach(async () => {
	forgetAppTokens();
	srv = await startServer();
});
afterEach(async () => {
	while (open.length) await open.pop()!.close();
	await srv.stop();
});

/** A classic token of octo-user with only `read:user` (no hook scope). */
const CLASSIC = 'ghp_limitedClassicToken0000000000000001';
/** A fine-grained token of octo-user that may read contents but not manage webhooks. */
const FINE_GRAINED = 'github_pat_11AAAAAAA0limitedFineGrainedToken000000000000000000000000001';

const createHook = { resource: 'apiCall', operation: 'request', method: 'POST', endpoint: `/repos/${LOGIN}/hello-world/hooks`, query: {}, headers: {}, sendBody: true, contentType: 'json', body: JSON.stringify({ name: 'web', config: { url: 'https://n8n.example.com/webhook/x', content_type: 'json' }, events: ['push'] }) };

/** The last response the stand-in sent to the node, for its headers. */
const lastResponseHeaders = () => srv.requests[srv.requests.length - 1].responseHeaders;

describe('permissionText: X-Accepted-GitHub-Permissions in the words of GitHub\'s settings pages', () => {
	test.each([
		['repository_hooks=write', 'Repository permissions → Webhooks: Read and write'],
		['organization_hooks=write', 'Organization permissions → Webhooks: Read and write'],
		['issues=read', 'Repository permissions → Issues: Read-only'],
		// sets separated by ";" (any one will do), permissions of a set by "," (all needed)
		['repository_projects=write; organization_projects=admin', 'Repository permissions → Projects: Read and write, or Organization permissions → Projects: Admin'],
		['contents=read,pull_requests=write', 'Repository permissions → Contents: Read-only and Repository permissions → Pull requests: Read and write'],
		['some_new_permission=read', 'some_new_permission: Read-only'],
	])('%s', (header, text) => {
		expect(permissionText(header)).toBe(text);
	});

	test('credential kinds: from the credential type and a token\'s prefix', () => {
		expect(credentialKindOf('codeHostingApi', FINE_GRAINED)).toBe('fineGrained');
		expect(credentialKindOf('codeHostingApi', CLASSIC)).toBe('classic');
		expect(credentialKindOf('codeHostingApi', 'gho_or_an_enterprise_token')).toBe('token');
		expect(credentialKindOf('codeHostingOAuth2Api', undefined)).toBe('oauth');
		expect(credentialKindOf('codeHostingAppApi', undefined)).toBe('app');
	});

	test('the webhook permission of a token of unknown kind names both the classic scope and the fine-grained permission', () => {
		expect(webhookPermissionFix('token', 'repository')).toBe('the token needs the scope admin:repo_hook (classic token) or Repository permissions → Webhooks: Read and write (fine-grained token)');
		expect(webhookPermissionFix('token', 'organization')).toBe('the token needs the scope admin:org_hook (classic token) or Organization permissions → Webhooks: Read and write (fine-grained token)');
	});
});

describe('a refused call names what the credential in use lacks', () => {
	test('classic token without a hook scope: GitHub\'s 404 with X-Accepted-OAuth-Scopes → the scopes, and the ones it has', async () => {
		srv.addToken(CLASSIC, LOGIN, ['read:user']);
		const { output } = await runCodeHosting(srv, { token: CLASSIC, continueOnFail: true, parameters: createHook });
		expect(srv.requests[0].status).toBe(404);
		expect(lastResponseHeaders()).toMatchObject({ 'x-accepted-oauth-scopes': 'admin:repo_hook, write:repo_hook, repo', 'x-oauth-scopes': 'read:user' });
		expect(output[0].json.error).toBe('Not Found (HTTP 404): the classic token needs one of the scopes admin:repo_hook, write:repo_hook, repo (it has: read:user)');
		expect(JSON.stringify(output)).not.toContain(CLASSIC);
	});

	test('fine-grained token: GitHub\'s 403 "by personal access token" with X-Accepted-GitHub-Permissions and no X-OAuth-Scopes → the token\'s Webhooks permission', async () => {
		srv.addFineGrainedToken(FINE_GRAINED, LOGIN, { contents: 'read' });
		const { output } = await runCodeHosting(srv, { token: FINE_GRAINED, continueOnFail: true, parameters: createHook });
		expect(srv.requests[0].status).toBe(403);
		const headers = lastResponseHeaders()!;
		expect(headers['x-accepted-github-permissions']).toBe('repository_hooks=write');
		expect(headers['x-oauth-scopes']).toBeUndefined();
		expect(output[0].json.error).toBe(
			'Resource not accessible by personal access token (HTTP 403): the fine-grained token needs Repository permissions → Webhooks: Read and write (github.com → Settings → Developer settings → Fine-grained tokens → the token → Edit)',
		);
		expect(output[0].json.error).not.toMatch(/GitHub App/);
		expect(JSON.stringify(output)).not.toContain(FINE_GRAINED);
	});

	test('a fine-grained token without the github_pat_ prefix (GitHub Enterprise, a copy): told by GitHub\'s message', async () => {
		srv.addFineGrainedToken('enterprise-fine-grained-token-value-0001', LOGIN, { contents: 'read' });
		const { output } = await runCodeHosting(srv, { token: 'enterprise-fine-grained-token-value-0001', continueOnFail: true, parameters: createHook });
		expect(output[0].json.error).toMatch(/^Resource not accessible by personal access token \(HTTP 403\): the fine-grained token needs Repository permissions → Webhooks: Read and write/);
	});

	test('OAuth2 without the scope: the scope, to add to the credential\'s Scope and reconnect', async () => {
		srv.addToken('gho_limitedOAuthToken000000000000000001', LOGIN, ['read:user']);
		const { output } = await runCodeHosting(srv, { oauth2: true, token: 'gho_limitedOAuthToken000000000000000001', continueOnFail: true, parameters: createHook });
		expect(output[0].json.error).toBe(
			"Not Found (HTTP 404): the OAuth2 credential needs one of the scopes admin:repo_hook, write:repo_hook, repo (it has: read:user): add it to the credential's Scope and reconnect it",
		);
	});

	test('GitHub App without the Webhooks permission: "by integration" → the app\'s permission on its settings page', async () => {
		delete srv.state.app.installations.get(USER_INSTALLATION_ID)!.permissions.repository_hooks;
		const { output } = await runCodeHosting(srv, { app: {}, continueOnFail: true, parameters: createHook });
		expect(output[0].json.error).toBe(
			"Resource not accessible by integration (HTTP 403): the GitHub App needs the permission Repository permissions → Webhooks: Read and write (the app's settings → Permissions & events; then accept the new permission in the installation's settings)",
		);
		expect(output[0].json.errorDescription).toMatch(/^To fix: the GitHub App needs/);
	});

	test('a token that has an accepted scope and still gets 404 (no such repository): no scope named', async () => {
		const { output } = await runCodeHosting(srv, { continueOnFail: true, parameters: { ...createHook, endpoint: `/repos/${LOGIN}/no-such-repository/hooks` } });
		expect(output[0].json.error).toBe('Not Found (HTTP 404)');
		expect(output[0].json.errorDescription).toMatch(/Check owner, repository/);
	});
});

describe('webhook creation (trigger activation): the fix in the message, per credential', () => {
	async function trigger(credential: 'token' | 'oauth' | 'app', token?: string, scope: 'repository' | 'organization' = 'repository', repository = 'hello-world'): Promise<TriggerHarness> {
		const credentials: Record<string, ICredentialDataDecryptedObject> =
			credential === 'app'
				? { codeHostingAppApi: appCredential(srv.url) as ICredentialDataDecryptedObject }
				: credential === 'oauth'
				? {
						codeHostingOAuth2Api: {
							server: srv.url,
							clientId: 'client-id',
							clientSecret: 'client-secret-value',
							accessTokenUrl: `${srv.url}/login/oauth/access_token`,
							authUrl: `${srv.url}/login/oauth/authorize`,
							grantType: 'authorizationCode',
							authentication: 'header',
							oauthTokenData: { access_token: token, token_type: 'bearer' },
						},
					}
				: { codeHostingApi: { server: srv.url, accessToken: token as string } };
		const harness = await createTriggerHarness({
			node: new CodeHostingTrigger(),
			parameters: {
				authentication: credential === 'app' ? 'app' : credential === 'oauth' ? 'oAuth2' : 'accessToken',
				scope,
				owner: { __rl: true, mode: 'name', value: scope === 'organization' ? ORG : LOGIN },
				...(scope === 'repository' ? { repository: { __rl: true, mode: 'name', value: repository } } : {}),
				events: scope === 'organization' ? ['newRepository'] : ['newPush'],
				options: {},
			},
			credentials,
			credentialTypes: [new CodeHostingApi(), new CodeHostingOAuth2Api(), new CodeHostingAppApi()],
		});
		open.push(harness);
		return harness;
	}

	const activationError = async (t: TriggerHarness) =>
		await t.hook('create').then(
			() => undefined,
			(caught: Error & { httpCode?: string; description?: string }) => caught,
		);

	test('classic token: GitHub\'s 404 → admin rights, the admin:repo_hook scope, owner and repository', async () => {
		srv.addToken(CLASSIC, LOGIN, ['read:user']);
		const error = await activationError(await trigger('token', CLASSIC));
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toBe(
			'Could not create the webhook on repository octo-user/hello-world: Not Found (HTTP 404): the classic token needs one of the scopes admin:repo_hook, write:repo_hook, repo (it has: read:user). Creating a webhook also needs admin rights on the repository.',
		);
		expect(JSON.stringify(error)).not.toContain(CLASSIC);
	});

	test('fine-grained token: GitHub\'s 403 → the token\'s Webhooks permission, not the App\'s', async () => {
		srv.addFineGrainedToken(FINE_GRAINED, LOGIN, { contents: 'read' });
		const error = await activationError(await trigger('token', FINE_GRAINED));
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toBe(
			'Could not create the webhook on repository octo-user/hello-world: Resource not accessible by personal access token (HTTP 403): the fine-grained token needs Repository permissions → Webhooks: Read and write (github.com → Settings → Developer settings → Fine-grained tokens → the token → Edit). Creating a webhook also needs admin rights on the repository.',
		);
		expect(`${error?.message} ${error?.description} ${JSON.stringify(error)}`).not.toContain(FINE_GRAINED);
	});

	test('OAuth2: the scope to add to the credential and reconnect', async () => {
		srv.addToken('gho_limitedOAuthToken000000000000000001', LOGIN, ['read:user']);
		const error = await activationError(await trigger('oauth', 'gho_limitedOAuthToken000000000000000001'));
		expect(error?.message).toBe(
			"Could not create the webhook on repository octo-user/hello-world: Not Found (HTTP 404): the OAuth2 credential needs one of the scopes admin:repo_hook, write:repo_hook, repo (it has: read:user): add it to the credential's Scope and reconnect it. Creating a webhook also needs admin rights on the repository.",
		);
	});

	test('GitHub App: the app\'s Webhooks permission', async () => {
		delete srv.state.app.installations.get(USER_INSTALLATION_ID)!.permissions.repository_hooks;
		const error = await activationError(await trigger('app'));
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toBe(
			"Could not create the webhook on repository octo-user/hello-world: Resource not accessible by integration (HTTP 403): the GitHub App needs the permission Repository permissions → Webhooks: Read and write (the app's settings → Permissions & events; then accept the new permission in the installation's settings). Creating a webhook also needs admin rights on the repository.",
		);
	});

	test('a 404 with every scope (no such repository): admin rights and the scope named besides owner and repository', async () => {
		const error = await activationError(await trigger('token', 'ghp_octoUserToken00000000000000000000001', 'repository', 'no-such-repository'));
		expect(error?.message).toBe(
			'Could not create the webhook on repository octo-user/no-such-repository: Not Found (HTTP 404). GitHub answers 404 when the repository does not exist or the credential may not manage its webhooks: creating a webhook needs admin rights on the repository, and the classic token needs the scope admin:repo_hook (github.com → Settings → Developer settings → Personal access tokens (classic)). Check also Repository Owner and Repository Name.',
		);
	});

	test('organization webhook, classic token without admin:org_hook: the organization\'s owner role and admin:org_hook', async () => {
		srv.addToken(CLASSIC, LOGIN, ['read:user']);
		const error = await activationError(await trigger('token', CLASSIC, 'organization'));
		expect(error?.message).toBe(
			'Could not create the webhook on organization octo-org: Not Found (HTTP 404): the classic token needs the scope admin:org_hook (it has: read:user). Creating a webhook also needs an owner (admin) of the organization.',
		);
	});

	test('a user who is not an admin of the repository (403 "Must have admin rights"): admin rights and the scope', async () => {
		srv.addToken('ghp_otherUserWithScopes000000000000000009', 'other-user', ['repo', 'admin:repo_hook']);
		const error = await activationError(await trigger('token', 'ghp_otherUserWithScopes000000000000000009'));
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/^Could not create the webhook on repository octo-user\/hello-world: Must have admin rights to Repository\. \(HTTP 403\)\. Creating a webhook needs admin rights on the repository, and the classic token needs the scope admin:repo_hook/);
	});

	test('what n8n shows at activation: the message and the description both carry the fix', async () => {
		srv.addFineGrainedToken(FINE_GRAINED, LOGIN, {});
		const error = (await activationError(await trigger('token', FINE_GRAINED))) as Error & IDataObject;
		// seen in a real n8n (e2e codehosting-trigger-activation-error): 2.40.7's publication status
		// and log show the message; 1.123.81 and 2.8.4 answer the editor's activation (and log) with
		// the description
		expect(error.message).toMatch(/Webhooks: Read and write/);
		expect(String(error.description)).toMatch(/Webhooks: Read and write/);
	});
});
