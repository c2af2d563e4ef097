'use strict';
/*
 * The e2e workflows (e2e/workflows/*.json with their *.expect.js) and the example workflows
 * of examples/, their Webhook-trigger variants for queue mode, and the checks every run gets.
 */
const assert = require('assert');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const { REPO_ROOT } = require('./lib/runtime');
const { secrets } = require('./credentials');
const { cliExpectation } = require('./example-approvals');

const WORKFLOW_DIR = path.join(__dirname, 'workflows');
const GOVERNANCE_NODE_PREFIX = 'n8n-nodes-governance-connectors.';

/** The e2e workflows whose file name contains `only` (all: also those run only when named). */
/** `--only TEXT`: file names containing TEXT, or any of several comma-separated texts. */
function matchesOnly(name, only) {
	return !only || only.split(',').some((text) => text !== '' && name.includes(text));
}

function loadWorkflows(only, { all = false } = {}) {
	return fs
		.readdirSync(WORKFLOW_DIR)
		.filter((f) => f.endsWith('.json'))
		.filter((f) => matchesOnly(f, only))
		.sort()
		.map((file) => {
			const base = file.replace(/\.json$/, '');
			const workflow = JSON.parse(fs.readFileSync(path.join(WORKFLOW_DIR, file), 'utf8'));
			const expectPath = path.join(WORKFLOW_DIR, `${base}.expect.js`);
			if (!fs.existsSync(expectPath)) throw new Error(`${file} has no ${base}.expect.js`);
			const expectation = require(expectPath);
			if (!workflow.id) throw new Error(`${file} has no id`);
			// a measurement rather than a check (e.g. the race of bench/queue-race.js): only when named by --only
			if (expectation.onlyWhenNamed && !only && !all) return null;
			const manual = workflow.nodes.some((n) => n.type === 'n8n-nodes-base.manualTrigger');
			if (typeof expectation.live === 'function') {
				// a trigger workflow: activated in a running n8n, driven by expectation.live(ctx)
				return { base, file, workflow, expectation, trigger: true };
			}
			if (!manual) throw new Error(`${file} needs a Manual Trigger (or its expect.js a live() scenario)`);
			if (typeof expectation.check !== 'function') throw new Error(`${base}.expect.js exports no check()`);
			return { base, file, workflow, expectation };
		})
		.filter(Boolean);
}

/**
 * The example workflows of examples/ (imported by `npm start`), run with `n8n execute` from their
 * Manual Trigger, as imported: a read-only one must run without error with every node run; one
 * that changes access must stop at its approval with 0 writes (e2e/example-approvals.js, which
 * also gives the live scenarios that answer the approval).
 */
function loadExamples(only) {
	const dir = path.join(REPO_ROOT, 'examples');
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.filter((f) => matchesOnly(f, only) || matchesOnly(`example ${f}`, only))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
			const expectation = cliExpectation(file.replace(/\.json$/, ''), workflow);
			return { base: `example ${file.replace(/\.json$/, '')}`, file, workflow, expectation, example: true };
		});
}

/** The workflow with each Manual Trigger replaced by a Webhook trigger of the same name, answering on receipt. */
function webhookVariant(workflow) {
	const copy = JSON.parse(JSON.stringify(workflow));
	const pathName = `e2e-${workflow.id}`.toLowerCase();
	copy.nodes = copy.nodes.map((node) =>
		node.type === 'n8n-nodes-base.manualTrigger'
			? {
					id: node.id,
					name: node.name,
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: node.position,
					webhookId: crypto.randomUUID(),
					parameters: {
						httpMethod: 'POST',
						path: pathName,
						// answered on receipt: the run is read back from n8n's database. With
						// 'lastNode' the main answers only when the worker's job-finished message
						// reaches it (Bull's global events over Redis pub/sub): a fresh-clone run
						// under a CPU hog saw one such answer never come (2.38.7 queue mode, the
						// call timed out after 180 s while every other one took under a second)
						responseMode: 'onReceived',
						options: {},
					},
				}
			: node,
	);
	copy.active = true;
	return { workflow: copy, path: pathName };
}

/** Checks shared by every run, then the workflow's own expectations. */
function checkRun(entry, run, servers, extraText = '') {
	assert.ok(run && run.data && run.data.resultData, 'no execution data');
	const { expectation } = entry;
	const error = run.data.resultData.error;
	if (expectation.expectError) {
		assert.ok(error, `the execution should fail with ${expectation.expectError}, but it succeeded`);
		assert.match(String(error.message), expectation.expectError);
	} else if (error) {
		assert.fail(`execution failed: ${error.message}${error.description ? ` (${error.description})` : ''}`);
	}
	// no credential secret in the execution data or the logs
	const text = JSON.stringify(run) + extraText;
	for (const secret of secrets()) {
		assert.ok(!text.includes(secret), 'a credential secret appears in the execution data or the logs');
	}
	const runData = run.data.resultData.runData ?? {};
	const nodesByName = Object.fromEntries(entry.workflow.nodes.map((n) => [n.name, n]));
	// every item of the pack's nodes carries pairedItem
	for (const [name, runs] of Object.entries(runData)) {
		const type = nodesByName[name]?.type ?? '';
		// items of the pack's action nodes (trigger output starts a chain and has no input item)
		if (!type.startsWith(GOVERNANCE_NODE_PREFIX) || /Trigger$/.test(type)) continue;
		for (const r of runs) {
			for (const output of r.data?.main ?? []) {
				for (const item of output ?? []) {
					assert.ok(item.pairedItem !== undefined, `node "${name}": an item without pairedItem`);
				}
			}
		}
	}
	const items = (name, { run: runIndex = 0, output = 0 } = {}) => {
		const runs = runData[name];
		assert.ok(runs && runs[runIndex], `node "${name}" did not run`);
		assert.ok(!runs[runIndex].error, `node "${name}" failed: ${runs[runIndex].error?.message}`);
		return (runs[runIndex].data?.main?.[output] ?? []).map((i) => i.json);
	};
	const ctx = { assert, run, items, runData, ...serverContext(servers, entry.expectation.servers) };
	if (entry.expectation.check) entry.expectation.check(ctx);
}

/** `{ [name]: { url, state, requests, server, constants } }` for the test servers `names`. */
function serverContext(servers, names = []) {
	const ctx = {};
	for (const name of names) {
		const server = servers.get(name);
		ctx[name] = {
			url: server.url,
			state: server.server.state,
			requests: server.server.requests,
			server: server.server,
			constants: server.module,
		};
	}
	return ctx;
}

function manualOnly(workflows) {
	return workflows.filter((w) => !w.trigger);
}

module.exports = { loadWorkflows, loadExamples, webhookVariant, checkRun, serverContext, manualOnly, GOVERNANCE_NODE_PREFIX };
