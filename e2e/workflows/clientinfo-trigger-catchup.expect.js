'use strict';
/*
 * Client Info Trigger catch-up in a running n8n (regular mode, then queue mode as people scale it:
 * a main with production webhooks off, two workers, two `n8n webhook` processes behind a round-robin
 * proxy, PostgreSQL; the deliveries and the passes' checkpoints reach the webhook processes); its
 * Recovery Interval (catchUpInterval) is 0.25 minutes and it listens to request_completed:
 *  1. a request is completed on the platform and its delivery never reaches n8n (lost on the
 *     way), in an otherwise quiet account: with no delivery after it, a scheduled pass finds it in
 *     the request list and starts one execution, marked recovered, within a generous deadline;
 *     the platform's own late copy of it is answered as a duplicate and starts nothing;
 *  2. n8n is stopped; 10 requests are completed meanwhile (every delivery meets a refused
 *     connection); n8n starts: exactly 10 executions, one per request, recovered, within BOUND_S
 *     of n8n answering /healthz, with no delivery after the start (on n8n >= 2.40 too: the
 *     trigger's `trigger()` makes its publication service activate it at every start);
 *  3. a live delivery for an 11th: one more execution, not marked recovered; each request once;
 *  4. a restart with nothing changed meanwhile starts nothing (what was sent or delivered before
 *     counts as seen);
 *  5. the passes ran in the main process (the workers and the webhook processes log none);
 *     deactivation deletes the webhook.
 */
const WEBHOOK_ID = '5b8e2f1a-9c3d-4e7f-a6b2-1d0c9e8f7a31';
const PREFIX = 'Catch-up e2e';
const MISSED = 10;
/**
 * Seconds from n8n healthy to the last recovered execution: a deadline, not a performance figure
 * (printed as secondsFromHealthyToLast: 16–41 s on a loaded machine; a fresh-clone run beside
 * four other e2e lanes measured 61.2 s on 2.8.4 against an earlier bound of 60). The first pass
 * comes 1 s after activation, then 10 sends.
 */
