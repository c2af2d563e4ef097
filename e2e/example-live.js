'use strict';
/*
 * The examples that change access in a running n8n (live phases, regular and queue mode): each
 * with its Manual Trigger swapped for a Webhook trigger and its Wait's time limit from the call;
 * no answer, a no and a yes (what a yes writes: example-approved.js). The structure checks and
 * the `n8n execute` run are in example-approvals.js, whose top describes the whole scenario.
 */
const crypto = require('crypto');

const { log } = require('./results');
const { accessChanging, approvalGate, changesAccess, serversOf, markOf, writesSince, APPROVER_AUTH, NOT_APPROVED, MANUAL } = require('./example-approvals');
const { APPROVED } = require('./example-approved');
const { certificationScenarios, isCertification } = require('./example-certification');

/**
 * The example for a running n8n: its Manual Trigger swapped for a Webhook trigger of the same name
 * (`webhookVariant`), its Wait's time limit in seconds taken from the call's body (`limitSeconds`).
 */
function liveVariant(workflow, webhookVariant) {
	const { workflow: copy, path } = webhookVariant(workflow);
	const trigger = workflow.nodes.find((n) => n.type === MANUAL);
	const { wait } = approvalGate(copy);
	wait.parameters = {
		...wait.parameters,
		limitWaitTime: true,
		limitType: 'afterTimeInterval',
		resumeAmount: `={{ $('${trigger.name}').first().json.body.limitSeconds }}`,
		resumeUnit: 'seconds',
	};
	wait.webhookId = crypto.randomUUID();
	return { workflow: copy, path };
}

/** The live scenario of an access-changing example (see the top of this file). */

