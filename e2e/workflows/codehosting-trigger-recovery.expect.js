'use strict';
/*
 * Recover Missed Deliveries in a running n8n (regular mode: one process takes the deliveries, so
 * steps 4 to 6 can see what that process remembers), beside n8n's own GitHub Trigger on the same
 * repository and event, in one workflow; queue mode as people scale it, where webhook processes
 * take the deliveries and no pass runs in them, is codehosting-trigger-webhook-processes (20
 * missed there too):
 *  1. both triggers work: one issue while n8n runs starts one execution of each;
 *  2. n8n is stopped; 20 issues are opened meanwhile: every delivery to both hooks fails
 *     (connection refused, logged by the platform as failed);
 *  3. n8n starts: exactly 20 executions of our trigger follow, one per event (each GUID once),
 *     within BOUND_S seconds of n8n answering /healthz; 20 redelivery requests, none for the
 *     GitHub Trigger's hook, whose count is printed beside ours (expected 0);
 *  4. a redelivery of a delivery that did arrive is answered 200 and starts nothing;
 *  5. a second restart with nothing missed: 0 executions and 0 redelivery requests; then a GUID
 *     accepted before it, redelivered, still starts nothing (the ring survived in static data);
 *  6. the platform redelivers late (held until released, after the activation stopped waiting): a new delivery
 *     coming first runs a pass inside n8n's webhook call (answered 200 first, one log page) and
 *     asks for nothing again; the late redeliveries then start one execution each;
 *  7. deactivation deletes both hooks.
 * Its Recovery Interval is 0: this scenario checks the passes at activations and at deliveries;
 * the scheduled passes have their own (codehosting-trigger-schedule).
 */
const OURS_ID = '7c1e9a52-3b64-4d2f-8e0a-5f6b7c8d9e01';
const GITHUB_ID = '7c1e9a52-3b64-4d2f-8e0a-5f6b7c8d9e02';
const REPO = 'recovery-demo';
const MISSED = 20;
/** Seconds from n8n healthy to the last recovered execution: activation + 20 redeliveries 1 s apart + slack. */
const BOUND_S = 90;

