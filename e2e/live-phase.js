'use strict';
/*
 * A running n8n for the e2e runner (steps 4 and 5 of run.js): `n8n start` (regular mode, n8n's
 * default SQLite), or queue mode as people scale it: `n8n start` (production webhooks off), two
 * `n8n worker`s, two `n8n webhook` processes behind a round-robin proxy, Redis and PostgreSQL.
 */
const assert = require('assert');
const fs = require('fs');
const path = require('path');

const { freePort } = require('./lib/procs');
const { startRoundRobinProxy } = require('./lib/proxy');
const { n8nEnv, n8nStart, readLatestExecution, maxExecutionId, restClient, startRedis, waitForPublication } = require('./lib/n8n');
const { queryOnce, useDatabase, activateInDatabase } = require('./lib/executions');
const { startPostgres, postgresEnv } = require('./lib/postgres');
const { waitUntil, DEADLINE_MS } = require('./lib/wait');
const { secrets } = require('./credentials');
const { test } = require('./results');
const { webhookVariant, checkRun, serverContext, manualOnly } = require('./workflow-checks');
const { prepareUserFolder } = require('./user-folder');

const { setTimeout: sleep } = require('timers/promises');

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

/**
 * A running n8n: `n8n start` (regular mode) or `n8n start` + `n8n worker`(s) + Redis (queue
 * mode). Trigger workflows run their expectation's live(ctx) scenario; the Manual Trigger
 * workflows run through a Webhook-trigger variant (by the main, or in queue mode by a worker).
 */
/** The jobs each queue-mode worker runs at once (`n8n worker --concurrency`). */
const WORKER_CONCURRENCY = 2;
/** Queue mode's workers (a scenario's `workers` can ask for another number: bench/queue-race.js measures one). */
const QUEUE_WORKERS = 2;

/**
 * One handle for the workers of a run: output() is theirs together (a check that an execution ran
 * on "the worker" accepts any of them), waitFor(regex) resolves when any prints it, stop() stops all.
 */
function workersHandle(list) {
	return {
		list,
		output: () => list.map((proc) => proc.output()).join('\n'),
		waitFor: (regex, ms) => Promise.any(list.map((proc) => proc.waitFor(regex, ms))).catch((error) => {
			throw error.errors?.[0] ?? error;
		}),
		async stop(ms) {
			await Promise.all(list.map((proc) => proc.stop(ms)));
		},
	};
}

