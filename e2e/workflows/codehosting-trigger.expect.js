'use strict';
/*
 * Code Hosting Trigger in a running n8n (regular mode, then queue mode where the executions run
 * on the worker): activation registers a signed webhook on the local server; signed deliveries
 * start executions with one item per matching event (named events, and Other Events: label and
 * deployment_status by their platform names); unsigned or wrongly signed deliveries get
 * 401 and start nothing; events the trigger does not watch start nothing; deactivating through
 * n8n's API deletes the webhook.
 */
const WEBHOOK_ID = '5b7d3c1e-2f4a-4b8c-9d0e-1a2b3c4d5e6f';

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "webhook registration at activation, signed deliveries, deletion at deactivation: n8n's activation path differs by version",
	servers: ['codehosting'],
	async live({ assert, webhookBase, codehosting, lastExecutionId, executions, waitUntil, waitForExecution, checkExecution, deactivate }) {
		const { server } = codehosting;
		const url = `${webhookBase}webhook/${WEBHOOK_ID}/webhook`;
		const hooks = () => server.hooks.filter((h) => h.config?.url === url);

		// activation registered exactly one hook on the repository, with a secret
		assert.equal(hooks().length, 1, `one webhook for ${url} (hooks: ${JSON.stringify(server.hooks.map((h) => h.config?.url))})`);
		const hook = hooks()[0];
		assert.equal(hook.target, 'octo-user/hello-world');
		assert.deepEqual([...hook.events].sort(), ['deployment_status', 'issues', 'label', 'star']);
		assert.ok(typeof hook.config.secret === 'string' && hook.config.secret.length >= 32, 'a random secret');
		await server.settle(); // the ping sent on creation

		// a signed "issues opened" delivery starts one execution
		let before = await lastExecutionId();
		const opened = await server.deliver(hook.id, 'issues', undefined, { action: 'opened' });
		assert.equal(opened.status, 200, `signed delivery answered ${opened.status}`);
		const execution = await waitForExecution(before);
		checkExecution(execution, ({ items }) => {
			const out = items('Code Hosting Trigger');
			assert.equal(out.length, 1);
			assert.equal(out[0].event, 'newIssue');
			assert.equal(out[0].webhookEvent, 'issues');
			assert.equal(out[0].action, 'opened');
			assert.equal(out[0].deliveryId, opened.guid);
			assert.ok(out[0].issue && out[0].issue.number, 'the issue of the payload');
			assert.equal(items('Received').length, 1, 'the next node ran');
		});

		// a signed "star created" delivery: the second watched event
		before = await lastExecutionId();
		const starred = await server.deliver(hook.id, 'star', undefined, { action: 'created' });
		assert.equal(starred.status, 200);
		checkExecution(await waitForExecution(before), ({ items }) => {
			assert.equal(items('Code Hosting Trigger')[0].event, 'newStar');
		});

		// Other Events: a "label created" delivery is emitted as it comes
		before = await lastExecutionId();
		const label = await server.deliver(hook.id, 'label', undefined, { action: 'created' });
		assert.equal(label.status, 200);
		checkExecution(await waitForExecution(before), ({ items }) => {
			const [item] = items('Code Hosting Trigger');
			assert.equal(item.event, 'otherEvents');
			assert.equal(item.webhookEvent, 'label');
			assert.equal(item.action, 'created');
			assert.equal(item.deliveryId, label.guid);
			assert.ok(item.label && item.label.name, 'the label of the payload');
		});

		// unsigned, wrongly signed and unwatched deliveries start nothing
		before = await lastExecutionId();
		const missing = await server.deliver(hook.id, 'issues', undefined, { action: 'opened', signature: 'missing' });
		assert.equal(missing.status, 401, 'missing signature → 401');
		const wrong = await server.deliver(hook.id, 'issues', undefined, { action: 'opened', signature: 'wrong' });
		assert.equal(wrong.status, 401, 'wrong signature → 401');
		const closedPayload = { ...server.examplePayload('issues', 'opened'), action: 'closed' };
		const closed = await server.deliver(hook.id, 'issues', closedPayload);
		assert.equal(closed.status, 200, 'an unwatched action is acknowledged');
		const fork = await server.deliver(hook.id, 'fork');
		assert.equal(fork.status, 200, 'a platform event not chosen is acknowledged');
		const unsignedLabel = await server.deliver(hook.id, 'label', undefined, { action: 'created', signature: 'wrong' });
		assert.equal(unsignedLabel.status, 401, 'Other Events: same signature check');
		// a fence, not a pause: n8n numbers executions as deliveries arrive, so once a watched
		// delivery sent after them has run, any execution they had started would be there before it
		const fence = await server.deliver(hook.id, 'star', undefined, { action: 'created' });
		assert.equal(fence.status, 200);
		const fenced = await waitForExecution(before);
		assert.deepEqual(
			(await executions(before)).map((e) => e.id),
			[fenced.id],
			'no execution for unsigned, wrongly signed or unwatched deliveries (only the watched one sent after them)',
		);
		checkExecution(fenced, ({ items }) => assert.equal(items('Code Hosting Trigger')[0].deliveryId, fence.guid));

		// deactivating through n8n deletes the webhook on the platform
		await deactivate();
		await waitUntil('the webhook deleted on the platform after the deactivation', () => hooks().length === 0, { describe: () => `${hooks().length} hook(s)` });
		assert.ok(
			codehosting.requests.some((r) => r.method === 'DELETE' && r.path.endsWith(`/hooks/${hook.id}`)),
			'a DELETE of the hook reached the server',
		);
	},
};
