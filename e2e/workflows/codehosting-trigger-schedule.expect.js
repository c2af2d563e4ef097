'use strict';
/*
 * Recover Missed Deliveries on a schedule in a running n8n (regular mode, then queue mode with a
 * worker), every n8n version including 2.40's publication service: the trigger's Recovery
 * Interval is 0.25 minutes. While n8n runs, a delivery is answered 503 by a proxy in front of n8n
 * (the stand-in logs it failed; n8n never sees it) in an otherwise quiet repository: with no
 * delivery after it, the scheduled pass asks for it again and it starts one execution, within one
 * interval (and a generous deadline). The pass runs in the main process (its log line is in the
 * main's log, not the worker's), never inside a webhook call. Deactivation stops it.
 * On n8n >= 2.40 too: the trigger's `trigger()` makes the publication service activate it at start.
 */
const WEBHOOK_ID = '3e8d1c2b-6a4f-4b9e-9c1d-7f2e5a8b0c13';
const REPO = 'schedule-demo';
const isRedelivery = (r) => r.method === 'POST' && /\/hooks\/\d+\/deliveries\/\d+\/attempts$/.test(r.path);

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "the trigger's scheduled passes run in the main: n8n's timers for triggers and 2.40's publication service differ by version",
	servers: ['codehosting'],

	prepare({ codehosting }) {
		codehosting.server.addRepo('octo-user', REPO, { auto_init: true, description: 'scheduled recovery e2e' });
	},

	async live({ assert, version, queue, webhookBase, codehosting, lastExecutionId, executions, waitUntil, checkExecution, deactivate, logs }) {
		const { server } = codehosting;
		const hookOf = () => server.hooks.find((h) => h.config?.url === `${webhookBase}webhook/${WEBHOOK_ID}/webhook`);
		const hook = hookOf();
		assert.ok(hook, `our hook on ${REPO}`);
		await server.settle();

		// a delivery answered 503 by the proxy: logged as failed, n8n never saw it
		const before = await lastExecutionId();
		const mark = codehosting.requests.length;
		const payload = { ...server.examplePayload('issues', 'opened') };
		const failed = await server.deliver(hook.id, 'issues', payload, { proxyStatus: 503 });
		assert.equal(failed.status, 503);
		const sentAt = Date.now();

		// no delivery after it: the scheduled pass recovers it, once
		const deliveryIdOf = (e) => e.data?.resultData?.runData?.['Code Hosting Trigger']?.[0]?.data?.main?.[0]?.[0]?.json?.deliveryId;
		const finished = (e) => !['new', 'running', 'waiting'].includes(e.status) && e.stoppedAt;
		const [recovered] = await waitUntil(
			`the execution of delivery ${failed.guid} (answered 503) started by a scheduled pass`,
			async () => (await executions(before)).filter((e) => deliveryIdOf(e) === failed.guid),
			{ done: (runs) => runs.length > 0 && runs.every(finished), describe: (runs) => `${runs?.length ?? 0} execution(s)` },
		);
		const seconds = (recovered.stoppedAt - sentAt) / 1000;
		const redeliveries = codehosting.requests.slice(mark).filter(isRedelivery);
		console.log(`[schedule] ${JSON.stringify({ queue, secondsFromFailureToExecution: Number(seconds.toFixed(1)), redeliveryRequests: redeliveries.length })}`);
		assert.equal(recovered.status, 'success');
		assert.equal(redeliveries.length, 1, 'one redelivery request');
		checkExecution(recovered, ({ items }) => assert.equal(items('Received').length, 1));

		// a fence, not a pause: a live delivery after it starts one more execution, and there is no
		// second execution of the recovered GUID before it
		const live = await server.deliver(hook.id, 'issues', payload);
		assert.equal(live.status, 200);
		const runs = await waitUntil('the live delivery\'s execution', async () => executions(before), {
			done: (list) => list.some((e) => deliveryIdOf(e) === live.guid && finished(e)),
			describe: (list) => `${list?.length ?? 0} execution(s)`,
		});
		assert.deepEqual(runs.map(deliveryIdOf).sort(), [failed.guid, live.guid].sort(), 'each GUID once');

		// the pass ran in the main process, and logged it
		const { main, worker } = logs();
		assert.match(main, /recovery at schedule: read \d+ log entries in \d+ page\(s\), asked for 1 redelivery/);
		if (queue) assert.doesNotMatch(worker, /recovery at schedule/, 'no pass on the worker');

		await deactivate();
		await waitUntil('the hook deleted after the deactivation', () => !hookOf());
	},
};
