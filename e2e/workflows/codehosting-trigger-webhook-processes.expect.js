'use strict';
/*
 * Exactly once across processes (issue 27, item 2): queue mode as n8n documents scaling it, one
 * main (taking no production webhook: N8N_DISABLE_PRODUCTION_MAIN_PROCESS), two workers and two
 * `n8n webhook` processes behind a round-robin proxy (e2e/lib/proxy.js) whose URL the platform is
 * given. The trigger's Recovery Interval is 0.25 minutes.
 *  1. live deliveries: each answered 200, the two webhook processes take turns;
 *  2. deliveries the platform's own proxy answers 503 while n8n runs (n8n never sees them);
 *  3. everything stopped (the round-robin proxy answers 502): deliveries missed;
 *  4. everything started again: every GUID of 1–3 starts one execution, on a worker;
 *  5. each GUID sent twice: every delivered GUID is redelivered once more (the platform's
 *     "Redeliver") and lands on either webhook process: it is answered as a duplicate (the process
 *     that took it remembers it) or its execution stops at the trigger (n8n's processed-data store,
 *     nodes/CodeHostingTrigger/once.ts: on n8n >= 2.38 a webhook process saves no static data
 *     for a call that started an execution);
 *     With two workers a GUID's record can be lost to the other worker's write at the same moment
 *     (n8n's store is not atomic: docs/recovery.md); such a repeat may run again. The check is exact
 *     all the same: before the repeats it reads n8n's processed-data store, and only a GUID missing
 *     there may run again (with one worker none may be missing);
 *  6. every item marked (issue 50): the live deliveries of 1 `recovered: false` with the time they
 *     arrived; every run of a GUID of 2–3 (the main's passes asked for them, a webhook process
 *     received them: replay.ts asks the hook's log) `recovered: true` with the time of its first
 *     attempt, as the platform logged it;
 *  7. printed: executions that ran the workflow per GUID, repeats caught either way, GUIDs missing
 *     from the store and repeats that ran again; the recovery passes ran in the main only (its log
 *     has them, the webhook processes' logs none).
 */
const crypto = require('crypto');

const WEBHOOK_ID = '9d4e2a61-7b3c-4f8a-a5e2-6c1b9f3d7e41';
const REPO = 'scaled-demo';
const LIVE = 6;
const FAILED_503 = 4;
const MISSED = 20;

