'use strict';
/*
 * Code Hosting Trigger authenticated as the stand-in's GitHub App: activation finds the app's
 * installation from the repository (octo-org/org-repo → the organization's installation), has a
 * token minted and registers the webhook with it; a signed delivery starts an execution;
 * deactivation deletes the hook with the installation token.
 */
const WEBHOOK_ID = '8c1f2e3d-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

module.exports = {
	servers: ['codehosting'],
	async live({ assert, webhookBase, codehosting, lastExecutionId, waitForExecution, checkExecution, deactivate, sleep }) {
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

		await deactivate();
		for (let i = 0; i < 20 && hooks().length > 0; i++) await sleep(250);
		assert.equal(hooks().length, 0, 'webhook deleted on deactivation');
		const deleted = codehosting.requests.find((r) => r.method === 'DELETE' && r.path.endsWith(`/hooks/${hook.id}`));
		assert.ok(deleted && appToken(bearer(deleted)), 'deleted with an installation token');
	},
};
