'use strict';
/*
 * Client Info Trigger in a running n8n (regular mode, then queue mode where the executions run
 * on the worker): activation registers one webhook on the platform for the chosen events, its
 * URL n8n's production webhook URL with a random secret in the query; deliveries with that
 * secret start executions; a wrong or missing secret gets 401 and starts nothing, and so does an
 * event the trigger does not watch (acknowledged with 200); deactivating through n8n's API
 * deletes the webhook on the platform.
 */
const WEBHOOK_ID = '7c2e4a9b-3d5f-4e6a-8b1c-2d3e4f5a6b7c';

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "webhook registration at activation and deletion at deactivation: n8n's activation path (2.40's publication service) differs by version",
	servers: ['clientinfo'],
	async live({ assert, webhookBase, clientinfo, lastExecutionId, executions, waitUntil, waitForExecution, checkExecution, deactivate }) {
		const { server, constants } = clientinfo;
		const base = `${webhookBase}webhook/${WEBHOOK_ID}/webhook`;
		const hooks = () => Object.values(server.state.webhooks).filter((h) => h.url.startsWith(`${base}?`));

		// activation registered exactly one webhook, with the secret in its URL
		assert.equal(hooks().length, 1, `one webhook for ${base} (webhooks: ${JSON.stringify(Object.values(server.state.webhooks).map((h) => h.url))})`);
		const hook = hooks()[0];
		const secret = new URL(hook.url).searchParams.get('secret');
		assert.match(String(secret), /^[0-9a-f]{64}$/, 'a random 32-byte secret in the URL');
		assert.deepEqual([...hook.subscriptions].sort(), ['client_created', 'request_completed']);
		assert.equal(hook.enabled, true);
		const registration = server.apiRequests().find((r) => r.method === 'POST' && r.path === `${constants.API}/webhooks`);
		assert.equal(registration.headers.authorization, `Bearer ${constants.ACCESS_TOKEN}`);

		// the platform delivers "client created" to the URL with the secret: one execution
		let before = await lastExecutionId();
		const [delivered] = await server.deliver('client_created', { id: constants.SEEDED_CLIENT_ID, name: 'Seeded Client' });
		assert.equal(delivered.status, 200, `delivery answered ${delivered.status}: ${delivered.body}`);
		checkExecution(await waitForExecution(before), ({ items }) => {
			const out = items('Client Info Trigger');
			assert.equal(out.length, 1);
			assert.equal(out[0].event, 'client_created');
			assert.deepEqual(out[0].data, { id: constants.SEEDED_CLIENT_ID, name: 'Seeded Client' });
			assert.equal(items('Received').length, 1, 'the next node ran');
		});

		// the second watched event
		before = await lastExecutionId();
		const [completed] = await server.deliver('request_completed', { id: 'req-1', status: 'completed' });
		assert.equal(completed.status, 200);
		checkExecution(await waitForExecution(before), ({ items }) => {
			assert.equal(items('Client Info Trigger')[0].event, 'request_completed');
		});

		// wrong secret, no secret, and an unwatched event start nothing
		before = await lastExecutionId();
		const post = (url, event) =>
			fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ event, triggered_at: new Date().toISOString(), data: { id: 'x' } }),
			});
		const wrong = await post(`${base}?secret=${'0'.repeat(64)}`, 'client_created');
		assert.equal(wrong.status, 401, 'wrong secret → 401');
		const missing = await post(base, 'client_created');
		assert.equal(missing.status, 401, 'no secret → 401');
		const unwatched = await post(hook.url, 'comment_created');
		assert.equal(unwatched.status, 200, 'an unwatched event is acknowledged');
		// a fence, not a pause: n8n numbers executions as deliveries arrive, so once a watched
		// delivery sent after them has run, any execution they had started would be there before it
		const [fence] = await server.deliver('request_completed', { id: 'req-fence', status: 'completed' });
		assert.equal(fence.status, 200);
		const fenced = await waitForExecution(before);
		assert.deepEqual(
			(await executions(before)).map((e) => e.id),
			[fenced.id],
			'no execution for a wrong or missing secret or an unwatched event (only the watched one sent after them)',
		);
		checkExecution(fenced, ({ items }) => assert.equal(items('Client Info Trigger')[0].data.id, 'req-fence'));

		// deactivating through n8n deletes the webhook on the platform
		await deactivate();
		await waitUntil('the webhook deleted on the platform after the deactivation', () => hooks().length === 0, { describe: () => `${hooks().length} webhook(s)` });
		assert.ok(
			server.apiRequests().some((r) => r.method === 'DELETE' && r.path === `${constants.API}/webhooks/${hook.id}`),
			'a DELETE of the webhook reached the platform',
		);
	},
};