function liveScenario(base, workflow, path) {
	const { wait, gate } = approvalGate(workflow);
	const writers = workflow.nodes.filter((n) => changesAccess(n)).map((n) => n.name);
	const planNode = Object.keys(workflow.connections).find((name) => workflow.connections[name].main?.[0]?.some((c) => c.node === wait.name));
	const expected = APPROVED[base];
	if (!expected) throw new Error(`examples/${base}.json changes access: e2e/example-approved.js needs its APPROVED entry`);
	const stands = serversOf(base, workflow).filter((name) => name !== 'openai');

	return async function live(ctx) {
		const { assert, webhookBase, lastExecutionId, executions, waitUntil, waitForExecution, checkExecution } = ctx;
		await ctx.resetServers(stands);
		const { state, constants } = ctx.governance;
		// what the example finds beside the seed (e.g. a leaver's invitations on GitHub), before any mark
		const prepared = expected.prepare ? await expected.prepare(ctx) : {};
		const figures = { example: base };

		const savedWaiting = (e) => e?.status === 'waiting' && e.data?.resultData?.lastNodeExecuted === wait.name && (e.data?.resultData?.runData?.[wait.name]?.length ?? 0) > 0;
		const describe = (e) => (e ? `${e.status}, last node run ${e.data?.resultData?.lastNodeExecuted ?? 'none'}, nodes run: ${Object.keys(e.data?.resultData?.runData ?? {}).join(', ') || 'none'}` : 'not saved yet');

		/** Starts a run; resolves once it is saved waiting for the approval, with the plan it shows (`lines`: exactly these plan lines). */
		async function start(limitSeconds, { lines } = {}) {
			const before = await lastExecutionId();
			const response = await fetch(`${webhookBase}webhook/${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ limitSeconds }),
				signal: AbortSignal.timeout(60_000),
			});
			assert.equal(response.status, 200, `the webhook answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
			const execution = await waitUntil(
				`a run of "${workflow.name}" saved as waiting at "${wait.name}"`,
				async () => (await executions(before)).find(savedWaiting),
				{ describe: () => 'no waiting run yet' },
			);
			const plan = execution.data.resultData.runData[planNode][0].data.main[0][0].json;
			assert.ok(typeof plan.summary === 'string' && Array.isArray(plan.plan), `the plan has a summary and its lines: ${JSON.stringify(plan).slice(0, 300)}`);
			if (lines) assert.deepEqual(plan.plan, lines, 'the plan names only what is left');
			else assert.ok(plan.plan.length > 0, `the plan names the changes: ${JSON.stringify(plan).slice(0, 300)}`);
			assert.match(plan.resumeUrl, /\/webhook-waiting\//, 'the plan carries the resume URL');
			return { before, plan, id: execution.id };
		}

		async function post(resumeUrl, approved, authorization) {
			const response = await fetch(resumeUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
				body: JSON.stringify({ approved }),
				signal: AbortSignal.timeout(60_000),
			});
			return { status: response.status, text: (await response.text()).slice(0, 300) };
		}

		async function answer(resumeUrl, approved) {
			const { status, text } = await post(resumeUrl, approved, APPROVER_AUTH);
			assert.equal(status, 200, `the resume URL answered ${status}: ${text}`);
		}

		const ran = (name) => (e) => Boolean(e.data?.resultData?.runData?.[name]);
		/** The run took the approval's false branch into "Not approved: nothing changed"; no writer ran. */
		function endedNotApproved(execution, what) {
			checkExecution(execution, ({ items, runData }) => {
				assert.equal(items(gate.name, { output: 1 }).length, 1, `${what}: "${gate.name}" takes its false branch`);
				assert.equal(items(NOT_APPROVED)[0].changed, false);
				for (const name of writers) assert.equal(runData[name], undefined, `${what}: "${name}" did not run`);
			});
		}
		/** The run ended in "Not approved: nothing changed" and wrote nothing. */
		function stoppedBeforeWriting(execution, mark, what) {
			endedNotApproved(execution, what);
			const writes = writesSince(ctx, mark);
			assert.deepEqual(writes, [], `${what}: nothing is written`);
			return writes.length;
		}

		// ---- no answer: started first, its limit (10 s here, 24 hours in the example) runs out while
		// the other branches and scenarios run. n8n's wait tracker resumes it at its next look (every
		// 60 s: about a minute apiece when each waited in turn), so it is checked at the end of the
		// phase (returned below) by what ran: the writers did not, the approval took its false
		// branch. Its plan wrote nothing (checked here; a later write of it would also fail the no's
		// check below, which counts from this mark)
		let mark = markOf(ctx);
		const silent = await start(10);
		assert.deepEqual(writesSince(ctx, mark), [], 'no answer: no write while waiting');

		// ---- a no: the plan, a wait with no write, {"approved": false}, nothing
		const no = await start(3600);
		await answer(no.plan.resumeUrl, false);
		figures.no = stoppedBeforeWriting(await waitForExecution(no.before, { ready: ran(NOT_APPROVED), readyWhat: `ended in "${NOT_APPROVED}"` }), mark, 'a no');


		// ---- a yes: the same plan, then the example's changes
		mark = markOf(ctx);
		const yes = await start(3600);
		assert.deepEqual(writesSince(ctx, mark), [], 'no write before the yes');
		// a yes without the approver's login is refused by n8n, and the run still waits
		const anonymous = await post(yes.plan.resumeUrl, true);
		assert.ok([401, 403].includes(anonymous.status), `a yes without the approver's login is refused: ${anonymous.status} ${anonymous.text}`);
		assert.ok((await executions(yes.before)).find(savedWaiting), 'after the refused yes the run still waits');
		assert.deepEqual(writesSince(ctx, mark), [], 'a refused yes writes nothing');
		await answer(yes.plan.resumeUrl, true);
		const approved = await waitForExecution(yes.before, { ready: (e) => writers.some((name) => ran(name)(e)), readyWhat: 'resumed and past the approval' });
		checkExecution(approved, ({ items, runData }) => {
			assert.deepEqual(items(wait.name)[0].body, { approved: true });
			assert.equal(items(gate.name).length, 1, 'the yes takes the true branch');
			assert.equal(runData[NOT_APPROVED], undefined);
		});
		const writes = writesSince(ctx, mark);
		figures.approved = writes.length;
		figures.plan = yes.plan.plan;
		// ---- again (`again`): a second yes finds nothing left it can change and writes nothing
		if (expected.again) {
			mark = markOf(ctx);
			const again = await start(3600, { lines: expected.again.plan });
			await answer(again.plan.resumeUrl, true);
			const second = await waitForExecution(again.before, { ready: (e) => writers.every((name) => ran(name)(e)), readyWhat: 'resumed and past every revoke' });
			checkExecution(second, ({ items }) => assert.equal(items(gate.name).length, 1, 'the second yes takes the true branch'));
			figures.approvedAgain = writesSince(ctx, mark).length;
		}
		log(`[examples] ${JSON.stringify(figures)}`);
		assert.deepEqual(writes, expected.writes(constants, prepared), 'the approved run makes the planned changes');
		expected.state(assert, state, constants, { ctx, prepared });
		if (expected.again) assert.equal(figures.approvedAgain, 0, 'a second approved run changes nothing');
		// checked by live-phase.js after the phase's other scenarios (by then the tracker has looked)
		return {
			what: 'no answer: the time limit ran out, nothing changed',
			async check() {
				// this run by its id: the no and the yes ran after it
				const timedOut = await waitUntil(
					`the no-answer run #${silent.id} of "${workflow.name}" timed out into "${NOT_APPROVED}"`,
					async () => (await executions(silent.before)).find((e) => e.id === silent.id),
					{ done: (e) => Boolean(e) && !['new', 'running', 'waiting'].includes(e.status) && ran(NOT_APPROVED)(e), describe },
				);
				assert.equal(timedOut.data.resultData.runData[wait.name].at(-1).data.main[0][0].json.body, undefined, 'resumed by the time limit, not by a call');
				endedNotApproved(timedOut, 'no answer');
				log(`[examples] ${JSON.stringify({ example: base, noAnswer: 'ended in "Not approved: nothing changed", no writer ran' })}`);
			},
		};
	};
}

/**
 * Live entries (`trigger: true`, run by live-phase.js) for the examples that change access: one
 * scenario each, in regular and queue mode.
 */
function exampleScenarios(examples, { webhookVariant }) {
	return [...approvalScenarios(examples, { webhookVariant }), ...certificationScenarios(examples, { webhookVariant })];
}

function approvalScenarios(examples, { webhookVariant }) {
	return examples
		// (the certification example has its own scenario: example-certification.js)
		.filter((entry) => accessChanging(entry.workflow) && !isCertification(entry.workflow))
		.map((entry) => {
			const name = entry.file.replace(/\.json$/, '');
			const { workflow, path } = liveVariant(entry.workflow, webhookVariant);
			return {
				base: `example ${name}: plan, then no answer, a no and a yes`,
				file: entry.file,
				example: true,
				workflow,
				trigger: true,
				expectation: {
					// every n8n version (e2e/README.md, "What runs where")
					everyVersion: "n8n's Wait node: the resume URL, how a waiting execution is saved and resumed, and the wait tracker that ends one nobody answered differ by version (1.x: /webhook-waiting/<id> with no token)",
					servers: serversOf(name, entry.workflow),
					live: liveScenario(name, workflow, path),
				},
			};
		});
}

module.exports = { exampleScenarios };