const isRedelivery = (r) => r.method === 'POST' && /\/hooks\/\d+\/deliveries\/\d+\/attempts$/.test(r.path);

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "recovery at activation after a restart and static data kept across it: n8n's start-up and activation differ by version",
	regularOnly: true,
	servers: ['codehosting'],

	// n8n >= 2.40 (publication service on, its default) re-activates at its start only workflows
	// with in-memory triggers: the trigger's `trigger()` makes it one (nodes/shared/startAtEveryStart.ts),
	// so this scenario runs on every version.

	prepare({ codehosting }) {
		codehosting.server.addRepo('octo-user', REPO, { auto_init: true, description: 'Recover Missed Deliveries e2e' });
	},

	async live({ assert, version, queue, webhookBase, codehosting, lastExecutionId, executions, staticData, checkExecution, restart, deactivate, sleep, waitUntil, logs }) {
		const { server, constants } = codehosting;
		const label = `n8n ${version} ${queue ? 'queue' : 'regular'}`;
		const hookOf = (id) => server.hooks.find((h) => h.config?.url === `${webhookBase}webhook/${id}/webhook`);
		const ours = hookOf(OURS_ID);
		const github = hookOf(GITHUB_ID);
		assert.ok(ours, `our hook on ${REPO} (hooks: ${JSON.stringify(server.hooks.map((h) => h.config?.url))})`);
		assert.ok(github, "n8n's GitHub Trigger registered its hook");
		assert.equal(ours.target, `octo-user/${REPO}`);
		assert.equal(github.target, `octo-user/${REPO}`);
		await server.settle();

		const api = async (method, path, body) => {
			const response = await fetch(`${codehosting.url}${path}`, {
				method,
				headers: {
					authorization: `Bearer ${constants.TOKEN}`,
					'user-agent': 'e2e-recovery',
					accept: 'application/vnd.github+json',
					...(body ? { 'content-type': 'application/json' } : {}),
				},
				body: body ? JSON.stringify(body) : undefined,
			});
			const text = await response.text();
			return { status: response.status, json: text ? JSON.parse(text) : undefined };
		};
		const openIssue = async (title) => {
			const created = await api('POST', `/repos/octo-user/${REPO}/issues`, { title });
			assert.equal(created.status, 201, `issue "${title}" created`);
		};
		/** This workflow's executions after `after`, split by the trigger that started them. */
		const byTrigger = async (after) => {
			const all = await executions(after);
			const started = (e, node) => Boolean(e.data?.resultData?.runData?.[node]);
			return {
				all,
				ours: all.filter((e) => started(e, 'Code Hosting Trigger')),
				github: all.filter((e) => started(e, 'GitHub Trigger')),
			};
		};
		const deliveryIdOf = (e) => e.data.resultData.runData['Code Hosting Trigger'][0].data.main[0][0].json.deliveryId;
		const finished = (e) => !['new', 'running', 'waiting'].includes(e.status) && e.stoppedAt;
		const waitFor = async (what, until, ms) => {
			const deadline = Date.now() + ms;
			for (;;) {
				const value = await until();
				if (value) return value;
				if (Date.now() > deadline) throw new Error(`${label}: timed out waiting for ${what}`);
				await sleep(500);
			}
		};

		// 1. both triggers start one execution for an issue opened while n8n runs
		let before = await lastExecutionId();
		await openIssue('while n8n runs');
		const baseline = await waitFor('one execution of each trigger', async () => {
			const runs = await byTrigger(before);
			return runs.ours.length >= 1 && runs.github.length >= 1 && runs.all.every(finished) ? runs : undefined;
		}, 180_000);
		assert.equal(baseline.ours.length, 1, 'our trigger: one execution');
		assert.equal(baseline.github.length, 1, "n8n's GitHub Trigger: one execution");
		checkExecution(baseline.ours[0], ({ items }) => assert.equal(items('Ours Received').length, 1));

		// 2. n8n stopped: 20 issues, every delivery to both hooks fails
		before = await lastExecutionId();
		const firstRequest = codehosting.requests.length;
		let missed = [];
		let logEntries = 0;
		const { healthyAt } = await restart(async () => {
			for (let i = 1; i <= MISSED; i++) await openIssue(`while n8n is down ${i}`);
			await server.settle();
			const failed = (hook) => hook.deliveries.filter((d) => d.event === 'issues' && /while n8n is down/.test(d.requestBody));
			missed = failed(ours).map((d) => d.guid);
			assert.equal(missed.length, MISSED);
			logEntries = ours.deliveries.length;
			for (const hook of [ours, github]) {
				assert.deepEqual(
					[...new Set(failed(hook).map((d) => `${d.status_code} ${d.status}`))],
					['502 failed to connect'],
					'every delivery while n8n is down failed (connection refused)',
				);
			}
		});

		// 3. n8n started: exactly 20 executions of ours, each event once; none of the GitHub Trigger
		const recovered = await waitFor(`${MISSED} executions of our trigger`, async () => {
			const runs = await byTrigger(before);
			return runs.ours.length >= MISSED && runs.ours.every(finished) ? runs : undefined;
		}, BOUND_S * 1000 + 60_000);
		await sleep(5000); // anything more (a duplicate) would show up now
		const after = await byTrigger(before);
		const lastStop = Math.max(...after.ours.map((e) => e.stoppedAt));
		const seconds = (lastStop - healthyAt) / 1000;
		const redeliveries = codehosting.requests.slice(firstRequest).filter(isRedelivery);
		const summary = {
			run: label,
			missed: MISSED,
			ours: after.ours.length,
			githubTrigger: after.github.length,
			secondsFromHealthyToLast: Number(seconds.toFixed(1)),
			boundSeconds: BOUND_S,
			redeliveryRequests: redeliveries.length,
			logEntries,
			// the passes' reads of the log (a delivery's question, replay.ts, filters on status=failure)
			logPagesRead: codehosting.requests.slice(firstRequest).filter((r) => r.method === 'GET' && r.path.endsWith(`/hooks/${ours.id}/deliveries`) && !r.query?.status).length,
		};
		console.log(`[recovery] ${JSON.stringify(summary)}`);
		assert.equal(after.ours.length, MISSED, `exactly ${MISSED} executions of our trigger (got ${recovered.ours.length}, then ${after.ours.length})`);
		assert.deepEqual(after.ours.map(deliveryIdOf).sort(), [...missed].sort(), 'each missed event once');
		assert.ok(after.ours.every((e) => e.status === 'success'), 'all succeeded');
		assert.ok(seconds <= BOUND_S, `the last recovered execution ${seconds.toFixed(1)} s after n8n was healthy (bound ${BOUND_S} s)`);
		assert.equal(redeliveries.length, MISSED, 'one redelivery request per missed delivery');
		assert.ok(summary.logPagesRead <= Math.ceil(logEntries / 100), `log pages read (${summary.logPagesRead}) ≤ ceil(${logEntries} entries / 100)`);
		assert.ok(redeliveries.every((r) => r.path.includes(`/hooks/${ours.id}/`)), "only our hook's deliveries are redelivered");
		assert.equal(after.github.length, 0, "n8n's GitHub Trigger recovers nothing (expected)");
		if (queue) {
			const worker = logs().worker;
			for (const e of after.ours) assert.match(worker, new RegExp(`Worker started execution ${e.id}\\b`), `execution ${e.id} ran on the worker`);
		}
		checkExecution(after.ours[0], ({ items }) => {
			const [item] = items('Code Hosting Trigger');
			assert.equal(item.event, 'newIssue');
			assert.ok(missed.includes(item.deliveryId));
		});

		// 4. a delivery that arrived, redelivered anyway, starts nothing
		before = await lastExecutionId();
		const arrived = ours.deliveries.find((d) => d.guid === missed[0] && d.status_code === 200);
		assert.ok(arrived, 'the recovered delivery is logged as delivered');
		const again = await api('POST', `/repos/octo-user/${REPO}/hooks/${ours.id}/deliveries/${arrived.id}/attempts`);
		assert.equal(again.status, 202);
		await server.settle();
		const duplicate = ours.deliveries[ours.deliveries.length - 1];
		assert.equal(duplicate.guid, missed[0]);
		assert.equal(duplicate.status_code, 200, 'the repeated GUID is acknowledged');
		assert.match(duplicate.responseBody ?? '', /duplicate/);
		await sleep(2000);
		assert.equal((await byTrigger(before)).all.length, 0, 'a repeated GUID starts nothing');

		// 5. a second restart with nothing missed: nothing started, nothing redelivered
		before = await lastExecutionId();
		const mark = codehosting.requests.length;
		await restart();
		await sleep(5000);
		const quiet = await byTrigger(before);
		const secondRedeliveries = codehosting.requests.slice(mark).filter(isRedelivery).length;
		console.log(`[recovery] ${JSON.stringify({ run: label, secondRestart: { executions: quiet.all.length, redeliveryRequests: secondRedeliveries } })}`);
		assert.equal(quiet.all.length, 0, 'the second restart starts no execution');
		assert.equal(secondRedeliveries, 0, 'the second restart asks for no redelivery');

		// after a restart the accepted GUIDs come from the static data n8n saved (this process has
		// no memory of them): the last recovered delivery, redelivered again, still starts nothing
		before = await lastExecutionId();
		const lastRecovered = ours.deliveries.find((d) => d.guid === missed[MISSED - 1] && d.status_code === 200);
		assert.ok(lastRecovered, 'the last recovered delivery is logged as delivered');
		assert.equal((await api('POST', `/repos/octo-user/${REPO}/hooks/${ours.id}/deliveries/${lastRecovered.id}/attempts`)).status, 202);
		await server.settle();
		const repeated = ours.deliveries[ours.deliveries.length - 1];
		assert.equal(repeated.guid, missed[MISSED - 1]);
		assert.match(repeated.responseBody ?? '', /duplicate/, 'answered as a duplicate after the restart');
		await sleep(2000);
		assert.equal((await byTrigger(before)).all.length, 0, 'a GUID accepted before the restart starts nothing after it');

		// 6. the platform redelivers late (after the activation stopped waiting for it): the next new
		// delivery, coming first, runs a pass inside n8n's webhook call (answered 200 before it) and
		// asks for nothing again (the 2 are on their way); when they come they start once each
		// the stand-in holds the redeliveries until this step releases them (no time to guess)
		server.state.holdRedeliveries = true;
		before = await lastExecutionId();
		let late = [];
		const restartMark = codehosting.requests.length;
		await restart(async () => {
			for (let i = 1; i <= 2; i++) await openIssue(`late redelivery ${i}`);
			await server.settle(2000);
			late = ours.deliveries.filter((d) => /late redelivery/.test(d.requestBody)).map((d) => d.guid);
		});
		// the activation's pass asks for both (n8n < 2.40 before "Editor is now accessible", 2.40's
		// publication service after it): wait for that state before the next delivery
		const lateIds = ours.deliveries.filter((d) => late.includes(d.guid) && !d.redelivery).map((d) => String(d.id));
		const askedFor = (id) => codehosting.requests.slice(restartMark).some((r) => isRedelivery(r) && r.path.endsWith(`/deliveries/${id}/attempts`));
		await waitFor('the activation asked for the 2 late deliveries', async () => lateIds.length === 2 && lateIds.every(askedFor), 120_000);
		// and then waited for them in vain: it saved `recheck` (the next delivery runs a pass)
		await waitFor('the activation saved its state, its redeliveries not come', async () => (await staticData())?.['node:Code Hosting Trigger']?.recovery?.recheck === true, 120_000);
		const lateMark = codehosting.requests.length;
		const ourReads = () => codehosting.requests.slice(lateMark).filter((r) => r.method === 'GET' && r.path.endsWith(`/hooks/${ours.id}/deliveries`) && !r.query?.status).length;
		assert.equal(late.length, 2);
		assert.ok(!ours.deliveries.some((d) => d.redelivery && late.includes(d.guid)), 'the redeliveries have not come yet');
		await openIssue('before the late redeliveries');
		const next = ours.deliveries[ours.deliveries.length - 1];
		assert.match(next.requestBody, /before the late redeliveries/);
		await waitFor('the answer to the new delivery', async () => next.status !== 'pending', 120_000);
		assert.equal(next.status_code, 200, 'the delivery that runs a pass is answered 200');
		// its pass has read the log and asked for nothing (the 2 are on their way): now they come
		await waitFor('the pass at the new delivery (one log page read)', async () => ourReads() >= 1, 120_000);
		await waitFor('the new delivery\'s execution', async () => (await byTrigger(before)).ours.some((e) => deliveryIdOf(e) === next.guid && finished(e)), 120_000);
		assert.equal(codehosting.requests.slice(lateMark).filter(isRedelivery).length, 0, 'the pass asked for nothing again');
		assert.equal(server.releaseRedeliveries(), 2, 'the 2 held redeliveries are sent now');
		const lateRuns = await waitFor('3 executions', async () => {
			const runs = await byTrigger(before);
			return runs.ours.length >= 3 && runs.ours.every(finished) ? runs : undefined;
		}, 180_000);
		await sleep(3000);
		const lateFinal = await byTrigger(before);
		const lateRedeliveries = codehosting.requests.slice(lateMark).filter(isRedelivery).length;
		console.log(`[recovery] ${JSON.stringify({ run: label, lateRedeliveries: { executions: lateFinal.ours.length, logPagesReadAtTheDelivery: ourReads(), redeliveryRequestsAfterTheActivation: lateRedeliveries } })}`);
		assert.equal(lateFinal.ours.length, 3, `3 executions (got ${lateRuns.ours.length}, then ${lateFinal.ours.length})`);
		assert.deepEqual(lateFinal.ours.map(deliveryIdOf).sort(), [...late, next.guid].sort(), 'the new one and the 2 late ones, each once');
		assert.equal(ourReads(), 1, 'the new delivery ran a pass (one log page)');
		assert.equal(lateRedeliveries, 0, 'nothing asked for twice');

		// 7. deactivation deletes both hooks
		await deactivate();
		await waitUntil('both hooks deleted after the deactivation', () => !hookOf(OURS_ID) && !hookOf(GITHUB_ID), {
			describe: () => `ours ${hookOf(OURS_ID) ? 'still there' : 'deleted'}, the GitHub Trigger's ${hookOf(GITHUB_ID) ? 'still there' : 'deleted'}`,
		});
	},
};
