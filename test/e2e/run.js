#!/usr/bin/env node
'use strict';
/*
 * End-to-end tests in a real n8n (npm run test:e2e [-- --n8n VERSION ...]).
 *
 * For each n8n version (default: N8N_E2E_VERSIONS, comma-separated, else 2.38.7 and 1.123.81):
 *  1. install the pinned runtime (e2e/runtime/<version>, cached outside the clone);
 *  2. install the `npm pack` tarball into a throwaway user folder as n8n installs community
 *     packages, and check with `n8n export:nodes` that every node of package.json's n8n.nodes
 *     loaded;
 *  3. import credentials (secrets, pointing at the local servers of test/servers) and the
 *     workflows of test/e2e/workflows/*.json; run each with `n8n execute --id X --rawOutput`
 *     against fresh local servers and check it with its sibling *.expect.js;
 *  4. trigger workflows (an expect.js with live(ctx)): `n8n start` with them active, and their
 *     scenario run against it (webhook registration, signed / unsigned deliveries, deactivation);
 *     an optional prepare(ctx) seeds the fresh servers before n8n starts;
 *  5. queue mode: Redis (Debian's redis-server), `n8n start` with EXECUTIONS_MODE=queue and one
 *     `n8n worker`; the trigger scenarios again, and the Manual Trigger workflows with a Webhook
 *     trigger in their place, started through n8n's production webhook URL so that the worker
 *     runs them; each execution is read back from n8n's database and checked the same way, and
 *     the worker's log must say "Worker started execution <id>".
 *  6. from a registry (registry-phase.js): the tarball published to a local verdaccio, installed
 *     and updated to a higher version through n8n's community-packages REST API, a workflow run.
 *  7. npm start (start-phase.js), once, on its default n8n (2.38.7) when that version is tested:
 *     scripts/start.js comes up with the pack, the examples and the credentials, Connect on the
 *     Code Hosting OAuth2 credential succeeds, and SIGTERM or SIGKILL to it leaves nothing running.
 * Closes with "e2e: N passed, N failed" and exits non-zero on any failure. Every process it
 * started is stopped at the end, also on failure or Ctrl-C.
 *
 * Options: --n8n VERSION (repeatable or comma-separated; "all" = every pinned version),
 *          --no-queue (skip queue mode), --only TEXT (workflows whose file name contains TEXT),
 *          --no-registry / --only-registry (skip / run only step 6), --only npm-start (only step 7,
 *          on the first version given),
 *          --keep (keep the throwaway folders and logs for inspection).
 * Environment: N8N_E2E_VERSIONS, N8N_E2E_CACHE (runtime cache folder).
 */
const assert = require('assert');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');

const { DEFAULT_VERSION, VERSIONS, REPO_ROOT, ensureN8n } = require('../../e2e/lib/runtime');
const { buildAndPack, installPack, declaredTypes } = require('../../e2e/lib/pack');
const { freePort, stopAll, onStopRequest } = require('../../e2e/lib/procs');
const {
	n8nEnv,
	n8nCli,
	n8nStart,
	parseRunOutput,
	readLatestExecution,
	maxExecutionId,
	activateWorkflows,
	restClient,
	startRedis,
} = require('../../e2e/lib/n8n');
const { startServers } = require('../servers/run');
const { buildCredentials, secrets } = require('./credentials');
const { runStartPhase } = require('./start-phase');
const { runRegistryPhase } = require('./registry-phase');

const WORKFLOW_DIR = path.join(__dirname, 'workflows');
const GOVERNANCE_NODE_PREFIX = 'n8n-nodes-governance-connectors.';

