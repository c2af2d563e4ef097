'use strict';
/*
 * The examples of examples/ that change access (issue 37: examples fail closed). Each shows its
 * plan, then waits for an explicit yes: a Wait (Resume: On Webhook Call, a time limit) and an If
 * "Approved?" that goes on only for `approved === true`; a no or no answer ends in "Not approved:
 * nothing changed" before any write.
 *
 *  - structure (every example, n8n execute phase): no enabled trigger other than the Manual
 *    Trigger (nothing runs on a schedule as imported); every node that changes access is reached
 *    from the trigger only through the approval If's true output, after the Wait; an AI Agent's
 *    tools only read or plan (no tool that changes access);
 *  - as imported (`n8n execute` from the Manual Trigger, nobody answers): the run stops at the
 *    Wait, no node after it ran, 0 write requests reached the stand-in;
 *  - every Wait requires the approver's login (Authentication: Basic Auth, issue 48): in a running
 *    n8n a yes without it is refused (401/403) and the run still waits, with nothing written;
 *  - in a running n8n (live phases, regular and queue mode), the example with its Manual Trigger
 *    swapped for a Webhook trigger and its Wait's time limit read from the webhook call (the
 *    example itself waits 24 hours): a no ({"approved": false} posted to the plan's resumeUrl) and
 *    no answer (the limit runs out; checked at the end of the phase) each end in "Not approved:
 *    nothing changed" with nothing written; a yes makes the example's changes (requests and the
 *    stand-in's state checked below).
 * Prints `[examples] {...}` lines with the write counts.
 */
const crypto = require('crypto');

const { log } = require('./results');
const { APPROVER, CREDENTIAL_IDS } = require('./credentials');

/** The Basic Auth header of the approver's login (the Wait's credential in every example). */
const APPROVER_AUTH = `Basic ${Buffer.from(`${APPROVER.user}:${APPROVER.password}`).toString('base64')}`;

const GOVERNANCE = 'n8n-nodes-governance-connectors.governance';
const GOVERNANCE_TOOL = 'n8n-nodes-governance-connectors.governanceTool';
const CODE_HOSTING = 'n8n-nodes-governance-connectors.codeHosting';
const CODE_HOSTING_TOOL = 'n8n-nodes-governance-connectors.codeHostingTool';
const TOOLS = [GOVERNANCE_TOOL, CODE_HOSTING_TOOL];
const WAIT = 'n8n-nodes-base.wait';
const IF = 'n8n-nodes-base.if';
const MANUAL = 'n8n-nodes-base.manualTrigger';
const NOT_APPROVED = 'Not approved: nothing changed';

/** Per node type (and its tool), the operations that change who has access (resource → operations). */
const CHANGES_ACCESS = {
	[GOVERNANCE]: {
		access: ['applyPlan', 'ensure', 'revoke', 'sync'],
		invite: ['create', 'delete', 'replace', 'resend'],
		user: ['updateRole', 'remove', 'updateOrganizationRole'],
		apiKey: ['create', 'delete'],
	},
	[CODE_HOSTING]: {
		access: ['revoke', 'sync'],
		organization: ['removeMember', 'setMembership', 'cancelInvitation', 'removeOutsideCollaborator'],
		team: ['addMember', 'removeMember'],
		collaborator: ['add', 'remove'],
		user: ['invite'],
	},
};
/** Operations whose Mode option (`dryRun`) Plan Only makes them read only: [type, resource, operation]. */
const PLANS_WITH_DRY_RUN = [
	[GOVERNANCE, 'access', 'ensure'],
	[GOVERNANCE, 'access', 'revoke'],
	[GOVERNANCE, 'access', 'sync'],
	[CODE_HOSTING, 'access', 'revoke'],
	[CODE_HOSTING, 'access', 'sync'],
];

/** The action node type of a node or of its tool variant. */
const baseType = (type) => (TOOLS.includes(type) ? type.replace(/Tool$/, '') : type);

/** Whether a Governance or Code Hosting node (or tool) with these parameters changes access when it runs. */
function changesAccess(node) {
	const type = baseType(node.type);
	const { resource, operation, options = {} } = node.parameters ?? {};
	if (!CHANGES_ACCESS[type]?.[resource]?.includes(operation)) return false;
	// a revoke or sync that only plans (Mode: Plan Only)
	const plans = PLANS_WITH_DRY_RUN.some(([t, r, o]) => t === type && r === resource && o === operation);
	return !(plans && options.dryRun === true);
}

