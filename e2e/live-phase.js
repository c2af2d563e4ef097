'use strict';
/*
 * A running n8n for the e2e runner (steps 4 and 5 of run.js): `n8n start` (regular mode, n8n's
 * default SQLite), or queue mode as people scale it: `n8n start` (production webhooks off), two
 * `n8n worker`s, two `n8n webhook` processes behind a round-robin proxy, Redis and PostgreSQL (the
 * processes: lib/topology.js). Trigger workflows run their expectation's live(ctx) scenario (its
 * ctx: scenario-context.js); the Manual Trigger workflows run through a Webhook-trigger variant (by
 * the main, or in queue mode by a worker).
 */
const assert = require('assert');
const fs = require('fs');
const path = require('path');

const { maxExecutionId, restClient, waitForPublication } = require('./lib/n8n');
const { activateInDatabase } = require('./lib/executions');
const { Topology, QUEUE_WORKERS } = require('./lib/topology');
const { DEADLINE_MS } = require('./lib/wait');
const { secrets } = require('./credentials');
const { test } = require('./results');
const { webhookVariant, checkRun, serverContext, manualOnly } = require('./workflow-checks');
const { prepareUserFolder } = require('./user-folder');
const { scenarioContext, waitForExecution } = require('./scenario-context');

/**
 * Checks that every workflow of `entries` was activated by the running main. n8n up to 2.38 activates
 * them before "Editor is now accessible" and logs `Activated workflow "NAME"` for each. n8n 2.40
 * publishes through its publication service (N8N_USE_WORKFLOW_PUBLICATION_SERVICE, on by default):
 * an outbox consumer activates the triggers after that line, logs nothing at info level, and
 * records a status per trigger node; GET /rest/workflows/:id/publication-status then reports
 * `published` once every trigger node is `activated` (`failed` / `partial` when one failed). A
 * workflow without the log line is waited for there, and fails when n8n has no such endpoint
 * (older n8n), reports a failed trigger, or does not publish it within `timeoutMs`.
 */
async function waitUntilActivated(main, baseUrl, entries, { timeoutMs = 120_000 } = {}) {
	let rest;
	for (const entry of entries) {
		const name = entry.workflow.name;
		const logged = new RegExp(`Activated workflow "${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`);
		if (logged.test(main.output())) continue;
		rest = rest ?? (await restClient(baseUrl));
		const published = await waitForPublication(rest, entry.workflow.id, { timeoutMs, label: `"${name}"` });
		assert.ok(published, `workflow "${name}" was not activated (no "Activated workflow" line, no publication status)\n${main.output().slice(-3000)}`);
	}
}

/**
 * Activates the workflows of `entries` in a running n8n (POST /rest/workflows/:id/activate, as the
 * editor's toggle does): n8n up to 2.38 activates before it answers; 2.40's publication service
 * after, so its publication status is waited for.
 */
async function activateThroughRest(baseUrl, entries) {
	const rest = await restClient(baseUrl);
	for (const entry of entries) {
		const wf = await rest('GET', `/workflows/${entry.workflow.id}`);
		const answer = await rest('POST', `/workflows/${entry.workflow.id}/activate`, { versionId: wf.versionId });
		const published = await waitForPublication(rest, entry.workflow.id, { timeoutMs: DEADLINE_MS, label: `"${entry.workflow.name}"` });
		if (!published) assert.equal(answer?.active, true, `workflow "${entry.workflow.name}" is active after POST /activate: ${JSON.stringify(answer).slice(0, 300)}`);
	}
}