// ---------------------------------------------------------------- options
function parseArgs(argv) {
	const opts = { versions: [], queue: true, only: undefined, keep: false, registry: true, onlyRegistry: false };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--n8n') opts.versions.push(...String(argv[++i] ?? '').split(','));
		else if (a.startsWith('--n8n=')) opts.versions.push(...a.slice(6).split(','));
		else if (a === '--no-queue') opts.queue = false;
		else if (a === '--only') opts.only = argv[++i];
		else if (a === '--keep') opts.keep = true;
		else if (a === '--no-registry') opts.registry = false;
		else if (a === '--only-registry') opts.onlyRegistry = true;
		else if (a === '--help' || a === '-h') {
			console.log('usage: npm run test:e2e -- [--n8n VERSION|all] [--no-queue] [--only TEXT] [--no-registry|--only-registry] [--keep]');
			process.exit(0);
		} else throw new Error(`unknown option ${a}`);
	}
	let versions = opts.versions.filter(Boolean);
	if (versions.length === 0 && process.env.N8N_E2E_VERSIONS) {
		versions = process.env.N8N_E2E_VERSIONS.split(',').map((v) => v.trim()).filter(Boolean);
	}
	if (versions.length === 0) versions = [DEFAULT_VERSION, '1.123.81'];
	if (versions.includes('all')) versions = Object.keys(VERSIONS);
	for (const v of versions) {
		if (!VERSIONS[v]) throw new Error(`unknown n8n version ${v}; pinned: ${Object.keys(VERSIONS).join(', ')}`);
	}
	opts.versions = [...new Set(versions)];
	return opts;
}

// ---------------------------------------------------------------- results
const results = [];
function log(message) {
	console.log(`[e2e] ${message}`);
}
async function test(name, fn) {
	const started = Date.now();
	try {
		const value = await fn();
		const ms = Date.now() - started;
		results.push({ name, ok: true, ms });
		console.log(`ok   ${name} (${(ms / 1000).toFixed(1)} s)`);
		return value;
	} catch (error) {
		const ms = Date.now() - started;
		results.push({ name, ok: false, ms, error });
		console.log(`FAIL ${name} (${(ms / 1000).toFixed(1)} s)`);
		let detail = String(error && error.stack ? error.stack : error);
		if (error && error.code === 'ERR_ASSERTION' && error.generatedMessage === false) {
			const show = (v) => (typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v, null, 1)?.slice(0, 1500));
			detail = `${detail}\nactual:   ${show(error.actual)}\nexpected: ${show(error.expected)}`;
		}
		console.log(indent(detail.slice(0, 8000)));
		return undefined;
	}
}
function indent(text) {
	return text.replace(/^/gm, '     ');
}

// ---------------------------------------------------------------- workflows
function loadWorkflows(only) {
	return fs
		.readdirSync(WORKFLOW_DIR)
		.filter((f) => f.endsWith('.json'))
		.filter((f) => !only || f.includes(only))
		.sort()
		.map((file) => {
			const base = file.replace(/\.json$/, '');
			const workflow = JSON.parse(fs.readFileSync(path.join(WORKFLOW_DIR, file), 'utf8'));
			const expectPath = path.join(WORKFLOW_DIR, `${base}.expect.js`);
			if (!fs.existsSync(expectPath)) throw new Error(`${file} has no ${base}.expect.js`);
			const expectation = require(expectPath);
			if (!workflow.id) throw new Error(`${file} has no id`);
			const manual = workflow.nodes.some((n) => n.type === 'n8n-nodes-base.manualTrigger');
			if (typeof expectation.live === 'function') {
				// a trigger workflow: activated in a running n8n, driven by expectation.live(ctx)
				return { base, file, workflow, expectation, trigger: true };
			}
			if (!manual) throw new Error(`${file} needs a Manual Trigger (or its expect.js a live() scenario)`);
			if (typeof expectation.check !== 'function') throw new Error(`${base}.expect.js exports no check()`);
			return { base, file, workflow, expectation };
		});
}

/**
 * The example workflows of examples/ (imported by `npm start`): each must run without error and
 * every one of its nodes must have run.
 */
function loadExamples(only) {
	const dir = path.join(REPO_ROOT, 'examples');
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.filter((f) => !only || f.includes(only))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
			const expectation = {
				servers: [],
				check({ assert: a, runData }) {
					for (const node of workflow.nodes) {
						if (node.type === 'n8n-nodes-base.stickyNote') continue;
						a.ok(runData[node.name], `node "${node.name}" did not run`);
					}
				},
			};
			return { base: `example ${file.replace(/\.json$/, '')}`, file, workflow, expectation, example: true };
		});
}

