'use strict';
/*
 * The race across processes (issue 40, item 3), a measurement run by bench/queue-race.js (and only
 * when named: `--only codehosting-trigger-race`): queue mode on PostgreSQL, two workers taking two
 * jobs each (N8N_E2E_RACE_WORKERS), two `n8n webhook` processes behind the round-robin proxy.
 *  1. N pairs (N8N_E2E_RACE_PAIRS, default 200): each pair is one GUID sent twice at the same
 *     instant, one copy to each webhook process. Neither process has seen it, so both start an
 *     execution; the two executions meet in nodes/CodeHostingTrigger/once.ts, where n8n's
 *     processed-data store decides. Counted: GUIDs that ran the workflow twice.
 *  2. Everything restarted (the webhook processes forget what they answered), then every GUID
 *     delivered once more, one after another: a GUID whose record was lost (two records written
 *     at once by two workers: n8n's store reads the whole list and writes it back) runs again.
 *     Counted: GUIDs that ran again.
 * Checked (these can fail): no GUID is lost (each ran the workflow at least once), none ran more
 * than twice in step 1, every execution succeeded, each pair reached both webhook processes.
 * Printed: `[race] {...}` with both counts and their rates, and the records another worker's write
 * lost that their worker wrote again with its next record (once.ts logs each).
 */
const crypto = require('crypto');

const WEBHOOK_ID = '4c2b8e17-93a5-4f60-8d1e-2b7f5a9c6e03';
const REPO = 'race-demo';

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "n8n's processed-data store shared by two workers (a measurement, run only when named)",
	servers: ['codehosting'],
	webhookProcesses: true,
	// two, as a scaled set-up runs them; bench/queue-race.js also measures one
	workers: Number(process.env.N8N_E2E_RACE_WORKERS || 2),
	onlyWhenNamed: true,

	prepare({ codehosting }) {
		codehosting.server.addRepo('octo-user', REPO, { auto_init: true, description: 'race e2e' });
	},

	async live({ assert, version, webhookBase, codehosting, lastExecutionId, executions, restart, waitUntil, proxy, logs }) {
		const { server } = codehosting;
		const pairs = Number(process.env.N8N_E2E_RACE_PAIRS || 200);
		const hook = server.hooks.find((h) => h.config?.url === `${webhookBase}webhook/${WEBHOOK_ID}/webhook`);
		assert.ok(proxy && hook, 'the round-robin proxy runs and our hook points at it');
		await server.settle();
		const example = server.examplePayload('issues', 'opened');
		let number = 5000;
		const payload = () => ({ ...example, action: 'opened', issue: { ...example.issue, number: ++number, title: `race ${number}` } });
		const deliveryIdOf = (e) => e.data?.resultData?.runData?.['Code Hosting Trigger']?.[0]?.data?.main?.[0]?.[0]?.json?.deliveryId;
		const ranWorkflow = (e) => Boolean(e.data?.resultData?.runData?.Received);
		const finished = (e) => !['new', 'running', 'waiting'].includes(e.status) && e.stoppedAt && Boolean(e.data?.resultData?.runData?.['Code Hosting Trigger']);
		const runsPer = (list, guids) => {
			const counts = Object.fromEntries(guids.map((guid) => [guid, 0]));
			for (const e of list) if (ranWorkflow(e)) counts[deliveryIdOf(e)] = (counts[deliveryIdOf(e)] ?? 0) + 1;
			return counts;
		};

		// 1. each GUID at both webhook processes at the same instant
		const before = await lastExecutionId();
		const sentBefore = [...proxy.sent];
		const guids = [];
		let duplicateAnswers = 0;
		for (let i = 0; i < pairs; i++) {
			const guid = crypto.randomUUID();
			const body = payload();
			const answers = await Promise.all([0, 1].map(() => server.deliver(hook.id, 'issues', body, { guid })));
			for (const answer of answers) {
				assert.equal(answer.status, 200, `pair ${i + 1} answered ${answer.status} (${answer.body})`);
				if (/duplicate/.test(answer.body ?? '')) duplicateAnswers++;
			}
			guids.push(guid);
		}
		assert.deepEqual(proxy.sent.map((n, i) => n - sentBefore[i]), [pairs, pairs], 'each pair reached both webhook processes');
		const expected = 2 * pairs - duplicateAnswers;
		const first = await waitUntil(`${expected} executions of the pairs, finished`, async () => executions(before), {
			intervalMs: 2000,
			done: (list) => list.length >= expected && list.every(finished),
			describe: (list) => `${list?.length ?? 0} execution(s), ${list?.filter(finished).length ?? 0} finished`,
		});
		const counts = runsPer(first, guids);
		const lost = guids.filter((guid) => counts[guid] === 0);
		const ranTwice = guids.filter((guid) => counts[guid] === 2).length;
		assert.deepEqual(lost, [], 'every GUID ran the workflow');
		assert.ok(guids.every((guid) => counts[guid] <= 2), 'no GUID ran more than twice');
		assert.ok(first.every((e) => e.status === 'success'), 'every execution succeeded');

		// 2. after a restart, every GUID once more, one after another
		await restart();
		const middle = await lastExecutionId();
		let answeredDuplicate = 0;
		for (const guid of guids) {
			const answer = await server.deliver(hook.id, 'issues', payload(), { guid });
			assert.equal(answer.status, 200, `repeat of ${guid} answered ${answer.status} (${answer.body})`);
			if (/duplicate/.test(answer.body ?? '')) answeredDuplicate++;
		}
		const second = await waitUntil(`${guids.length - answeredDuplicate} executions of the repeats, finished`, async () => executions(middle), {
			intervalMs: 2000,
			done: (list) => list.length >= guids.length - answeredDuplicate && list.every(finished),
			describe: (list) => `${list?.length ?? 0} execution(s), ${list?.filter(finished).length ?? 0} finished`,
		});
		const ranAgain = Object.values(runsPer(second, guids)).filter((n) => n > 0).length;
		// records another worker's write lost, written again by their worker's next record
		// (nodes/CodeHostingTrigger/once.ts says which in its log): lost at the moment, not for good
		const mended = new Set();
		for (const line of logs().worker.matchAll(/lost to another process's write at the same moment; recorded again: ([^\n]+)/g)) {
			for (const guid of line[1].split(', ')) if (guids.includes(guid.trim())) mended.add(guid.trim());
		}
		assert.ok(second.every((e) => e.status === 'success'), 'every repeat execution succeeded');

		const summary = {
			run: `n8n ${version} queue mode on PostgreSQL, ${module.exports.workers} worker(s) x 2 jobs, 2 webhook processes`,
			workers: module.exports.workers,
			pairs,
			ranTwice,
			ranTwiceRate: Number((ranTwice / pairs).toFixed(4)),
			recordsLostThenMended: mended.size,
			repeatsAnsweredDuplicate: answeredDuplicate,
			repeatsRanAgain: ranAgain,
			repeatsRanAgainRate: Number((ranAgain / pairs).toFixed(4)),
		};
		console.log(`[race] ${JSON.stringify(summary)}`);
	},
};
