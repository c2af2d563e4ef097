'use strict';
/*
 * Approvals that bind (issue 48), in a running n8n (regular mode, then queue mode where every
 * part runs on the worker): a Webhook call starts Access → Sync with Mode Plan Only; Respond to
 * Webhook answers with the plan and `$execution.resumeUrl`; the execution waits (Wait, Resume: On
 * Webhook Call, Authentication: Basic Auth) with no write. Then:
 *  - a resume without credentials, or with a wrong password, is refused by n8n (401 / 403): the
 *    execution still waits and nothing is written;
 *  - the approver's no ({approved: false}) ends it with no write;
 *  - a yes whose plan is changed before Apply (a Code node edits one line) is refused whole by
 *    Access → Apply Plan: the execution fails, 0 writes;
 *  - a yes after the platform changed (an admin invited one person of the plan meanwhile and added
 *    someone the roster does not list): Apply Plan applies the lines that still hold, skips the
 *    changed one and says why, and removes nobody it was not approved to (a Sync run again would
 *    have removed the person added meanwhile); the summary names the approver (the Basic Auth
 *    login the Wait checked) and the time.
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
const { APPROVER } = require('../credentials');
const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "n8n's Wait node: the resume URL ($execution.resumeUrl) and how a waiting execution is saved and resumed differ by version (and mode)",
	servers: ['governance'],
	async live({ assert, webhookBase, governance, lastExecutionId, executions, waitUntil, waitForExecution, checkExecution, deactivate }) {
		const { state, requests, constants, server } = governance;
		const { PROJECT_ID, VIEWER_USER_ID, ADMIN_USER_ID, MIXED_USER_ID } = constants;
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

		/** POSTs an answer to the resume URL; answers n8n's status. */
		async function post(resumeUrl, body, authorization) {
			const response = await fetch(resumeUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
				body: JSON.stringify(body),
				signal: AbortSignal.timeout(60_000),
			});
			return { status: response.status, text: (await response.text()).slice(0, 300) };
		}

		async function answer(resumeUrl, body) {
			const { status, text } = await post(resumeUrl, body, basic(APPROVER.user, APPROVER.password));
			assert.equal(status, 200, `the resume URL answered ${status}: ${text}`);
		}

		// resumed: the node after the Wait ran (n8n 1.x on SQLite can show the finished status with
		// the data saved while it waited, where the Wait node has its waiting run)
		const resumed = (e) => Boolean(e.data?.resultData?.runData?.['Approval']);
		const readyWhat = 'resumed ("Approval", after the Wait, ran)';
		const checkPlan = (items) => {
			assert.deepEqual(
				items('Sync Dry Run').map((c) => `${c.project} ${c.action} ${c.email} ${c.dryRun} ${c.applied} ${c.plan ? `line ${c.plan.line}/${c.plan.lines}` : 'no line'}`),
				[
					`${PROJECT_ID} unchanged admin@example.com true false no line`,
					`${PROJECT_ID} update viewer@example.com true false line 1/3`,
					`${PROJECT_ID} invite member@example.com true false line 2/3`,
					`${PROJECT_ID} invite new.hire@example.com true false line 3/3`,
				],
			);
		};

		// ---- unauthenticated and wrongly authenticated answers are refused; then a no: nothing written
		let mark = requests.length;
		const rejected = await requestSync();
		assert.deepEqual(writesSince(mark), [], 'no write while waiting for the approval');
		const anonymous = await post(rejected.resumeUrl, { approved: true });
		assert.ok([401, 403].includes(anonymous.status), `a resume without credentials is refused: ${anonymous.status} ${anonymous.text}`);
		const wrong = await post(rejected.resumeUrl, { approved: true }, basic(APPROVER.user, 'not-the-password'));
		assert.ok([401, 403].includes(wrong.status), `a resume with a wrong password is refused: ${wrong.status} ${wrong.text}`);
		const still = (await executions(rejected.before)).find((e) => savedWaiting(e));
		assert.ok(still, 'after the refused resumes the execution still waits');
		assert.deepEqual(writesSince(mark), [], 'refused resumes write nothing');
		await answer(rejected.resumeUrl, { approved: false });
		checkExecution(await waitForExecution(rejected.before, { ready: resumed, readyWhat }), ({ items, runData }) => {
			checkPlan(items);
			assert.deepEqual(items('Approval')[0], { approved: false, tamper: false, approvedBy: APPROVER.user, approvedAt: items('Approval')[0].approvedAt });
			assert.equal(items('Approved?', { output: 1 }).length, 1, 'the rejection takes the false branch');
			assert.equal(runData['Apply Approved Plan'], undefined, 'not applied');
		});
		assert.deepEqual(writesSince(mark), [], 'a rejected plan writes nothing');
		assert.deepEqual(state.memberships[PROJECT_ID][VIEWER_USER_ID], perms('viewer'));

		// ---- a yes, but the plan is changed between the approval and Apply: refused whole
		mark = requests.length;
		const tampered = await requestSync();
		await answer(tampered.resumeUrl, { approved: true, tamper: true });
		const failedRun = await waitForExecution(tampered.before, {
			ready: (e) => Boolean(e.data?.resultData?.runData?.['Apply Approved Plan']),
			readyWhat: '"Apply Approved Plan" ran',
		});
		const applyRun = failedRun.data.resultData.runData['Apply Approved Plan'][0];
		assert.match(String(applyRun.error?.message ?? failedRun.data.resultData.error?.message), /does not match its digest: the plan is refused/, 'Apply refuses the changed plan');
		assert.deepEqual(writesSince(mark), [], 'a changed plan writes nothing');

		// ---- a yes after the platform changed: the approved lines that still hold, nothing else
		mark = requests.length;
		const approved = await requestSync();
		assert.deepEqual(writesSince(mark), [], 'no write before the approval');
		// meanwhile, an admin invites new.hire as viewer and adds Max (whom the roster does not list)
		server.addInvite(PROJECT_ID, 'new.hire@example.com', ['viewer']);
		server.addMember(PROJECT_ID, MIXED_USER_ID, ['viewer']);
		const changedMark = requests.length;
		await answer(approved.resumeUrl, { approved: true });
		checkExecution(await waitForExecution(approved.before, { ready: (e) => Boolean(e.data?.resultData?.runData?.['Summary']), readyWhat: '"Summary" ran' }), ({ items }) => {
			checkPlan(items);
			assert.deepEqual(
				items('Apply Approved Plan').map((c) => `${c.line} ${c.action} ${c.email} ${c.result} ${c.approvedBy}`),
				[
					`1 update viewer@example.com applied ${APPROVER.user}`,
					`2 invite member@example.com applied ${APPROVER.user}`,
					`3 invite new.hire@example.com skipped ${APPROVER.user}`,
				],
			);
			const [summary] = items('Summary');
			assert.equal(summary.approvedBy, APPROVER.user);
			assert.ok(!Number.isNaN(Date.parse(summary.approvedAt)), `the approval time: ${summary.approvedAt}`);
			assert.deepEqual(summary.applied, ['update viewer@example.com', 'invite member@example.com']);
			assert.equal(summary.skipped.length, 1);
			assert.match(summary.skipped[0], /^invite new\.hire@example\.com: changed since the plan: planned from no access, now pending invite \S+ \(viewer\)$/);
		});
		assert.deepEqual(
			writesSince(changedMark).map((r) => `${r.path} ${r.body}`),
			[
				`/latest/auth/users/${VIEWER_USER_ID}/update ${JSON.stringify({ permissions: perms('editor'), overwrite: true })}`,
				`/latest/auth/invite/create ${JSON.stringify({ email: 'member@example.com', permissions: perms('viewer') })}`,
			],
		);
		// member@ is a user of the organization: the stand-in accepts the invite at once
		assert.deepEqual(Object.keys(state.memberships[PROJECT_ID]).sort(), [ADMIN_USER_ID, 'user-member', MIXED_USER_ID, VIEWER_USER_ID].sort(), 'the person added meanwhile is kept');
		assert.deepEqual(state.memberships[PROJECT_ID][VIEWER_USER_ID], perms('editor'));
		const newHire = Object.values(state.invites).filter((invite) => invite.project === PROJECT_ID && invite.email === 'new.hire@example.com');
		assert.deepEqual(newHire.map((invite) => invite.permissions), [perms('viewer')], "new.hire keeps the admin's invite; the plan's line was skipped");

		await deactivate();
	},
};
