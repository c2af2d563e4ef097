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
 *  - in a running n8n (live phases, regular and queue mode; e2e/example-live.js), the example with its Manual Trigger
 *    swapped for a Webhook trigger and its Wait's time limit read from the webhook call (the
 *    example itself waits 24 hours): a no ({"approved": false} posted to the plan's resumeUrl) and
 *    no answer (the limit runs out; checked at the end of the phase) each end in "Not approved:
 *    nothing changed" with nothing written; a yes makes the example's changes (requests and the
 *    stand-in's state checked below).
 * Prints `[examples] {...}` lines with the write counts.
 */
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
		access: ['applyPlan', 'ensure', 'removeGrants', 'revoke', 'sync'],
		invite: ['create', 'delete', 'replace', 'resend'],
		user: ['updateRole', 'remove', 'updateOrganizationRole'],
		apiKey: ['create', 'delete'],
	},
	[CODE_HOSTING]: {
		access: ['applyPlan', 'removeGrants', 'revoke', 'sync'],
		organization: ['removeMember', 'setMembership', 'cancelInvitation', 'removeOutsideCollaborator'],
		team: ['addMember', 'removeMember'],
		collaborator: ['add', 'remove'],
		user: ['invite'],
	},
};
/** Operations whose Mode option (`dryRun`) Plan Only makes them read only: [type, resource, operation]. */
const PLANS_WITH_DRY_RUN = [
	[GOVERNANCE, 'access', 'ensure'],
	[GOVERNANCE, 'access', 'removeGrants'],
	[GOVERNANCE, 'access', 'revoke'],
	[GOVERNANCE, 'access', 'sync'],
	[CODE_HOSTING, 'access', 'removeGrants'],
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

/**
 * The approval gate of an example: its Wait on a webhook call and the If after it (the Wait an If
 * follows, where there are several: the certification also waits for its deadline).
 */
function approvalGate(workflow) {
	const waits = workflow.nodes.filter((n) => n.type === WAIT && n.parameters?.resume === 'webhook' && !n.disabled);
	const gateOf = (wait) => {
		const next = workflow.connections[wait.name]?.main?.[0]?.map((c) => c.node) ?? [];
		return workflow.nodes.find((n) => n.type === IF && next.includes(n.name));
	};
	const wait = waits.find(gateOf) ?? waits[0];
	if (!wait) return undefined;
	return { wait, gate: gateOf(wait) };
}

/** A form for people outside n8n that only records answers (the certification's reviewers): nothing it reaches changes access. */
const FORM_TRIGGER = 'n8n-nodes-base.formTrigger';
/** The nodes `names` and every node downstream of them. */
function reachedFrom(workflow, names) {
	const seen = new Set();
	const queue = [...names];
	while (queue.length) {
		const name = queue.shift();
		if (seen.has(name)) continue;
		seen.add(name);
		for (const targets of workflow.connections[name]?.main ?? []) for (const t of targets ?? []) queue.push(t.node);
	}
	return seen;
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
	const triggers = workflow.nodes.filter((n) => !n.disabled && /Trigger$/.test(n.type) && n.type !== MANUAL && n.type !== FORM_TRIGGER);
	assert.deepEqual(triggers.map((n) => n.name), [], 'as imported, no trigger but the Manual Trigger is on (no schedule, no webhook)');
	// a Form Trigger (listening only once the workflow is active) may record answers, never change access
	const forms = workflow.nodes.filter((n) => !n.disabled && n.type === FORM_TRIGGER).map((n) => n.name);
	const fromForms = workflow.nodes.filter((n) => reachedFrom(workflow, forms).has(n.name) && (changesAccess(n) || n.type === WAIT));
	assert.deepEqual(fromForms.map((n) => n.name), [], 'what a Form Trigger reaches only records answers: it changes no access and resumes nothing');
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
	// what a person approved is what is applied (issue 48): every write applies a signed plan
	const unbound = workflow.nodes.filter((n) => !n.disabled && !TOOLS.includes(n.type) && changesAccess(n) && n.parameters.operation !== 'applyPlan');
	assert.deepEqual(unbound.map((n) => n.name), [], 'every node that changes access is an Access → Apply Plan of an approved plan');
	assert.ok(workflow.connections[approval.gate.name]?.main?.[1]?.some((c) => c.node === NOT_APPROVED), `a no ends in "${NOT_APPROVED}"`);
}

/** Names of the nodes downstream of the approval If's true output. */
const afterApproval = (workflow, gate) => reachedFrom(workflow, (workflow.connections[gate.name]?.main?.[0] ?? []).map((c) => c.node));

/**
 * The check of `n8n execute` for an example (as imported: from the Manual Trigger, nobody
 * answers): the structure rules; for one that changes access, a run that stops at the Wait with
 * 0 writes. Returns the expectation for checkRun.
 */
function cliExpectation(file, workflow) {
	const approval = approvalGate(workflow);
	if (workflow.nodes.some((n) => n.type === FORM_TRIGGER)) return certificationAsImported(file, workflow);
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

/**
 * The certification is not run with `n8n execute`: beside its Manual Trigger it has a Form Trigger,
 * and n8n 2.40.7's `execute` then fails at once ("No active execution found"); its Data Table nodes
 * also wait for the table the user creates and chooses (README). Its structure is checked here
 * (by run.js's structure test of every example), and it runs with a table in its live scenario
 * (example-certification.js).
 */
function certificationAsImported(file, workflow) {
	return {
		servers: [],
		notWithExecute: "it has a Form Trigger beside its Manual Trigger (n8n 2.40.7's execute fails at once: 'No active execution found') and a Data Table the user chooses; its runs are its live scenario",
		check({ assert: a }) {
			checkStructure(a, workflow);
		},
	};
}

module.exports = { cliExpectation, accessChanging, changesAccess, approvalGate, checkStructure, isWrite, serversOf, markOf, writesSince, APPROVER_AUTH, NOT_APPROVED, MANUAL };
