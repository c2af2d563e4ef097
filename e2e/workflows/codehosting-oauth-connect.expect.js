'use strict';
/*
 * Connect on a Code Hosting OAuth2 credential, the way the editor's button does it, through
 * n8n's own OAuth2 endpoints: GET /rest/oauth2-credential/auth gives the platform's authorize URL;
 * the platform (the local stand-in, approving as octo-user) redirects to n8n's
 * /rest/oauth2-credential/callback with a code; n8n exchanges it at the token URL (client
 * credentials in an HTTP Basic header) and stores the token. The workflow (Webhook → API Call
 * GET /user with the OAuth2 credential) runs before and after: first as other-user (the token
 * the credential was imported with), then as octo-user with the new token. In queue mode the
 * worker runs it, so the worker reads the token n8n stored.
 */
const { CREDENTIAL_IDS } = require('../credentials');

// its own credential: reconnecting it changes its token, which other workflows must not see
const CREDENTIAL_ID = CREDENTIAL_IDS.codeHostingOAuth2Connect;
const PATH = 'e2e-codehosting-oauth-connect';

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "n8n's own OAuth2 endpoints (/rest/oauth2-credential) and the callback URL it builds (WEBHOOK_URL or the editor's URL) differ by version",
	servers: ['codehosting'],
	async live({ assert, webhookBase, rest, codehosting, lastExecutionId, waitForExecution, checkExecution, logs }) {
		const { server, constants, url } = codehosting;
		async function whoAmI() {
			const before = await lastExecutionId();
			const response = await fetch(`${webhookBase}webhook/${PATH}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
			});
			assert.equal(response.status, 200, `webhook answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
			let login;
			checkExecution(await waitForExecution(before), ({ items }) => {
				const out = items('Who Am I');
				assert.equal(out.length, 1);
				login = out[0].login;
			});
			return login;
		}

		assert.equal(await whoAmI(), constants.OTHER_LOGIN, 'before Connect: the imported token (other-user)');

		// Connect: n8n builds the authorize URL from the credential
		const authUrl = await rest('GET', `/oauth2-credential/auth?id=${CREDENTIAL_ID}`);
		const authorize = new URL(authUrl);
		assert.equal(`${authorize.origin}${authorize.pathname}`, `${url}/login/oauth/authorize`);
		assert.equal(authorize.searchParams.get('client_id'), constants.OAUTH_CLIENT_ID);
		assert.equal(authorize.searchParams.get('response_type'), 'code');
		assert.ok(authorize.searchParams.get('state'), 'a state parameter');
		const redirectUri = authorize.searchParams.get('redirect_uri');
		assert.match(String(redirectUri), /\/rest\/oauth2-credential\/callback$/);

		// the platform approves and sends the browser back to n8n with a code
		const approved = await fetch(authUrl, { redirect: 'manual' });
		assert.equal(approved.status, 302, `authorize answered ${approved.status}: ${await approved.text()}`);
		const callback = new URL(String(approved.headers.get('location')));
		assert.equal(`${callback.origin}${callback.pathname}`, redirectUri);
		assert.equal(callback.searchParams.get('state'), authorize.searchParams.get('state'));
		assert.equal(server.oauthGrants.length, 0, 'no token before n8n exchanges the code');

		// n8n's callback exchanges the code and stores the token
		const page = await rest.browse(callback.toString(), { redirect: 'manual' });
		const pageText = await page.text();
		assert.equal(page.status, 200, `callback answered ${page.status}: ${pageText.slice(0, 500)}`);
		assert.equal(server.oauthGrants.length, 1, `one code exchange (callback page: ${pageText.slice(0, 300)})`);
		const [grant] = server.oauthGrants;
		assert.equal(grant.login, constants.LOGIN);
		const requested = String(authorize.searchParams.get('scope')).split(/[\s,]+/);
		assert.ok(requested.includes('repo') && requested.includes('workflow'), `scopes asked for: ${requested}`);
		assert.deepEqual(grant.scopes, requested, 'granted the scopes the credential asked for');
		const exchange = server.requests.filter((r) => r.method === 'POST' && r.path === '/login/oauth/access_token');
		assert.equal(exchange.length, 1);
		const basic = Buffer.from(`${constants.OAUTH_CLIENT_ID}:${constants.OAUTH_CLIENT_SECRET}`).toString('base64');
		assert.equal(exchange[0].headers.authorization, `Basic ${basic}`, 'client credentials in the header');

		// the credential now acts as the user who approved, with the new token
		assert.equal(await whoAmI(), constants.LOGIN, 'after Connect: the new token (octo-user)');
		const lastUserCall = server.requests.filter((r) => r.path === '/user').at(-1);
		assert.equal(lastUserCall.headers.authorization, `Bearer ${grant.token}`);
		const { main, worker } = logs();
		assert.ok(!`${main}${worker}`.includes(grant.token), "the new token is not in n8n's logs");
	},
};
