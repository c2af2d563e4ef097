'use strict';
/*
 * A backlog of missed deliveries in a quiet repository (issue 27, item 4), beside n8n's own GitHub
 * Trigger in the same workflow: in regular mode on 1.123.81 and 2.38.7, and in queue mode as people
 * scale it (two workers, two webhook processes behind a proxy, PostgreSQL: issue 40) on 2.8.4 and
 * 2.40.7; 2 to 6 minutes a run, so each version runs it once. The Code Hosting Trigger
 * listens to New Issue (`issues` / `opened`) with its defaults (Recovery Interval 5 minutes).
 *  1. n8n is stopped; MISSED `issues`/`opened` and IGNORED `issues`/`closed` deliveries are sent
 *     to both hooks, interleaved: every one fails (connection refused); the log holds more than one
 *     page of 100;
 *  2. n8n starts and nothing is delivered after it: the activation asks for 30, the scheduled
 *     passes go on at once for the rest: MISSED executions of ours, each GUID once, the last within
 *     BOUND_S of /healthz; exactly MISSED redelivery requests, none for a `closed` delivery (the
 *     trigger does not listen to it), each answered (the stand-in keeps the platform's secondary
 *     limit for content-creating requests: 80 a minute, 500 an hour, 403 beyond), at most 80 in any
 *     60 s; n8n's GitHub Trigger: 0;
 *  3. deactivation deletes both hooks.
 * E2E_BACKLOG_EVENTS sets MISSED (default 75; bench/recovery-backlog.js runs 300, bound 10 minutes).
 * In queue mode the deliveries refused while everything is down are the proxy's 502, the passes
 * run in the main and the executions on the workers.
 */
const crypto = require('crypto');

const MISSED = Number(process.env.E2E_BACKLOG_EVENTS || 75);
const IGNORED = 25;
/** The issue's bounds: 75 → 3 minutes, 300 → 10 minutes (from n8n healthy to the last execution). */
const BOUND_S = MISSED <= 75 ? 180 : 600;
const OURS_ID = '5b2f7d14-8c3a-4e6b-9f1d-2a7c4e8b6d21';
const GITHUB_ID = '5b2f7d14-8c3a-4e6b-9f1d-2a7c4e8b6d22';
const REPO = 'backlog-demo';
const PER_MINUTE = 80;

const isRedelivery = (r) => r.method === 'POST' && /\/hooks\/\d+\/deliveries\/\d+\/attempts$/.test(r.path);