/** The workflow with each Manual Trigger replaced by a Webhook trigger of the same name. */
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
						responseMode: 'lastNode',
						responseData: 'allEntries',
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

function writeJson(file, value) {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify(value, null, 2));
	return file;
}

async function cli(info, env, args, what) {
	const res = await n8nCli(info, env, args);
	if (res.code !== 0) {
		throw new Error(`n8n ${args.join(' ')} (${what}) exited ${res.code ?? res.signal}\n${(res.stdout + res.stderr).slice(-4000)}`);
	}
	return res;
}

/** Installs the pack into a new user folder and imports credentials + workflows. */
async function prepareUserFolder(info, userFolder, tarball, servers, workflows, env, importArgs = []) {
	fs.mkdirSync(userFolder, { recursive: true });
	const { pkgDir } = installPack(userFolder, tarball, { env: info.env });
	const credFile = writeJson(path.join(userFolder, 'import', 'credentials.json'), buildCredentials(servers.urls));
	await cli(info, env, ['import:credentials', `--input=${credFile}`], 'import credentials');
	const wfDir = path.join(userFolder, 'import', 'workflows');
	fs.mkdirSync(wfDir, { recursive: true });
	for (const wf of workflows) writeJson(path.join(wfDir, `${wf.example ? 'example-' : ''}${wf.file}`), wf.workflow);
	await cli(info, env, ['import:workflow', '--separate', `--input=${wfDir}`, ...importArgs], 'import workflows');
	return pkgDir;
}

// ---------------------------------------------------------------- one version
async function runVersion(version, versionCtx) {
	const { tarball, servers, examples, workDir, opts } = versionCtx;
	// an expectation's skip(version) returns why a workflow cannot run on that n8n (or nothing)
	const workflows = versionCtx.workflows.filter((entry) => {
		const reason = entry.expectation.skip?.(version);
		if (reason) log(`${version}: skipped ${entry.base}: ${reason}`);
		return !reason;
	});
	const ctx = { ...versionCtx, workflows };
	const timing = { version };
	const versionStarted = Date.now();
	const info = await test(`n8n ${version}: runtime installed`, async () => {
		const rt = ensureN8n(version);
		timing.installMs = rt.installMs;
		timing.reused = rt.reused;
		log(`${version}: runtime ${rt.reused ? 'reused from' : 'installed into'} ${rt.dir}`);
		return rt;
	});
	if (!info) return timing;
	const runStarted = Date.now();
	const base = path.join(workDir, version);
	if (opts.onlyRegistry) {
		timing.registryMs = await runRegistryPhase(version, info, { ...ctx, test, log, checkRun, webhookVariant });
		timing.totalMs = Date.now() - versionStarted;
		return timing;
	}

	// ---- CLI: n8n execute
	const userFolder = path.join(base, 'cli');
	const env = n8nEnv(info, userFolder, {
		N8N_PORT: String(await freePort()),
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
	});
	const prepared = await test(`n8n ${version}: pack installed, credentials and workflows imported`, async () => {
		return await prepareUserFolder(info, userFolder, tarball, servers, [...manualOnly(workflows), ...examples], env);
	});
	if (prepared) {
		await test(`n8n ${version}: every node of the pack loads (export:nodes)`, async () => {
			const out = path.join(base, 'nodes.json');
			await cli(info, env, ['export:nodes', `--output=${out}`], 'export nodes');
			const exported = new Set(JSON.parse(fs.readFileSync(out, 'utf8')).map((n) => n.name));
			const { nodes } = declaredTypes(prepared);
			assert.ok(nodes.length > 0, 'package.json lists no nodes');
			const missing = nodes.filter((n) => !exported.has(n));
			const loaded = [...exported].filter((n) => n.startsWith(GOVERNANCE_NODE_PREFIX));
			assert.deepEqual(missing, [], `nodes not loaded by n8n (loaded: ${loaded.join(', ') || 'none'})`);
		});
		for (const entry of [...manualOnly(workflows), ...examples]) {
			await test(`n8n ${version}: execute ${entry.base}`, async () => {
				await servers.reset();
				const res = await n8nCli(info, env, ['execute', `--id=${entry.workflow.id}`, '--rawOutput']);
				const run = parseRunOutput(res.stdout);
				if (!run) {
					throw new Error(`no run JSON in the output (exit ${res.code ?? res.signal})\n${(res.stdout + res.stderr).slice(-4000)}`);
				}
				const failed = Boolean(run.data?.resultData?.error);
				if (res.signal || (res.code !== 0 && res.code !== 1)) {
					// n8n 2.38.7 on Node 24 sometimes crashes (SIGSEGV) while exiting after a complete run
					log(`${version}: n8n execute exited ${res.code ?? res.signal} after printing a complete run`);
				} else {
					assert.equal(res.code, failed ? 1 : 0, 'exit code matches the execution status');
				}
				checkRun(entry, run, servers, res.stdout + res.stderr);
			});
		}
	}
	timing.cliMs = Date.now() - runStarted;

	// ---- trigger workflows in a running n8n (regular mode)
	if (workflows.some((w) => w.trigger)) {
		const liveStarted = Date.now();
		await runLive(version, info, ctx, path.join(base, 'regular'), { queue: false });
		timing.regularMs = Date.now() - liveStarted;
	}
	// ---- queue mode: main + worker + Redis; every workflow
	if (opts.queue) {
		const queueStarted = Date.now();
		await runLive(version, info, ctx, path.join(base, 'queue'), { queue: true });
		timing.queueMs = Date.now() - queueStarted;
	}
	// ---- installed and updated from a local registry through n8n's community-packages API
	if (opts.registry) timing.registryMs = await runRegistryPhase(version, info, { ...ctx, test, log, checkRun, webhookVariant });
	timing.runMs = Date.now() - runStarted;
	timing.totalMs = Date.now() - versionStarted;
	return timing;
}