async function runLive(version, info, ctx, base, { queue, webhookProcesses = 0, round = 1, rounds = 1 }) {
	const { tarball, servers, workflows } = ctx;
	// --repeat N: runLive runs once per round, from a fresh user folder (run.js); its tests carry the round
	const suffix = rounds > 1 ? ` (round ${round}/${rounds})` : '';
	const label = `n8n ${version} ${queue ? `queue mode${webhookProcesses ? ` with ${webhookProcesses} webhook processes` : ''}` : 'regular mode'}`;
	const userFolder = path.join(base, 'user');
	const logs = path.join(base, 'logs');
	fs.mkdirSync(logs, { recursive: true });
	const mainPort = await freePort();
	const baseUrl = `http://127.0.0.1:${mainPort}`;
	// 127.0.0.1, not localhost: n8n's own GitHub Trigger refuses webhook URLs containing "//localhost"
	const common = { WEBHOOK_URL: `http://127.0.0.1:${mainPort}/`, N8N_PORT: String(mainPort) };
	// queue mode's scaling set-up: `n8n webhook` processes behind a round-robin proxy receive the
	// production webhooks (the platform is given the proxy's URL); the main takes none of them
	const webhookPorts = [];
	for (let i = 0; i < webhookProcesses; i++) webhookPorts.push(await freePort());
	const proxyPort = webhookProcesses ? await freePort() : undefined;
	if (webhookProcesses) {
		common.WEBHOOK_URL = `http://127.0.0.1:${proxyPort}/`;
		// the editor's own URL (n8n builds the OAuth callback on it, else on WEBHOOK_URL), as a
		// scaled deployment sets it: the webhook processes serve no /rest
		common.N8N_EDITOR_BASE_URL = `${baseUrl}/`;
	}
	// queue mode on PostgreSQL, as n8n's scaling docs ask (e2e/lib/postgres.js): every process of
	// the run (main, worker, webhook processes, the CLI's import and activation) shares one cluster
	const postgresPort = queue ? await freePort() : undefined;
	if (queue) {
		Object.assign(common, {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(await freePort()),
			...postgresEnv(postgresPort),
		});
	}
	// each process its own event log: the processes share one user folder here (one container each
	// in a deployment), and a worker starting in queue mode marks as crashed every execution the
	// log shows started and not finished, also those another worker is running (n8n's
	// message-event-bus.js, `unfinishedExecutions`: seen on 2.8.4 with two workers)
	const eventLog = (name) => ({ N8N_EVENTBUS_LOGWRITER_LOGBASENAME: `n8nEventLog-${name}` });
	const mainEnv = n8nEnv(info, userFolder, { ...common, ...eventLog('main'), N8N_RUNNERS_BROKER_PORT: String(await freePort()) });
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
	const workerEnvs = [];
	const workerCount = queue ? Math.max(...all.map((entry) => entry.expectation.workers ?? QUEUE_WORKERS)) : 0;
	for (let i = 0; i < workerCount; i++) {
		workerEnvs.push(n8nEnv(info, userFolder, {
			...common,
			...eventLog(`worker-${i + 1}`),
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
		}));
	}
	/** Starts the workers (run: 1 at start, 2… after each restart); one handle for all of them. */
	async function startWorkers(run) {
		const list = workerEnvs.map((env, i) =>
			n8nStart(`n8n-worker-${i + 1}`, info, env, ['worker', `--concurrency=${WORKER_CONCURRENCY}`], path.join(logs, `worker-${i + 1}${run > 1 ? `-${run}` : ''}.log`)),
		);
		procs.push(...list);
		await Promise.all(list.map((proc) => proc.waitFor(/n8n worker is now ready/, 180_000)));
		return workersHandle(list);
	}
	const procs = [];
	let proxy;
	const webhookEnvs = [];
	for (const [i, port] of webhookPorts.entries()) webhookEnvs.push(n8nEnv(info, userFolder, { ...common, ...eventLog(`webhook-${i + 1}`), N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: String(await freePort()) }));
	/** Starts the `n8n webhook` processes (after the main: n8n's docs start them last). */
	async function startWebhookProcesses(run) {
		const started = [];
		for (const [i, env] of webhookEnvs.entries()) {
			const proc = n8nStart(`n8n-webhook-${i + 1}`, info, env, ['webhook'], path.join(logs, `webhook-${i + 1}${run > 1 ? `-${run}` : ''}.log`));
			procs.push(proc);
			started.push(proc);
		}
		for (const proc of started) await proc.waitFor(/Webhook listener waiting for requests/, 180_000);
		return started;
	}
	if (webhookProcesses) mainEnv.N8N_DISABLE_PRODUCTION_MAIN_PROCESS = 'true';
	try {
		const ready = await test(`${label}: ${queue ? `PostgreSQL, Redis, main and ${workerCount > 1 ? `${workerCount} workers` : 'worker'}` : 'n8n'} started with ${all.length} active workflow(s)${suffix}`, async () => {
			// trigger workflows register their webhooks on the servers' fresh state at start;
			// an expectation's prepare(ctx) may seed that state first (e.g. what a poll will find)
			await servers.reset();
			for (const entry of triggers) {
				if (entry.expectation.prepare) await entry.expectation.prepare({ assert, ...serverContext(servers, entry.expectation.servers) });
			}
			if (queue) {
				const postgres = await startPostgres(postgresPort, path.join(logs, 'postgres.log'));
				procs.push(postgres);
				useDatabase(userFolder, postgres.url);
				procs.push(await startRedis(Number(common.QUEUE_BULL_REDIS_PORT), path.join(base, 'redis'), path.join(logs, 'redis.log')));
			}
			// import (in queue mode n8n's CLI wants Redis) and activate / publish
			const times = [];
			let mark = Date.now();
			const took = (what) => {
				times.push(`${what} ${((Date.now() - mark) / 1000).toFixed(1)} s`);
				mark = Date.now();
			};
			await prepareUserFolder(info, userFolder, tarball, servers, all, mainEnv);
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
			const main = n8nStart('n8n-main', info, mainEnv, ['start'], path.join(logs, 'main.log'));
			procs.push(main);
			await main.waitFor(/Editor is now accessible/, 180_000);
			took('main start');
			const worker = queue ? await startWorkers(1) : undefined;
			await waitUntilActivated(main, baseUrl, atStart);
			took('workers and activations at start');
			if (variants.length) await activateThroughRest(baseUrl, variants);
			took(`${variants.length} activations through the REST API`);
			process.stderr.write(`[e2e] timing ${label} start: ${times.join(', ')}\n`);
			let hooks = [];
			if (webhookProcesses) {
				hooks = await startWebhookProcesses(1);
				// MCP's sessions live in one process: n8n's docs ask for every /mcp… request to reach one
				// webhook replica (MCP Server Trigger, "Configuring … with webhook replicas")
				proxy = await startRoundRobinProxy(proxyPort, webhookPorts, { pinned: /^\/mcp(-test)?\// });
			}
			return { main, worker, hooks };
		});
		if (!ready) return;
		let { main, worker, hooks } = ready;
		let earlierHooks = webhookPorts.map(() => '');
		/** Output of the n8n processes stopped by restart() (for the checks on logs and secrets). */
		let earlierMain = '';
		let earlierWorker = '';
		let restarts = 0;

		/**
		 * Stops n8n (the worker, then the main, as a deployment does), runs `whileStopped()` (deliveries
		 * made meanwhile meet a refused connection), starts the same main (and worker) again on the same
		 * ports, user folder and Redis, and resolves when the main has activated its workflows:
		 * { healthyAt: ms when /healthz first answered 200, readyAt: ms of "Editor is now accessible" }.
		 */
		async function restart(whileStopped) {
			restarts++;
			for (const [i, proc] of hooks.entries()) {
				await proc.stop(15_000);
				earlierHooks[i] += proc.output();
			}
			if (worker) {
				await worker.stop(15_000);
				earlierWorker += worker.output();
			}
			await main.stop(15_000);
			earlierMain += main.output();
			if (whileStopped) await whileStopped();
			// the receivers first: the main's recovery pass at start asks the platform to redeliver at
			// once, and the scenarios' pass interval (0.25 min) gives its three tries under a minute,
			// less than a webhook process takes to start on a loaded machine (103 s seen): started after
			// the main, the redeliveries met the proxy's 502 three times (given up), and one a starting
			// webhook process's 200 "n8n is starting up. Please wait" (n8n answers so before it is ready,
			// and runs nothing). Production intervals (5 min) give the three tries 10-15 minutes.
			if (webhookProcesses) hooks = await startWebhookProcesses(restarts + 1);
			main = n8nStart('n8n-main', info, mainEnv, ['start'], path.join(logs, `main-${restarts + 1}.log`));
			procs.push(main);
			let healthyAt;
			const started = Date.now();
			while (healthyAt === undefined && Date.now() - started < 180_000 && main.exitCode === undefined) {
				const ok = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
				if (ok) healthyAt = Date.now();
				else await sleep(100);
			}
			assert.ok(healthyAt, `n8n did not answer /healthz after the restart\n${main.output().slice(-3000)}`);
			await main.waitFor(/Editor is now accessible/, 180_000);
			const readyAt = Date.now();
			if (queue) worker = await startWorkers(restarts + 1);
			return { healthyAt, readyAt };
		}

		/**
		 * The first execution of `entry` after #`after`, once finished and written (in queue mode it
		 * must have run on the worker); `ready(execution)` can ask for more, named by `readyWhat`
		 * (e.g. a node that runs after a Wait: n8n 1.x on SQLite can show the finished status with
		 * the data saved while the execution waited). Fails after `timeoutMs` saying what it saw.
		 */
		async function waitForExecution(entry, after, { timeoutMs = DEADLINE_MS, ready = () => true, readyWhat = 'ready' } = {}) {
			const finished = (e) => e && !['new', 'running', 'waiting'].includes(e.status);
			// n8n 1.x on SQLite writes the status and the data in two statements: a finished status
			// can still have the data of the execution's start (no node run yet)
			const written = (e) => Object.keys(e.data?.resultData?.runData ?? {}).length > 0 || Boolean(e.data?.resultData?.error);
			const execution = await waitUntil(
				`an execution of "${entry.workflow.name}" after #${after} that is finished, has its data written and is ${readyWhat}`,
				() => readLatestExecution(info, userFolder, entry.workflow.id, { afterId: after }),
				{
					timeoutMs,
					done: (e) => finished(e) && written(e) && ready(e),
					describe: (e) => (e ? `#${e.id} ${e.status}, nodes run: ${Object.keys(e.data?.resultData?.runData ?? {}).join(', ') || 'none'}` : 'no execution'),
				},
			);
			if (queue) {
				// an execution of a trigger that ran before another scenario restarted n8n is in the
				// output of the processes that restart() stopped
				const startedLine = new RegExp(`Worker started execution ${execution.id}\\b`);
				const finishedLine = new RegExp(`Worker finished execution ${execution.id}\\b`);
				if (!finishedLine.test(earlierWorker)) await worker.waitFor(finishedLine, DEADLINE_MS);
				assert.match(earlierWorker + worker.output(), startedLine, `no worker ran execution ${execution.id}`);
				assert.doesNotMatch(earlierMain + main.output(), startedLine, 'the main process ran it');
			}
			return execution;
		}

		let rest;
		// checks a scenario leaves for the end of the phase (its live() returns {what, check}): an
		// example's no answer, which n8n's wait tracker resumes only at its next look (every 60 s)
		const deferred = [];
		for (const entry of triggers) {
			await test(`${label}: ${entry.base}${suffix}`, async () => {
				rest = rest ?? (await restClient(baseUrl));
				const liveCtx = {
					assert,
					version,
					queue,
					baseUrl,
					webhookBase: common.WEBHOOK_URL,
					workflow: entry.workflow,
					rest,
					sleep,
					waitUntil,
					lastExecutionId: () => maxExecutionId(info, userFolder),
					waitForExecution: (after, options) => waitForExecution(entry, after, options),
					/** The run checks every workflow gets (secrets, pairedItem, expectError) + items(). */
					checkExecution(execution, check) {
						checkRun({ ...entry, expectation: { servers: entry.expectation.servers, expectError: undefined, check } }, execution, servers, main.output() + (worker ? worker.output() : ''));
					},
					deactivate: () => rest('POST', `/workflows/${entry.workflow.id}/deactivate`, {}),
					/** Activates this workflow as the editor's toggle does (for `activateInScenario`). */
					activate: () => activateThroughRest(baseUrl, [entry]),
					logs: () => ({
						main: earlierMain + main.output(),
						worker: earlierWorker + (worker ? worker.output() : ''),
						webhooks: hooks.map((proc, i) => earlierHooks[i] + proc.output()),
					}),
					/** The round-robin proxy in front of the webhook processes: {url, sent (per process), log}. */
					proxy,
					/** This workflow's executions with an id above `after`, newest first: {id, status, mode, startedAt, stoppedAt (ms), data}. */
					executions: (after = 0) => queryOnce(info, userFolder, { op: 'executions', workflowId: entry.workflow.id, after }),
					/** This workflow's static data as n8n last saved it in its database. */
					staticData: () => queryOnce(info, userFolder, { op: 'staticData', workflowId: entry.workflow.id }),
					/** This workflow's entries in n8n's processed-data store: {context: [md5 base64 of each value]}. */
					processedData: () => queryOnce(info, userFolder, { op: 'processedData', workflowId: entry.workflow.id }),
					/** The workers of queue mode (0 in regular mode). */
					workers: workerCount,
					restart,
					/** Fresh stand-ins `names` (seeded state, no requests, same ports); ctx[name] then reads the new ones. */
					async resetServers(names) {
						await servers.reset(names);
						Object.assign(liveCtx, serverContext(servers, names));
					},
				};
				Object.assign(liveCtx, serverContext(servers, entry.expectation.servers));
				// the scenarios share the stand-ins as if minutes apart: each starts with a fresh count of
				// the platform's content-creating limit (80 a minute; what the scenario itself does as the
				// platform's users, opening issues, counts as n8n's account's in the stand-in)
				liveCtx.codehosting?.server.setContentLimit({});
				const later = await entry.expectation.live(liveCtx);
				if (later) deferred.push({ entry, later });
			});
		}

		for (const entry of variants) {
			await test(`${label}: ${entry.base} via webhook${queue ? ' on the worker' : ''}${suffix}`, async () => {
				await servers.reset(entry.expectation.servers);
				const before = await maxExecutionId(info, userFolder);
				// (queue mode: through the proxy to a webhook process, which hands the run to a worker)
				const response = await fetch(`${common.WEBHOOK_URL}webhook/${entry.webhookPath}`, {
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
				const execution = await waitForExecution(entry, before);
				checkRun(entry, execution, servers, worker ? worker.output() : main.output());
			});
		}
		for (const { entry, later } of deferred) {
			await test(`${label}: ${entry.base}: ${later.what}${suffix}`, () => later.check());
		}
		await test(`${label}: no secret in n8n's logs${suffix}`, async () => {
			for (const secret of secrets()) {
				assert.ok(!(earlierMain + main.output()).includes(secret), 'secret in the main log');
				if (worker) assert.ok(!(earlierWorker + worker.output()).includes(secret), 'secret in the worker log');
				for (const [i, proc] of hooks.entries()) assert.ok(!(earlierHooks[i] + proc.output()).includes(secret), `secret in webhook process ${i + 1}'s log`);
			}
		});
	} finally {
		if (proxy) await proxy.stop();
		for (const proc of procs.reverse()) await proc.stop(15_000).catch(() => {});
		useDatabase(userFolder, null);
	}
}

module.exports = { runLive };