async function runLive(version, info, ctx, base, { queue, webhookProcesses = 0, round = 1, rounds = 1 }) {
	const { tarball, servers, workflows } = ctx;
	// --repeat N: runLive runs once per round, from a fresh user folder (run.js); its tests carry the round
	const suffix = rounds > 1 ? ` (round ${round}/${rounds})` : '';
	const label = `n8n ${version} ${queue ? `queue mode${webhookProcesses ? ` with ${webhookProcesses} webhook processes` : ''}` : 'regular mode'}`;
	const userFolder = path.join(base, 'user');
	const logs = path.join(base, 'logs');
	fs.mkdirSync(logs, { recursive: true });
	// (`regularOnly`: a scenario too slow to run twice, e.g. one that waits for polls a minute apart;
	// `webhookProcesses: true`: a scenario of queue mode only, where webhook processes receive the
	// production webhooks)
	// (`phases(version)`: {regular, queue}, where a scenario runs on that version, when it does not
	// run in both)
	const inThisRun = (w) => {
		if (queue && w.expectation.regularOnly) return false;
		const phases = w.expectation.phases?.(version);
		if (phases && !phases[queue ? 'queue' : 'regular']) return false;
		return Boolean(webhookProcesses) || w.expectation.webhookProcesses !== true;
	};
	const triggers = workflows.filter((w) => w.trigger && inThisRun(w));
	const variants = manualOnly(workflows).map((entry) => {
		const v = webhookVariant(entry.workflow);
		return { ...entry, workflow: v.workflow, webhookPath: v.path };
	});
	const all = [...triggers, ...variants];
	if (all.length === 0) return;
	// workers, each taking two jobs at a time: QUEUE_WORKERS, or as many as the scenarios of the
	// run ask for (`workers`: bench/queue-race.js runs its scenario alone with one, then two)
	const workerCount = queue ? all.reduce((most, entry) => Math.max(most, entry.expectation.workers ?? QUEUE_WORKERS), 0) : 0;
	const topo = await Topology.create(info, userFolder, logs, { queue, webhookProcesses, workers: workerCount });
	const { baseUrl } = topo;
	try {
		const ready = await test(`${label}: ${queue ? `PostgreSQL, Redis, main and ${workerCount > 1 ? `${workerCount} workers` : 'worker'}` : 'n8n'} started with ${all.length} active workflow(s)${suffix}`, async () => {
			// trigger workflows register their webhooks on the servers' fresh state at start;
			// an expectation's prepare(ctx) may seed that state first (e.g. what a poll will find)
			await servers.reset();
			for (const entry of triggers) {
				if (entry.expectation.prepare) await entry.expectation.prepare({ assert, ...serverContext(servers, entry.expectation.servers) });
			}
			await topo.startStores();
			// import (in queue mode n8n's CLI wants Redis) and activate / publish
			const times = [];
			let mark = Date.now();
			const took = (what) => {
				times.push(`${what} ${((Date.now() - mark) / 1000).toFixed(1)} s`);
				mark = Date.now();
			};
			await prepareUserFolder(info, userFolder, tarball, servers, all, topo.mainEnv);
			took('install and import');
			// the trigger workflows are active before n8n starts (their activation at start is what
			// their scenarios check); the webhook variants are plain Webhook nodes, activated below
			// through the REST API of the running main: one request each instead of one n8n CLI
			// process each (5 to 10 s apiece on a busy machine, for ~30 variants per version)
			// (a scenario whose trigger must not run before it, e.g. a poll that reads every project,
			// activates its workflow itself: `activateInScenario`)
			const atStart = triggers.filter((entry) => !entry.expectation.activateInScenario);
			// (n8n's CLI makes one UPDATE per workflow, `update:workflow` / `publish:workflow`, but
			// each is a process of 4 to 10 s: the same UPDATE for all of them, one process)
			const activated = await activateInDatabase(info, userFolder, atStart.map((v) => v.workflow.id));
			assert.equal(activated, atStart.length, 'workflows marked active in the database');
			took(`${atStart.length} activations in the database`);
			const main = await topo.startMain(1);
			await main.waitFor(/Editor is now accessible/, 180_000);
			took('main start');
			await topo.startWorkers(1);
			await waitUntilActivated(main, baseUrl, atStart);
			took('workers and activations at start');
			if (variants.length) await activateThroughRest(baseUrl, variants);
			took(`${variants.length} activations through the REST API`);
			process.stderr.write(`[e2e] timing ${label} start: ${times.join(', ')}\n`);
			if (webhookProcesses) {
				await topo.startWebhookProcesses(1);
				await topo.startProxy();
			}
			return true;
		});
		if (!ready) return;

		let rest;
		// checks a scenario leaves for the end of the phase (its live() returns {what, check}): an
		// example's no answer, which n8n's wait tracker resumes only at its next look (every 60 s)
		const deferred = [];
		for (const entry of triggers) {
			await test(`${label}: ${entry.base}${suffix}`, async () => {
				rest = rest ?? (await restClient(baseUrl));
				const liveCtx = scenarioContext({ entry, topo, servers, version, rest, activate: (entries) => activateThroughRest(baseUrl, entries) });
				// the scenarios share the stand-ins as if minutes apart: each starts with a fresh count of
				// the platform's content-creating limit (80 a minute; what the scenario itself does as the
				// platform's users, opening issues, counts as n8n's account's in the stand-in)
				liveCtx.codehosting?.server.setContentLimit({});
				let later;
				try {
					later = await entry.expectation.live(liveCtx);
				} catch (error) {
					// a scenario that fails before its end leaves its trigger active: its recovery passes would
					// then show up in the next scenarios' requests (seen: a failure beside a CPU hog made two
					// more fail); deactivated here, best effort, and the failure reported as it is
					await liveCtx.deactivate().catch(() => undefined);
					throw error;
				}
				if (later) deferred.push({ entry, later });
			});
		}

		for (const entry of variants) {
			await test(`${label}: ${entry.base} via webhook${queue ? ' on the worker' : ''}${suffix}`, async () => {
				await servers.reset(entry.expectation.servers);
				// an expectation's prepare(ctx) seeds the fresh stand-ins (e.g. a large organization)
				if (entry.expectation.prepare) await entry.expectation.prepare({ assert, ...serverContext(servers, entry.expectation.servers) });
				const before = await maxExecutionId(info, userFolder);
				// (queue mode: through the proxy to a webhook process, which hands the run to a worker)
				const response = await fetch(`${topo.webhookBase}webhook/${entry.webhookPath}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ e2e: entry.base }),
					signal: AbortSignal.timeout(180_000),
				});
				const responseText = await response.text();
				if (response.status === 404) {
					throw new Error(`webhook not registered (404): ${responseText.slice(0, 500)}`);
				}
				if (!entry.expectation.expectError) {
					assert.equal(response.status, 200, `webhook answered ${response.status}: ${responseText.slice(0, 500)}`);
				}
				const execution = await waitForExecution(topo, entry, before);
				checkRun(entry, execution, servers, topo.worker ? topo.worker.output() : topo.main.output());
			});
		}
		for (const { entry, later } of deferred) {
			await test(`${label}: ${entry.base}: ${later.what}${suffix}`, () => later.check());
		}
		await test(`${label}: no secret in n8n's logs${suffix}`, async () => {
			const { main, worker, webhooks } = topo.logs();
			for (const secret of secrets()) {
				assert.ok(!main.includes(secret), 'secret in the main log');
				if (topo.worker) assert.ok(!worker.includes(secret), 'secret in the worker log');
				for (const [i, text] of webhooks.entries()) assert.ok(!text.includes(secret), `secret in webhook process ${i + 1}'s log`);
			}
		});
	} finally {
		await topo.stop();
	}
}

module.exports = { runLive };