const isRedelivery = (r) => r.method === 'POST' && /\/hooks\/\d+\/deliveries\/\d+\/attempts$/.test(r.path);

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "exactly once across n8n webhook processes and workers: n8n's queue topology and processed-data store differ by version",
	servers: ['codehosting'],
	webhookProcesses: true,

	prepare({ codehosting }) {
		codehosting.server.addRepo('octo-user', REPO, { auto_init: true, description: 'webhook processes e2e' });
	},

	async live({ assert, version, webhookBase, codehosting, lastExecutionId, executions, restart, waitUntil, deactivate, logs, proxy, workers, processedData }) {
		const { server, constants } = codehosting;
		const label = `n8n ${version} queue mode with webhook processes`;
		const hookOf = () => server.hooks.find((h) => h.config?.url === `${webhookBase}webhook/${WEBHOOK_ID}/webhook`);
		const hook = hookOf();
		assert.ok(proxy, 'the round-robin proxy runs');
		assert.ok(hook, `our hook on ${REPO}, at the proxy's URL ${webhookBase} (hooks: ${JSON.stringify(server.hooks.map((h) => h.config?.url))})`);
		await server.settle();
		const before = await lastExecutionId();
		const mark = codehosting.requests.length;
		const example = server.examplePayload('issues', 'opened');
		let number = 2000;
		const payload = () => ({ ...example, action: 'opened', issue: { ...example.issue, number: ++number, title: `scaled ${number}` } });
		const guids = [];

		const deliveryIdOf = (e) => e.data?.resultData?.runData?.['Code Hosting Trigger']?.[0]?.data?.main?.[0]?.[0]?.json?.deliveryId;
		// finished, with its data written (n8n 1.x on SQLite writes the status and the data apart)
		const finished = (e) => !['new', 'running', 'waiting'].includes(e.status) && e.stoppedAt && Boolean(e.data?.resultData?.runData?.['Code Hosting Trigger']);
		// (the proxy serves every scenario of the phase: this one's requests are counted from here)
		const sentAtStart = [...proxy.sent];

		// 1. live deliveries, answered 200 by the webhook processes in turn
		const sentBefore = [...proxy.sent];
		for (let i = 0; i < LIVE; i++) {
			const sent = await server.deliver(hook.id, 'issues', payload());
			assert.equal(sent.status, 200, `live delivery ${i + 1} answered 200 (${sent.body})`);
			guids.push(sent.guid);
		}
		assert.deepEqual(proxy.sent.map((n, i) => n - sentBefore[i]), [LIVE / 2, LIVE / 2], 'the two webhook processes took turns');

		// 2. the platform's proxy answers 503 (n8n never sees these)
		for (let i = 0; i < FAILED_503; i++) {
			const sent = await server.deliver(hook.id, 'issues', payload(), { proxyStatus: 503 });
			assert.equal(sent.status, 503);
			guids.push(sent.guid);
		}

		// 3. everything stopped: the round-robin proxy answers 502 (once the live deliveries' executions
		// have finished: a worker stopped while it runs one leaves it `crashed`, which is not this
		// scenario's subject)
		await waitUntil(`the ${LIVE} live deliveries' executions, finished`, async () => executions(before), {
			intervalMs: 1000,
			done: (list) => list.length >= LIVE && list.every(finished),
			describe: (list) => `${list?.length ?? 0} execution(s), ${list?.filter(finished).length ?? 0} finished`,
		});
		await restart(async () => {
			for (let i = 0; i < MISSED; i++) {
				const guid = crypto.randomUUID();
				const sent = await server.deliver(hook.id, 'issues', payload(), { guid });
				assert.equal(sent.status, 502, 'n8n is down: the proxy answers 502');
				guids.push(guid);
			}
		});

		// 4. every GUID once, on a worker
		const countByGuid = (runs) => {
			const counts = Object.fromEntries(guids.map((guid) => [guid, 0]));
			for (const e of runs) {
				const guid = deliveryIdOf(e);
				counts[guid] = (counts[guid] ?? 0) + 1;
			}
			return counts;
		};
		const firstRuns = await waitUntil(`an execution for each of the ${guids.length} GUIDs`, async () => executions(before), {
			intervalMs: 1000,
			done: (runs) => Object.values(countByGuid(runs)).every((n) => n >= 1) && runs.every(finished),
			describe: (runs) => {
				const missing = Object.entries(countByGuid(runs ?? [])).filter(([, n]) => n === 0).map(([guid]) => guid);
				// what the platform logged for each of them: every attempt's status and n8n's answer
				const attempts = missing.map((guid) => `${guid}: ${JSON.stringify(hook.deliveries.filter((d) => d.guid === guid).map((d) => [d.status_code, d.redelivery, (d.responseBody ?? '').slice(0, 160)]))}`);
				return `${runs?.length ?? 0} execution(s); GUIDs without one: ${missing.length}${attempts.length ? `\n${attempts.join('\n')}` : ''}`;
			},
		});

		// 6. the marks: live items false, redelivered items true with the original time
		const itemOf = (e) => e.data?.resultData?.runData?.['Code Hosting Trigger']?.[0]?.data?.main?.[0]?.[0]?.json ?? {};
		const liveGuids = guids.slice(0, LIVE);
		const firstAttemptOf = (guid) => Date.parse(hook.deliveries.find((d) => d.guid === guid).delivered_at);
		const marks = firstRuns.filter((e) => deliveryIdOf(e)).map((e) => ({ guid: deliveryIdOf(e), recovered: itemOf(e).recovered, deliveredAt: itemOf(e).deliveredAt }));
		const wronglyMarked = marks.filter((m) =>
			liveGuids.includes(m.guid)
				? m.recovered !== false || !(Date.parse(m.deliveredAt) >= firstAttemptOf(m.guid) - 2000)
				: m.recovered !== true || Date.parse(m.deliveredAt) !== firstAttemptOf(m.guid),
		);
		assert.deepEqual(wronglyMarked, [], `every live item recovered: false, every redelivered item recovered: true with its first attempt's time (${marks.length} items)`);
		const markedRecovered = marks.filter((m) => m.recovered === true).length;
		assert.equal(markedRecovered, FAILED_503 + MISSED, 'each of the 503 and missed deliveries was redelivered and marked');

		const firstCounts = countByGuid(firstRuns);
		assert.deepEqual(Object.entries(firstCounts).filter(([, n]) => n !== 1), [], 'each GUID ran the workflow once');
		// what n8n's processed-data store holds now: with two workers, a record can be lost to the
		// other worker's write at the same moment (n8n's store reads the list and writes it back;
		// docs/recovery.md), until the worker's next record writes it again
		const stored = new Set(Object.values(await processedData()).flat());
		const hash = (guid) => crypto.createHash('md5').update(guid).digest('base64');
		const unrecorded = guids.filter((guid) => !stored.has(hash(guid)));
		if (workers < 2) assert.deepEqual(unrecorded, [], 'with one worker every GUID is in n8n\'s store');

		// 5. each GUID sent twice: the platform redelivers every delivered GUID once more
		const api = (method, path) => fetch(`${codehosting.url}${path}`, { method, headers: { authorization: `Bearer ${constants.TOKEN}`, 'user-agent': 'e2e-webhook-processes', accept: 'application/vnd.github+json' } });
		const again = [];
		for (const guid of guids) {
			const delivered = hook.deliveries.find((d) => d.guid === guid && d.status_code === 200);
			assert.ok(delivered, `GUID ${guid} is logged as delivered`);
			const answer = await api('POST', `/repos/octo-user/${REPO}/hooks/${hook.id}/deliveries/${delivered.id}/attempts`);
			assert.equal(answer.status, 202);
			again.push(guid);
		}
		// a fence, not a pause: every attempt of every GUID has been answered
		await waitUntil('every repeated delivery answered', async () => hook.deliveries.filter((d) => again.includes(d.guid) && d.status === 'pending').length === 0);
		const repeats = again.map((guid) => hook.deliveries.filter((d) => d.guid === guid).at(-1));
		// every repeat not answered as a duplicate started an execution: wait until all have finished
		const answeredDuplicate = repeats.filter((d) => /duplicate/.test(d.responseBody ?? '')).length;
		const expected = guids.length + again.length - answeredDuplicate;
		const all = await waitUntil(`${expected} executions, finished`, async () => executions(before), {
			intervalMs: 1000,
			done: (list) => list.length >= expected && list.every(finished),
			describe: (list) => `${list?.length ?? 0} execution(s), ${list?.filter(finished).length ?? 0} finished`,
		});
		const runs = all.filter((e) => deliveryIdOf(e));
		// a repeated GUID that reached a webhook process which did not know it: n8n started an
		// execution, and the trigger handed on nothing (its record in n8n's processed-data store)
		const stopped = all.filter((e) => !deliveryIdOf(e));
		const counts = countByGuid(runs);
		const ranAgain = Object.entries(counts).filter(([, n]) => n > 1).map(([guid]) => guid);
		const worker = logs().worker;
		const webhookLogs = logs().webhooks;
		const passesIn = {
			main: (logs().main.match(/recovery at (activation|schedule)/g) ?? []).length,
			webhookProcesses: webhookLogs.map((text) => (text.match(/recovery at/g) ?? []).length),
		};
		const summary = {
			run: label,
			guids: guids.length,
			executionsThatRanTheWorkflow: runs.length,
			workers,
			runsPerGuid: [...new Set(Object.values(counts))],
			unrecordedAfterTheFirstRuns: unrecorded.length,
			repeatsThatRanAgain: ranAgain.length,
			repeatsAnsweredDuplicateByAWebhookProcess: answeredDuplicate,
			repeatsStoppedAtTheTrigger: stopped.length,
			requestsPerWebhookProcess: proxy.sent.map((n, i) => n - sentAtStart[i]),
			redeliveryRequestsByN8n: codehosting.requests.slice(mark).filter(isRedelivery).length - again.length,
			// the webhook processes' questions to the hook's failure log (replay.ts): answered 200 / 304
			failureLogReads: ['200', '304'].map((status) => codehosting.requests.slice(mark).filter((r) => r.method === 'GET' && /\/deliveries$/.test(r.path) && r.query?.status === 'failure' && String(r.status) === status).length),
			itemsMarkedRecovered: markedRecovered,
			itemsLive: marks.length - markedRecovered,
			recoveryLogLines: passesIn,
		};
		console.log(`[webhook-processes] ${JSON.stringify(summary)}`);
		// exact: a repeat runs again only when its GUID's record was not in n8n's store (lost to the
		// other worker's write); every other repeat is caught
		assert.deepEqual(ranAgain.filter((guid) => !unrecorded.includes(guid)), [], `no GUID recorded in n8n's store ran the workflow twice (${JSON.stringify(counts)})`);
		assert.ok(Object.values(counts).every((n) => n <= 2), 'no GUID ran more than twice');
		assert.equal(runs.length, guids.length + ranAgain.length, 'the workflow ran once per GUID, and once more per repeat that ran again');
		assert.ok(all.every((e) => e.status === 'success'), 'all succeeded');
		for (const e of stopped) assert.ok(!e.data?.resultData?.runData?.Received, `execution ${e.id} (a repeated GUID) ran no node after the trigger`);
		assert.equal(summary.repeatsAnsweredDuplicateByAWebhookProcess + stopped.length + ranAgain.length, again.length, 'every repeated GUID was caught (answered as a duplicate, or stopped at the trigger) or had lost its record');
		for (const e of all) assert.match(worker, new RegExp(`Worker started execution ${e.id}\\b`), `execution ${e.id} ran on a worker`);
		assert.ok(summary.requestsPerWebhookProcess.every((n) => n > LIVE / 2), `both webhook processes received deliveries after the restart (${summary.requestsPerWebhookProcess})`);
		assert.ok(passesIn.main > 0, 'the main ran the recovery passes (its log says so)');
		assert.deepEqual(passesIn.webhookProcesses, [0, 0], 'no webhook process ran a pass');

		await deactivate();
		await waitUntil('the hook deleted after the deactivation', () => !hookOf());
	},
};