/**
 * A write on a stand-in: on the governance one every POST but the list reads; on the code-hosting
 * one every request but GET and HEAD and GraphQL queries (a GraphQL mutation writes).
 */
function isWrite(r) {
	if (r.method === 'GET' || r.method === 'HEAD') return false;
	if (/\/list$/.test(r.path)) return false;
	if (/\/graphql$/.test(r.path)) return /^\s*mutation\b/.test(JSON.parse(r.body ?? '{}').query ?? '');
	return true;
}

/** The stand-ins an access-changing example talks to (Code Hosting when it has a Code Hosting node; the agent example's model). */
function serversOf(name, workflow) {
	const servers = ['governance'];
	if (workflow.nodes.some((n) => baseType(n.type) === CODE_HOSTING)) servers.push('codehosting');
	if (name === 'governance-agent-access') servers.push('openai');
	return servers;
}

/**
 * The writes the stand-ins `servers` recorded since `mark` (from `markOf`), in order: the
 * governance ones as `METHOD path`, the code-hosting ones as `github METHOD path`.
 */
const markOf = (ctx) => ({ governance: ctx.governance?.requests.length ?? 0, codehosting: ctx.codehosting?.requests.length ?? 0 });
function writesSince(ctx, mark = { governance: 0, codehosting: 0 }) {
	const of = (name, prefix) => (ctx[name]?.requests ?? []).slice(mark[name]).filter(isWrite).map((r) => `${prefix}${r.method} ${r.path}`);
	return [...of('governance', ''), ...of('codehosting', 'github ')];
}
const readsOf = (ctx) => ['governance', 'codehosting'].reduce((sum, name) => sum + (ctx[name]?.requests ?? []).filter((r) => !isWrite(r)).length, 0);

/** The approval gate of an example: its Wait on a webhook call and the If after it. */
function approvalGate(workflow) {
	const wait = workflow.nodes.find((n) => n.type === WAIT && n.parameters?.resume === 'webhook' && !n.disabled);
	if (!wait) return undefined;
	const next = workflow.connections[wait.name]?.main?.[0]?.map((c) => c.node) ?? [];
	const gate = workflow.nodes.find((n) => n.type === IF && next.includes(n.name));
	return { wait, gate };
}

/** Whether an example changes access: a node on its main path or a tool of its agent does. */
function accessChanging(workflow) {
	return workflow.nodes.some((n) => !n.disabled && changesAccess(n));
}

/**
 * The structural rules every example keeps (fails with what breaks them): node ids unique; nothing but a Manual
 * Trigger enabled; no tool that changes access; every node that changes access downstream of the
 * approval If's true output only.
 */
function checkStructure(assert, workflow) {
	// n8n 2.38 and later refuse to import a workflow whose nodes share an id
	const ids = workflow.nodes.map((n) => n.id);
	assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), [], 'every node has its own id');
	const triggers = workflow.nodes.filter((n) => !n.disabled && /Trigger$/.test(n.type) && n.type !== MANUAL);
	assert.deepEqual(triggers.map((n) => n.name), [], 'as imported, no trigger but the Manual Trigger is on (no schedule, no webhook)');
	const toolsThatWrite = workflow.nodes.filter((n) => TOOLS.includes(n.type) && !n.disabled && changesAccess(n));
	assert.deepEqual(toolsThatWrite.map((n) => n.name), [], 'an AI agent\'s Governance and Code Hosting tools only read or plan');
	if (!accessChanging(workflow)) return;
	const approval = approvalGate(workflow);
	assert.ok(approval, 'an example that changes access waits for an approval (a Wait on a webhook call)');
	assert.ok(approval.gate, `an If follows "${approval.wait.name}"`);
	const limit = approval.wait.parameters;
	assert.equal(limit.limitWaitTime, true, `"${approval.wait.name}" has a time limit`);
	assert.equal(limit.httpMethod, 'POST', `"${approval.wait.name}" resumes on a POST`);
	// only an authenticated approver resumes it (issue 48): the Wait checks a Basic Auth login
	assert.equal(limit.incomingAuthentication, 'basicAuth', `"${approval.wait.name}" requires the approver's login (Authentication: Basic Auth)`);
	assert.equal(approval.wait.credentials?.httpBasicAuth?.id, CREDENTIAL_IDS.approverBasicAuth, `"${approval.wait.name}" uses the approver's Basic Auth credential`);
	const condition = approval.gate.parameters.conditions;
	assert.equal(condition.options.typeValidation, 'strict', `"${approval.gate.name}" validates types strictly`);
	assert.deepEqual(
		condition.conditions.map((c) => [c.leftValue, c.operator.operation]),
		[['={{ $json.body?.approved === true || $json.data?.approved === true }}', 'true']],
		`"${approval.gate.name}" is true only for approved === true`,
	);
	// what the trigger reaches without going through the If's true output
	const reached = new Set();
	const queue = workflow.nodes.filter((n) => n.type === MANUAL).map((n) => n.name);
	while (queue.length) {
		const name = queue.shift();
		if (reached.has(name)) continue;
		reached.add(name);
		const outputs = workflow.connections[name]?.main ?? [];
		outputs.forEach((targets, index) => {
			if (name === approval.gate.name && index === 0) return;
			for (const target of targets ?? []) queue.push(target.node);
		});
	}
	assert.ok(reached.has(approval.wait.name), `the trigger leads to "${approval.wait.name}"`);
	const early = workflow.nodes.filter((n) => reached.has(n.name) && changesAccess(n));
	assert.deepEqual(early.map((n) => n.name), [], 'nodes that change access run only after the approval');
	assert.ok(workflow.connections[approval.gate.name]?.main?.[1]?.some((c) => c.node === NOT_APPROVED), `a no ends in "${NOT_APPROVED}"`);
}