function manualOnly(workflows) {
	return workflows.filter((w) => !w.trigger);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A running n8n: `n8n start` (regular mode) or `n8n start` + one `n8n worker` + Redis (queue
 * mode). Trigger workflows run their expectation's live(ctx) scenario; in queue mode the Manual
 * Trigger workflows also run through a Webhook-trigger variant.
 */
async function runLive(version, info, ctx, base, { queue }) {
	const { tarball, servers, workflows } = ctx;
	const label = `n8n ${version} ${queue ? 'queue mode' : 'regular mode'}`;
	const userFolder = path.join(base, 'user');
	const logs = path.join(base, 'logs');
	fs.mkdirSync(logs, { recursive: true });
	const mainPort = await freePort();
	const baseUrl = `http://127.0.0.1:${mainPort}`;
	const common = { WEBHOOK_URL: `http://localhost:${mainPort}/`, N8N_PORT: String(mainPort) };
	if (queue) {
		Object.assign(common, {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(await freePort()),
		});
	}
	const mainEnv = n8nEnv(info, userFolder, { ...common, N8N_RUNNERS_BROKER_PORT: String(await freePort()) });
	const workerEnv = n8nEnv(info, userFolder, {
		...common,
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
	});
	const triggers = workflows.filter((w) => w.trigger);
	const variants = queue
		? manualOnly(workflows).map((entry) => {
				const v = webhookVariant(entry.workflow);
				return { ...entry, workflow: v.workflow, webhookPath: v.path };
			})
		: [];
	const all = [...triggers, ...variants];
	if (all.length === 0) return;
	const procs = [];
	try {
		const ready = await test(`${label}: ${queue ? 'Redis, main and worker' : 'n8n'} started with ${all.length} active workflow(s)`, async () => {
			// trigger workflows register their webhooks on the servers' fresh state at start;
			// an expectation's prepare(ctx) may seed that state first (e.g. what a poll will find)
			await servers.reset();
			for (const entry of triggers) {
				if (entry.expectation.prepare) await entry.expectation.prepare({ assert, ...serverContext(servers, entry.expectation.servers) });
			}
			if (queue) {
				procs.push(await startRedis(Number(common.QUEUE_BULL_REDIS_PORT), path.join(base, 'redis'), path.join(logs, 'redis.log')));
			}
			// import (in queue mode n8n's CLI wants Redis) and activate / publish
			await prepareUserFolder(info, userFolder, tarball, servers, all, mainEnv);
			await activateWorkflows(info, mainEnv, all.map((v) => v.workflow.id));
			const main = n8nStart('n8n-main', info, mainEnv, ['start'], path.join(logs, 'main.log'));
			procs.push(main);
			await main.waitFor(/Editor is now accessible/, 180_000);
			let worker;
			if (queue) {
				worker = n8nStart('n8n-worker', info, workerEnv, ['worker', '--concurrency=2'], path.join(logs, 'worker.log'));
				procs.push(worker);
				await worker.waitFor(/n8n worker is now ready/, 180_000);
			}
			for (const entry of all) {
				const re = new RegExp(`Activated workflow "${entry.workflow.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`);
				assert.match(main.output(), re, `workflow "${entry.workflow.name}" was not activated`);
			}
			return { main, worker };
		});
		if (!ready) return;
		const { main, worker } = ready;

		/** Waits for the next finished execution of `entry` after id `after`; in queue mode it must have run on the worker. */
		async function waitForExecution(entry, after, { timeoutMs = 60_000 } = {}) {
			const until = Date.now() + timeoutMs;
			const finished = (e) => e && !['new', 'running', 'waiting'].includes(e.status);
			// n8n 1.x on SQLite writes the status and the data in two statements: a finished status
			// can still have the data of the execution's start (no node run yet)
			const written = (e) => Object.keys(e.data?.resultData?.runData ?? {}).length > 0 || Boolean(e.data?.resultData?.error);
			let execution = null;
			while (Date.now() < until) {
				execution = await readLatestExecution(info, userFolder, entry.workflow.id, { afterId: after });
				if (finished(execution) && written(execution)) break;
				await sleep(300);
			}
			assert.ok(execution, `no execution of "${entry.workflow.name}" after #${after}`);
			assert.ok(finished(execution), `execution ${execution.id} still ${execution.status}`);
			assert.ok(written(execution), `execution ${execution.id} is ${execution.status} but its data has no node run`);
			if (queue) {
				const started = new RegExp(`Worker started execution ${execution.id}\\b`);
				await worker.waitFor(new RegExp(`Worker finished execution ${execution.id}\\b`), 30_000);
				assert.match(worker.output(), started, `the worker did not run execution ${execution.id}`);
				assert.doesNotMatch(main.output(), started, 'the main process ran it');
			}
			return execution;
		}

		let rest;
		for (const entry of triggers) {
			await test(`${label}: ${entry.base}`, async () => {
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
					lastExecutionId: () => maxExecutionId(info, userFolder),
					waitForExecution: (after, options) => waitForExecution(entry, after, options),
					/** The run checks every workflow gets (secrets, pairedItem, expectError) + items(). */
					checkExecution(execution, check) {
						checkRun({ ...entry, expectation: { servers: entry.expectation.servers, expectError: undefined, check } }, execution, servers, main.output() + (worker ? worker.output() : ''));
					},
					deactivate: () => rest('POST', `/workflows/${entry.workflow.id}/deactivate`, {}),
					logs: () => ({ main: main.output(), worker: worker ? worker.output() : '' }),
				};
				Object.assign(liveCtx, serverContext(servers, entry.expectation.servers));
				await entry.expectation.live(liveCtx);
			});
		}

		for (const entry of variants) {
			await test(`${label}: ${entry.base} via webhook on the worker`, async () => {
				await servers.reset(entry.expectation.servers);
				const before = await maxExecutionId(info, userFolder);
				const response = await fetch(`${baseUrl}/webhook/${entry.webhookPath}`, {
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
				checkRun(entry, execution, servers, worker ? worker.output() : '');
			});
		}
		await test(`${label}: no secret in n8n's logs`, async () => {
			for (const secret of secrets()) {
				assert.ok(!main.output().includes(secret), 'secret in the main log');
				if (worker) assert.ok(!worker.output().includes(secret), 'secret in the worker log');
			}
		});
	} finally {
		for (const proc of procs.reverse()) await proc.stop(15_000).catch(() => {});
	}
}

// ---------------------------------------------------------------- main
async function main() {
	const opts = parseArgs(process.argv.slice(2));
	const started = Date.now();
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
	cleanupOnSignal = () => {
		if (!opts.keep) fs.rmSync(workDir, { recursive: true, force: true });
	};
	log(`versions: ${opts.versions.join(', ')}; queue mode: ${opts.queue ? 'yes' : 'no'}; work folder ${workDir}`);
	const timings = [];
	try {
		if (opts.only === 'npm-start') await runStartPhase({ version: opts.versions[0], test, workDir });
		else await runVersions(opts, workDir, timings);
	} catch (error) {
		results.push({ name: 'e2e runner', ok: false, error });
		console.log(`FAIL e2e runner\n${indent(String(error.stack ?? error))}`);
	} finally {
		await stopAll();
		if (opts.keep) log(`kept ${workDir}`);
		else fs.rmSync(workDir, { recursive: true, force: true });
	}
	summary(timings, started);
}

/** Packs once, starts the test servers, and runs every version's phases (then npm start's). */
async function runVersions(opts, workDir, timings) {
	let servers;
	let tarball;
	try {
		const workflows = loadWorkflows(opts.only);
		if (workflows.length === 0) throw new Error('no e2e workflows found');
		const examples = loadExamples(opts.only);
		tarball = await test('pack: npm run build + npm pack', async () => buildAndPack({ quiet: true }));
		if (!tarball) return;
		log(`tarball ${tarball}`);
		// servers the expectations read must start; others are started when they can be
		const required = [...new Set(workflows.flatMap((w) => w.expectation.servers ?? []))];
		servers = await startServers({ required });
		log(`test servers: ${Object.entries(servers.urls).map(([k, v]) => `${k} ${v}`).join(', ')}`);
		for (const version of opts.versions) {
			timings.push(await runVersion(version, { tarball, servers, workflows, examples, workDir, opts }));
		}
		// npm start itself, once, on its default n8n when that is among the versions tested
		if (!opts.only && !opts.onlyRegistry && opts.versions.includes(DEFAULT_VERSION)) await runStartPhase({ version: DEFAULT_VERSION, test, workDir });
	} finally {
		await stopAll();
		if (servers) await servers.stop();
		if (tarball) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	}
}

function summary(timings, started) {
	const sec = (ms) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(0)} s`);
	for (const t of timings) {
		log(
			`timing n8n ${t.version}: install ${t.reused ? 'cached' : sec(t.installMs)}, n8n execute ${sec(t.cliMs)}, regular mode ${sec(t.regularMs)}, queue mode ${sec(t.queueMs)}, registry ${sec(t.registryMs)}, total ${sec(t.totalMs)}`,
		);
	}
	log(`total ${sec(Date.now() - started)}`);
	const failed = results.filter((r) => !r.ok);
	if (failed.length) {
		console.log('failed:');
		for (const r of failed) console.log(`  - ${r.name}`);
	}
	console.log(`e2e: ${results.length - failed.length} passed, ${failed.length} failed`);
	process.exitCode = failed.length ? 1 : 0;
}

let cleanupOnSignal = () => {};
onStopRequest((why) => {
	console.log(`\n[e2e] ${why}: stopping`);
	stopAll().finally(() => {
		cleanupOnSignal();
		process.exit(130);
	});
});

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exitCode = 1;
	});
}

module.exports = { webhookVariant, parseRunOutput, checkRun, REPO_ROOT };
