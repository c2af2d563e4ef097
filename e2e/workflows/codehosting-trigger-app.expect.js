'use strict';
/*
 * Code Hosting Trigger authenticated as the stand-in's GitHub App: activation finds the app's
 * installation from the repository (octo-org/org-repo → the organization's installation), has a
 * token minted and registers the webhook with it; a signed delivery starts an execution;
 * deactivation deletes the hook with the installation token. The credential's Test button (n8n's
 * POST /rest/credentials/test) in the same n8n: OK From Each Call and By ID; a key that is not
 * PEM, a key that is not the app's, an installation that does not exist and an app installed
 * nowhere each come back as an error that says so, without the key. n8n 1.123 and 2.8 do not
 * apply a credential's rules for failed answers (their tester finds no response on the error) and
 * show their own message for the status instead: checked as such there.
 */
const fs = require('fs');
const path = require('path');
const WEBHOOK_ID = '8c1f2e3d-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "webhook registration at activation and the credential test endpoint: n8n's activation path and its REST API differ by version",
	servers: ['codehosting'],
	async live({ assert, version, webhookBase, codehosting, lastExecutionId, waitForExecution, checkExecution, deactivate, waitUntil, rest }) {
		const { server, state } = codehosting;
		const url = `${webhookBase}webhook/${WEBHOOK_ID}/webhook`;
		const hooks = () => server.hooks.filter((h) => h.config?.url === url);
		const bearer = (r) => String(r.headers.authorization ?? '').replace(/^Bearer /, '');
		const appToken = (token) => state.tokens[token]?.installation === 51001;

		assert.equal(hooks().length, 1, `one webhook for ${url}`);
		const hook = hooks()[0];
		assert.equal(hook.target, 'octo-org/org-repo');
		assert.deepEqual([...hook.events], ['issues']);
		const created = codehosting.requests.find((r) => r.method === 'POST' && r.path === '/repos/octo-org/org-repo/hooks');
		assert.ok(created && appToken(bearer(created)), 'the hook was created with an installation token of the organization\'s installation');
		assert.ok(codehosting.requests.some((r) => r.path === '/repos/octo-org/org-repo/installation' && bearer(r).startsWith('eyJ')), 'the installation looked up from the repository with the app\'s JWT');
		assert.ok(server.appMints().some((mint) => mint.installation === 51001), 'a token minted for the installation');
		await server.settle();

		const before = await lastExecutionId();
		const opened = await server.deliver(hook.id, 'issues', undefined, { action: 'opened' });
		assert.equal(opened.status, 200);
		checkExecution(await waitForExecution(before), ({ items }) => {
			const [item] = items('Code Hosting Trigger');
			assert.equal(item.event, 'newIssue');
			assert.equal(item.deliveryId, opened.guid);
		});

		// the credential test, as the Test button runs it
		const privateKey = fs.readFileSync(path.join(codehosting.constants.APP_FIXTURES, 'app-private-key.pem'), 'utf8');
		const otherKey = fs.readFileSync(path.join(codehosting.constants.APP_FIXTURES, 'other-private-key.pem'), 'utf8');
		const stored = { id: 'e2eCodeHostApp01', name: 'Code Hosting GitHub App (local test server)', type: 'codeHostingAppApi' };
		const base = { server: codehosting.url, appId: '4242', privateKey, installation: 'fromOwner', installationId: '' };
		const credentialTest = async (data) => await rest('POST', '/credentials/test', { credentials: { ...stored, data: { ...base, ...data } } });
		const expectTest = async (data, status, message) => {
			const result = await credentialTest(data);
			assert.equal(result.status, status, `credential test of ${JSON.stringify(Object.keys(data))}: ${JSON.stringify(result)}`);
			if (message) assert.match(result.message, message);
			for (const line of [privateKey, otherKey].flatMap((key) => key.split('\n')).filter((l) => l.length >= 32)) {
				assert.ok(!String(result.message).includes(line), 'no part of a key in the test\'s answer');
			}
		};
		await expectTest({}, 'OK');
		await expectTest({ installation: 'id', installationId: '51001' }, 'OK');
		const rulesOnFailures = !/^(1\.|2\.8\.)/.test(version);
		await expectTest({ privateKey: otherKey }, 'Error', rulesOnFailures ? /not this app's key/ : /Authorization failed/);
		await expectTest({ privateKey: 'not-a-key-at-all-0123456789' }, 'Error', /not a PEM key/);
		await expectTest({ installation: 'id', installationId: '99' }, 'Error', rulesOnFailures ? /no installation with this ID/ : /could not be found/);
		const installations = new Map(state.app.installations);
		state.app.installations.clear();
		try {
			await expectTest({}, 'Error', /not installed on any account/);
		} finally {
			for (const [id, installation] of installations) state.app.installations.set(id, installation);
		}

		await deactivate();
		await waitUntil('the webhook deleted on the platform after the deactivation', () => hooks().length === 0, { describe: () => `${hooks().length} hook(s)` });
		const deleted = codehosting.requests.find((r) => r.method === 'DELETE' && r.path.endsWith(`/hooks/${hook.id}`));
		assert.ok(deleted && appToken(bearer(deleted)), 'deleted with an installation token');
	},
};