const BOUND_S = 150;

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "trigger activation, static data saved through the webhook URL, and catch-up passes in queue mode with webhook processes: n8n's trigger lifecycle and its queue topology differ by version",
	servers: ['clientinfo'],
	// (queue mode: the checkpoint the passes save through n8n's own webhook URL reaches a webhook
	// process behind the round-robin proxy)

	prepare({ clientinfo }) {
		clientinfo.server.addRequests(MISSED + 2, { prefix: PREFIX });
	},

	async live({ assert, version, queue, proxy, webhookBase, clientinfo, lastExecutionId, executions, waitUntil, checkExecution, restart, deactivate, logs, staticData }) {
		const { server } = clientinfo;
		const label = `n8n ${version} ${proxy ? 'queue with webhook processes' : queue ? 'queue' : 'regular'}`;
		const base = `${webhookBase}webhook/${WEBHOOK_ID}/webhook`;
		const hookOf = () => Object.values(server.state.webhooks).find((h) => h.url.startsWith(`${base}?`));
		assert.ok(hookOf(), `our webhook (webhooks: ${JSON.stringify(Object.values(server.state.webhooks).map((h) => h.url))})`);
		const ids = Object.values(server.state.requests)
			.filter((r) => r.name.startsWith(PREFIX))
			.map((r) => r.id);
		assert.equal(ids.length, MISSED + 2);

		const triggerRun = (e) => e.data?.resultData?.runData?.['Client Info Trigger']?.[0];
		const out = (e) => triggerRun(e)?.data?.main?.[0]?.[0]?.json;
		const finished = (e) => !['new', 'running', 'waiting'].includes(e.status) && e.stoppedAt;
		const requestOf = (e) => out(e)?.data?.request?.id;
		/** An execution that ran the workflow: not one that stopped at the trigger (a change that ran before, once.ts). */
		const ran = (e) => out(e) !== undefined;
		const runsAfter = async (before, what, count) =>
			(
				await waitUntil(what, async () => executions(before), {
					// n8n 1.x on SQLite writes an execution's status and its data in two statements: a
					// finished one is read once its trigger's run is written too
					done: (list) => list.filter(ran).length >= count && list.every((e) => finished(e) && triggerRun(e)),
					describe: (list) => `${list?.length ?? 0} execution(s): ${JSON.stringify((list ?? []).map((e) => [requestOf(e) ?? 'stopped at the trigger', out(e)?.recovered]))}`,
				})
			).filter(ran);

		// 1. a completion whose delivery was lost: the scheduled pass starts it, once
		let before = await lastExecutionId();
		server.state.requests[ids[0]].status = 'completed';
		const [lost] = await runsAfter(before, `the execution for request ${ids[0]} started by a catch-up pass`, 1);
		assert.equal(requestOf(lost), ids[0]);
		assert.equal(out(lost).recovered, true);
		assert.equal(out(lost).event, 'request_completed');
		checkExecution(lost, ({ items }) => assert.equal(items('Received').length, 1));
		// (what n8n answers for a call that starts nothing differs by version: 1.x-2.38 send the
		// node's answer, 2.40 its own; the fence in 3. shows it started nothing)
		const beforeLate = await lastExecutionId();
		const [late] = await server.deliver('request_completed', { request: { ...server.state.requests[ids[0]] } });
		assert.equal(late.status, 200, `the late copy answered ${late.status}: ${late.body}`);
		console.log(`[catch-up] the late copy was answered: ${late.body}`);

		// 2. n8n stopped: 10 completions, every delivery refused (with webhook processes, the proxy
		// in front of them, still up, answers 502 Bad Gateway); the start catches up
		before = await lastExecutionId();
		const missed = ids.slice(1, MISSED + 1);
		const { healthyAt } = await restart(async () => {
			for (const id of missed) {
				const [delivery] = await server.setRequestStatus(id, 'completed');
				assert.equal(delivery.status, proxy ? 502 : 0, `the delivery for ${id} failed while n8n was down`);
			}
		});
		const deliveriesAfterStart = server.state.deliveries.length;
		const recovered = await runsAfter(before, `${MISSED} executions started by catch-up after the start`, MISSED);
		const last = Math.max(...recovered.map((e) => e.stoppedAt));
		const seconds = (last - healthyAt) / 1000;
		console.log(`[catch-up] ${JSON.stringify({ label, missed: MISSED, executions: recovered.length, secondsFromHealthyToLast: Number(seconds.toFixed(1)) })}`);
		assert.deepEqual(recovered.map(requestOf).sort(), [...missed].sort(), 'each missed request once');
		assert.ok(recovered.every((e) => out(e).recovered === true && e.status === 'success'), 'all recovered, all succeeded');
		assert.ok(seconds <= BOUND_S, `${label}: the last recovered execution came ${seconds} s after n8n was healthy (bound ${BOUND_S} s)`);
		assert.equal(server.state.deliveries.length, deliveriesAfterStart, 'no delivery after the start');

		// 3. a live delivery for another request: one more, not recovered; a fence for "each once"
		const [live] = await server.setRequestStatus(ids[MISSED + 1], 'completed');
		assert.equal(live.status, 200);
		const all = await runsAfter(before, 'the live delivery\'s execution', missed.length + 1);
		assert.deepEqual(all.map(requestOf).sort(), [...missed, ids[MISSED + 1]].sort(), 'each request once');
		// (with webhook processes a pass that read the list in the moment between the completion and
		// the live execution's record may have its copy run first, marked recovered, and the live one stop)
		if (!proxy) assert.equal(out(all.find((e) => requestOf(e) === ids[MISSED + 1])).recovered, undefined, 'the live one is not marked recovered');
		const listReadsSince = (from) => clientinfo.requests.slice(from).filter((r) => r.method === 'GET' && /\/requests(\?|$)/.test(r.path)).length;
		if (proxy) {
			// with webhook processes the live delivery ran there, and the main's memory does not have
			// it: the main's next pass sends it again; that execution stops at the trigger (once.ts)
			const from = clientinfo.requests.length;
			await waitUntil('two catch-up passes after the live delivery', async () => listReadsSince(from) >= 2, { describe: () => `${listReadsSince(from)} list read(s)` });
			const stoppedCopy = await waitUntil('the pass\'s copy of the live change, stopped at the trigger', async () => executions(before), {
				done: (list) => list.some((e) => finished(e) && triggerRun(e) && !ran(e)),
				describe: (list) => `${list?.length ?? 0} execution(s): ${JSON.stringify((list ?? []).map((e) => [requestOf(e) ?? 'stopped at the trigger', out(e)?.recovered]))}`,
			});
			assert.deepEqual(stoppedCopy.filter(ran).map(requestOf).sort(), [...missed, ids[MISSED + 1]].sort(), 'each request still ran once');
		}
		const sinceLate = await executions(beforeLate);
		assert.deepEqual(sinceLate.filter((e) => requestOf(e) === ids[0]), [], "the platform's late copy of a recovered change started nothing");

		// 4. a restart with nothing changed meanwhile: nothing is sent again (what the catch-up sent,
		// and the live delivery, count as seen after the restart too), and a pass finds nothing
		// what the live delivery changed is saved (the checkpoint a moment after it) before n8n stops
		await waitUntil('the live change saved in the static data', async () => (await staticData())?.['node:Client Info Trigger']?.catchUp?.requests?.[ids[MISSED + 1]]?.s === 'completed');
		before = await lastExecutionId();
		const mark = clientinfo.requests.length;
		await restart();
		// two list reads after the start: the first pass (each change it sends is a webhook call
		// answered once its execution started) is over when the second begins
		const listReads = () => listReadsSince(mark);
		await waitUntil('two catch-up passes after the second restart', async () => listReads() >= 2, { describe: () => `${listReads()} list read(s)` });
		const afterRestart = await executions(before);
		const again = afterRestart.filter(ran);
		console.log(`[catch-up] ${JSON.stringify({ label, secondRestart: { ranTheWorkflow: again.length, stoppedAtTheTrigger: afterRestart.length - again.length } })}`);
		assert.deepEqual(again.map(requestOf), [], 'the second restart runs the workflow for nothing');

		// the changes a pass sent again that had run the workflow before (a live delivery a webhook
		// process ran, which the main's memory does not have): their executions stopped at the trigger
		const stopped = (await executions(0)).filter((e) => triggerRun(e) && !ran(e));
		console.log(`[catch-up] ${JSON.stringify({ label, stoppedAtTheTrigger: stopped.length })}`);

		// 5. the passes ran in the main process
		const { main, worker, webhooks } = logs();
		assert.match(main, /catch-up sent \d+ change\(s\) no delivery brought/);
		if (queue) assert.doesNotMatch(worker, /catch-up sent/, 'no pass on a worker');
		for (const text of webhooks) assert.doesNotMatch(text, /catch-up sent/, 'no pass on a webhook process');
		// with webhook processes, each of them answered some of the calls (deliveries, checkpoints)
		if (proxy) assert.ok(proxy.sent.every((n) => n > 0), `calls per webhook process: ${JSON.stringify(proxy.sent)}`);
		await deactivate();
		await waitUntil('the webhook deleted after the deactivation', () => !hookOf());
	},
};
