'use strict';
/*
 * Access → Sync with an approval in a running n8n (regular mode, then queue mode where every
 * part runs on the worker): a Webhook call starts the sync's Dry Run; Respond to Webhook answers
 * with the plan and `$execution.resumeUrl`; the execution waits (Wait, Resume: On Webhook Call)
 * with no write; the approver calls the resume URL. A rejection ({approved: false}) ends it with
 * no write; an approval applies the roster with the least writes. This is the swap the sticky
 * note of examples/governance-nightly-roster-sync.json describes (the example itself waits a
 * timer, because `n8n execute` cannot be resumed).
 */
const PATH = 'e2e-gov-sync-approval';
const perms = (role) => ({ items: { serviceDefault: { actions: { [`role:${role}`]: true } } } });
const SUMMARY = ['update viewer@example.com: viewer -> editor', 'invite member@example.com: - -> viewer', 'invite new.hire@example.com: - -> editor'];
const WAIT = 'Wait For Approval';
/** The saved execution waits at the Wait node: the state n8n's resume URL needs. */
const savedWaiting = (e) =>
	e?.status === 'waiting' && e.data?.resultData?.lastNodeExecuted === WAIT && (e.data?.resultData?.runData?.[WAIT]?.length ?? 0) > 0;
const describeSaved = (e) =>
	e ? `${e.status}, last node run ${e.data?.resultData?.lastNodeExecuted ?? 'none'}, nodes run: ${Object.keys(e.data?.resultData?.runData ?? {}).join(', ') || 'none'}` : 'not saved yet';
const isWrite = (r) => r.method !== 'GET' && !r.path.endsWith('/list');

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "n8n's Wait node: the resume URL ($execution.resumeUrl) and how a waiting execution is saved and resumed differ by version (and mode)",
	servers: ['governance'],
	async live({ assert, webhookBase, governance, lastExecutionId, executions, waitUntil, waitForExecution, checkExecution, deactivate }) {
		const { state, requests, constants } = governance;
		const { PROJECT_ID, VIEWER_USER_ID, ADMIN_USER_ID } = constants;
		const writesSince = (mark) => requests.slice(mark).filter(isWrite);

		/** Starts a sync; answers the plan and the execution, which is then waiting for approval. */
		async function requestSync() {
			const before = await lastExecutionId();
			const response = await fetch(`${webhookBase}webhook/${PATH}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ requestedBy: 'e2e' }),
				signal: AbortSignal.timeout(60_000),
			});
			const text = await response.text();
			assert.equal(response.status, 200, `the webhook answered ${response.status}: ${text.slice(0, 500)}`);
			const plan = JSON.parse(text);
			assert.equal(plan.changes, 3);
			assert.deepEqual(plan.summary, SUMMARY);
			const resumeUrl = new URL(plan.resumeUrl);
			assert.equal(resumeUrl.origin, new URL(webhookBase).origin, 'the resume URL is n8n\'s own');
			const executionId = /\/webhook-waiting\/(\d+)$/.exec(resumeUrl.pathname)?.[1];
			assert.ok(executionId, `a resume URL with the execution: ${resumeUrl.pathname}`);
			assert.ok(Number(executionId) > Number(before), 'a new execution');
			// n8n answers the webhook (Respond to Webhook) before the execution reaches the Wait and
			// saves itself as waiting: its resume URL works only once the saved execution is
			// `waiting` with the Wait node as the last one run (n8n's WaitingWebhooks pops that node's
			// run; called earlier, 1.123.81 answers 500 "reading 'pop'" or resumes the wrong node)
			await waitUntil(
				`execution ${executionId} saved as waiting, with "${WAIT}" as the last node run`,
				async () => (await executions(before)).find((e) => e.id === executionId),
				{ done: savedWaiting, describe: describeSaved },
			);
			return { before, resumeUrl: plan.resumeUrl };
		}

		async function answer(resumeUrl, approved) {
			const response = await fetch(resumeUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ approved }),
				signal: AbortSignal.timeout(60_000),
			});
			assert.equal(response.status, 200, `the resume URL answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
		}

		// resumed: the node after the Wait ran (n8n 1.x on SQLite can show the finished status with
		// the data saved while it waited, where the Wait node has its waiting run)
		const resumed = (e) => Boolean(e.data?.resultData?.runData?.['Approved?']);
		const readyWhat = 'resumed ("Approved?", after the Wait, ran)';
		const checkPlan = (items) => {
			assert.deepEqual(
				items('Sync Dry Run').map((c) => `${c.project} ${c.action} ${c.email} ${c.dryRun} ${c.applied}`),
				[
					`${PROJECT_ID} unchanged admin@example.com true false`,
					`${PROJECT_ID} update viewer@example.com true false`,
					`${PROJECT_ID} invite member@example.com true false`,
					`${PROJECT_ID} invite new.hire@example.com true false`,
				],
			);
		};

		// ---- rejected: the plan, a wait with no write, then nothing
		let mark = requests.length;
		const rejected = await requestSync();
		assert.deepEqual(writesSince(mark), [], 'no write while waiting for the approval');
		await answer(rejected.resumeUrl, false);
		checkExecution(await waitForExecution(rejected.before, { ready: resumed, readyWhat }), ({ items, runData }) => {
			checkPlan(items);
			assert.deepEqual(items('Wait For Approval')[0].body, { approved: false });
			assert.equal(items('Approved?', { output: 1 }).length, 1, 'the rejection takes the false branch');
			assert.equal(runData['Sync Apply'], undefined, 'not applied');
		});
		assert.deepEqual(writesSince(mark), [], 'a rejected plan writes nothing');
		assert.deepEqual(state.memberships[PROJECT_ID][VIEWER_USER_ID], perms('viewer'));

		// ---- approved: the same plan, applied with the least writes once the approver answers
		mark = requests.length;
		const approved = await requestSync();
		assert.deepEqual(writesSince(mark), [], 'no write before the approval');
		await answer(approved.resumeUrl, true);
		checkExecution(await waitForExecution(approved.before, { ready: resumed, readyWhat }), ({ items }) => {
			checkPlan(items);
			assert.deepEqual(items('Wait For Approval')[0].body, { approved: true });
			assert.deepEqual(
				items('Sync Apply').map((c) => `${c.action} ${c.email} ${c.applied}`),
				['unchanged admin@example.com false', 'update viewer@example.com true', 'invite member@example.com true', 'invite new.hire@example.com true'],
			);
		});
		assert.deepEqual(
			writesSince(mark).map((r) => `${r.path} ${r.body}`),
			[
				`/latest/auth/users/${VIEWER_USER_ID}/update ${JSON.stringify({ permissions: perms('editor'), overwrite: true })}`,
				`/latest/auth/invite/create ${JSON.stringify({ email: 'member@example.com', permissions: perms('viewer') })}`,
				`/latest/auth/invite/create ${JSON.stringify({ email: 'new.hire@example.com', permissions: perms('editor') })}`,
			],
		);
		assert.deepEqual(Object.keys(state.memberships[PROJECT_ID]).sort(), [ADMIN_USER_ID, 'user-member', VIEWER_USER_ID].sort());
		assert.deepEqual(state.memberships[PROJECT_ID][VIEWER_USER_ID], perms('editor'));
		assert.ok(Object.values(state.invites).some((invite) => invite.project === PROJECT_ID && invite.email === 'new.hire@example.com'));

		await deactivate();
	},
};