/** The most requests of `times` (ms, ascending) in any window of `windowMs`. */
function busiestWindow(times, windowMs) {
	let most = 0;
	let start = 0;
	for (let end = 0; end < times.length; end++) {
		while (times[end] - times[start] >= windowMs) start++;
		most = Math.max(most, end - start + 1);
	}
	return most;
}

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "recovery after an outage: n8n's start-up, activation order and queue topology differ by version (one mode per version: phases)",
	servers: ['codehosting'],
	phases: (version) => (['2.8.4', '2.40.7'].includes(version) ? { queue: true } : { regular: true }),

	prepare({ codehosting }) {
		codehosting.server.addRepo('octo-user', REPO, { auto_init: true, description: 'recovery backlog e2e' });
	},

	async live({ assert, version, queue, proxy, webhookBase, codehosting, lastExecutionId, executions, restart, deactivate, waitUntil, logs }) {
		const { server } = codehosting;
		const label = `n8n ${version} ${queue ? 'queue mode, 2 workers, 2 webhook processes' : 'regular'}`;
		const hookOf = (id) => server.hooks.find((h) => h.config?.url === `${webhookBase}webhook/${id}/webhook`);
		const ours = hookOf(OURS_ID);
		const github = hookOf(GITHUB_ID);
		assert.ok(ours, `our hook on ${REPO}`);
		assert.ok(github, "n8n's GitHub Trigger registered its hook");
		await server.settle();

		// 1. n8n stopped: the opened and closed deliveries to both hooks fail
		const before = await lastExecutionId();
		const mark = codehosting.requests.length;
		const refusedSoFar = () => (logs().main.match(/refused to redeliver/g) ?? []).length;
		const refusedBefore = refusedSoFar();
		const missed = [];
		const closed = [];
		const { healthyAt } = await restart(async () => {
			const example = server.examplePayload('issues', 'opened');
			// n8n is down: the platform logs the refused connection as a failed delivery (and the
			// stand-in's deliver() rejects); answers the delivery's GUID
			const missDelivery = async (hookId, payload) => {
				const guid = crypto.randomUUID();
				const answer = await server.deliver(hookId, 'issues', payload, { guid }).then((sent) => sent.status, (error) => error.code);
				// (queue mode: the proxy in front of the stopped webhook processes answers 502)
				if (proxy) assert.equal(answer, 502, 'everything is down: the proxy answers 502');
				else assert.equal(answer, 'ECONNREFUSED', 'n8n is down: the connection is refused');
				return guid;
			};
			for (let i = 1; i <= MISSED; i++) {
				const issue = { ...example.issue, number: 1000 + i, title: `missed ${i}` };
				missed.push(await missDelivery(ours.id, { ...example, action: 'opened', issue }));
				await missDelivery(github.id, { ...example, action: 'opened', issue });
				if (i % 3 === 0 && closed.length < IGNORED) {
					const closedIssue = { ...issue, state: 'closed' };
					closed.push(await missDelivery(ours.id, { ...example, action: 'closed', issue: closedIssue }));
					await missDelivery(github.id, { ...example, action: 'closed', issue: closedIssue });
				}
			}
			while (closed.length < IGNORED) closed.push(await missDelivery(ours.id, { ...example, action: 'closed' }));
			await server.settle();
			const failed = ours.deliveries.filter((d) => d.status_code !== 200 && !d.redelivery && d.event === 'issues');
			assert.equal(failed.length, MISSED + IGNORED, 'every delivery while n8n is down failed');
			assert.ok(ours.deliveries.length > 100, `more than one log page (${ours.deliveries.length} entries)`);
		});

		// 2. nothing delivered after the start: every opened event once, by activation and schedule
		const deliveryIdOf = (e) => e.data?.resultData?.runData?.['Code Hosting Trigger']?.[0]?.data?.main?.[0]?.[0]?.json?.deliveryId;
		// finished, with its data written (n8n 1.x on SQLite writes the status and the data apart)
		const finished = (e) => !['new', 'running', 'waiting'].includes(e.status) && e.stoppedAt && Boolean(e.data?.resultData?.runData?.['Code Hosting Trigger']);
		const ourRuns = (list) => list.filter((e) => e.data?.resultData?.runData?.['Code Hosting Trigger']);
		const recovered = await waitUntil(
			`${MISSED} executions of our trigger, each finished`,
			async () => ourRuns(await executions(before)),
			{
				timeoutMs: BOUND_S * 1000 + 120_000,
				intervalMs: 2000,
				done: (runs) => runs.length >= MISSED && runs.every(finished),
				describe: (runs) => `${runs?.length ?? 0} execution(s), ${runs?.filter(finished).length ?? 0} finished`,
			},
		);
		// a fence, not a pause: every redelivery asked for has arrived and been answered, so a
		// duplicate execution would be written by now
		const redeliveries = () => codehosting.requests.slice(mark).filter(isRedelivery);
		await waitUntil('every redelivery asked for answered by n8n', async () => {
			const asked = redeliveries().length;
			const answered = ours.deliveries.filter((d) => d.redelivery && d.status !== 'pending').length;
			return asked === answered ? asked : undefined;
		}, { describe: () => `${redeliveries().length} asked, ${ours.deliveries.filter((d) => d.redelivery && d.status !== 'pending').length} answered` });
		const all = await executions(before);
		const runs = ourRuns(all);
		const theirs = all.filter((e) => e.data?.resultData?.runData?.['GitHub Trigger']);
		const lastStop = Math.max(...runs.map((e) => e.stoppedAt));
		const seconds = (lastStop - healthyAt) / 1000;
		const asked = redeliveries();
		const askedIds = asked.map((r) => Number(/deliveries\/(\d+)\/attempts$/.exec(r.path)[1]));
		const guidOfId = new Map(ours.deliveries.map((d) => [d.id, d.guid]));
		const askedGuids = askedIds.map((id) => guidOfId.get(id));
		const times = asked.map((r) => r.at).sort((a, b) => a - b);
		// the passes' reads of the log (a delivery's question, replay.ts, filters on status=failure)
		const logReads = codehosting.requests.slice(mark).filter((r) => r.method === 'GET' && r.path.endsWith(`/hooks/${ours.id}/deliveries`) && !r.query?.status).length;
		const refusals = refusedSoFar() - refusedBefore;
		const summary = {
			run: label,
			missed: MISSED,
			ignoredActions: IGNORED,
			ours: runs.length,
			githubTrigger: theirs.length,
			secondsFromHealthyToLast: Number(seconds.toFixed(1)),
			boundSeconds: BOUND_S,
			redeliveryRequests: asked.length,
			redeliveryRequestsForIgnored: askedGuids.filter((guid) => closed.includes(guid)).length,
			mostInAMinute: busiestWindow(times, 60_000),
			logEntries: ours.deliveries.length,
			logPagesRead: logReads,
			refusedRedeliveries: refusals,
		};
		console.log(`[backlog] ${JSON.stringify(summary)}`);
		assert.equal(runs.length, MISSED, `exactly ${MISSED} executions of our trigger (got ${recovered.length}, then ${runs.length})`);
		assert.deepEqual(runs.map(deliveryIdOf).sort(), [...missed].sort(), 'each missed opened event once');
		assert.ok(runs.every((e) => e.status === 'success'), 'all succeeded');
		assert.ok(seconds <= BOUND_S, `the last recovered execution ${seconds.toFixed(1)} s after n8n was healthy (bound ${BOUND_S} s)`);
		assert.equal(asked.length, MISSED, 'one redelivery request per missed opened delivery');
		assert.equal(summary.redeliveryRequestsForIgnored, 0, 'no redelivery of an action the trigger does not listen to');
		assert.ok(summary.mostInAMinute <= PER_MINUTE, `at most ${PER_MINUTE} redelivery requests in any minute (${summary.mostInAMinute})`);
		assert.equal(refusals, 0, 'no redelivery refused (the secondary limit was kept)');
		assert.ok(askedGuids.every((guid) => missed.includes(guid)), 'only missed opened deliveries asked for');
		assert.ok(asked.every((r) => r.path.includes(`/hooks/${ours.id}/`)), "only our hook's deliveries are redelivered");
		assert.equal(theirs.length, 0, "n8n's GitHub Trigger recovers nothing (expected)");
		if (queue) {
			const { main, worker, webhooks } = logs();
			for (const e of runs) assert.match(worker, new RegExp(`Worker started execution ${e.id}\\b`), `execution ${e.id} ran on a worker`);
			assert.match(main, /recovery at (activation|schedule)/, 'the passes ran in the main');
			assert.deepEqual(webhooks.map((text) => (text.match(/recovery at/g) ?? []).length), [0, 0], 'no pass in a webhook process');
		}

		// 3. deactivation deletes both hooks
		await deactivate();
		await waitUntil('both hooks deleted after the deactivation', () => !hookOf(OURS_ID) && !hookOf(GITHUB_ID), {
			describe: () => `ours ${hookOf(OURS_ID) ? 'still there' : 'deleted'}, the GitHub Trigger's ${hookOf(GITHUB_ID) ? 'still there' : 'deleted'}`,
		});
	},
};