/** Names of the nodes downstream of the approval If's true output. */
function afterApproval(workflow, gate) {
	const seen = new Set();
	const queue = (workflow.connections[gate.name]?.main?.[0] ?? []).map((c) => c.node);
	while (queue.length) {
		const name = queue.shift();
		if (seen.has(name)) continue;
		seen.add(name);
		for (const targets of workflow.connections[name]?.main ?? []) for (const t of targets ?? []) queue.push(t.node);
	}
	return seen;
}

/**
 * The check of `n8n execute` for an example (as imported: from the Manual Trigger, nobody
 * answers): the structure rules; for one that changes access, a run that stops at the Wait with
 * 0 writes. Returns the expectation for checkRun.
 */
function cliExpectation(file, workflow) {
	const approval = approvalGate(workflow);
	if (!accessChanging(workflow)) {
		return {
			servers: [],
			check({ assert: a, runData }) {
				checkStructure(a, workflow);
				for (const node of workflow.nodes) {
					if (node.type === 'n8n-nodes-base.stickyNote' || node.disabled) continue;
					// `n8n execute` starts at the Manual Trigger
					if (node.type !== MANUAL && /Trigger$/.test(node.type)) continue;
					a.ok(runData[node.name], `node "${node.name}" did not run`);
				}
			},
		};
	}
	return {
		servers: serversOf(file, workflow).filter((name) => name !== 'openai'),
		check(ctx) {
			const { assert: a, run, runData } = ctx;
			checkStructure(a, workflow);
			const writes = writesSince(ctx);
			log(`[examples] ${JSON.stringify({ example: file, asImported: 'n8n execute, no approval', writes: writes.length, reads: readsOf(ctx) })}`);
			a.deepEqual(writes, [], 'as imported, with no approval, nothing is written');
			a.ok(runData[approval.wait.name], `"${approval.wait.name}" ran`);
			a.ok(run.waitTill, `the run waits at "${approval.wait.name}" (waitTill set)`);
			a.equal(run.data.resultData.lastNodeExecuted, approval.wait.name, 'the run stopped at the approval');
			const later = [...afterApproval(workflow, approval.gate), approval.gate.name, NOT_APPROVED].filter((name) => runData[name]);
			a.deepEqual(later, [], 'no node after the approval ran');
			const plan = runData[workflow.connections && Object.keys(workflow.connections).find((name) => workflow.connections[name].main?.[0]?.some((c) => c.node === approval.wait.name))];
			const planItem = plan?.[0]?.data?.main?.[0]?.[0]?.json;
			a.ok(planItem && typeof planItem.summary === 'string' && Array.isArray(planItem.plan), 'the plan (summary and plan lines) is the item the approver gets');
			a.ok(planItem.plan.length > 0, 'the plan names the changes');
			a.equal(typeof planItem.resumeUrl, 'string', 'the plan carries the resume URL');
		},
	};
}

const { APPROVED } = require('./example-approved');

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
	if (!expected) throw new Error(`examples/${base}.json changes access: e2e/example-approvals.js needs its APPROVED entry`);
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
	return examples
		.filter((entry) => accessChanging(entry.workflow))
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

module.exports = { cliExpectation, exampleScenarios, accessChanging, changesAccess, approvalGate, checkStructure, isWrite };
