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
 *     example workflows of examples/; run each as imported with `n8n execute --id X --rawOutput`
 *     (one n8n process each) against fresh local servers and check it (workflow-checks.js), on the
 *     oldest and the newest version (lib/matrix.js), or on the one version tested;
 *  4. regular mode: `n8n start` with the trigger workflows (an expect.js with live(ctx)) active,
 *     and their scenario run against it (webhook registration, signed / unsigned deliveries,
 *     deactivation; an optional prepare(ctx) seeds the fresh servers before n8n starts); then each
 *     Manual Trigger workflow of e2e/workflows/ with a Webhook trigger in its place, run by the
 *     main against fresh local servers, read back from n8n's database and checked with its
 *     sibling *.expect.js (in one running n8n: an `n8n execute` process each cost 8-12 s of start);
 *  5. queue mode as people scale it: Redis (Debian's redis-server) and PostgreSQL (Debian's
 *     postgresql, one cluster per run: lib/postgres.js), `n8n start` with EXECUTIONS_MODE=queue and
 *     production webhooks off, two `n8n worker`s taking two jobs each, and two `n8n webhook`
 *     processes behind a round-robin proxy (lib/proxy.js; /mcp… always to the first, as n8n's docs
 *     ask) receiving the production webhooks; the trigger scenarios again, and the Manual Trigger
 *     workflows with a Webhook trigger in their place, started through the proxy so that a
 *     webhook process hands them to a worker; each execution is read back from n8n's database and
 *     checked the same way, and a worker's log must say "Worker started execution <id>";
 *  6. from a registry (registry-phase.js): the tarball published to a local verdaccio, installed
 *     and updated to a higher version through n8n's community-packages REST API, a workflow run.
 *  7. npm start (start-phase.js), once, on its default n8n (2.38.7) when that version is tested:
 *     scripts/start.js comes up with the pack, the examples and the credentials, Connect on the
 *     Code Hosting OAuth2 credential succeeds, n8n's editor in a real browser (browser-phase.js:
 *     every node, resource and operation, pickers, triggers, credential tests, the examples run
 *     from the canvas; --no-browser skips it), and SIGTERM or SIGKILL to it leaves nothing running.
 * Closes with "e2e: N passed, N failed" and exits non-zero on any failure. Every process it
 * started is stopped at the end, also on failure or Ctrl-C.
 *
 * What runs where (lib/matrix.js, e2e/README.md "What runs where"): every scenario runs on the
 * oldest and the newest pinned n8n; the versions between them run the scenarios that declare
 * `everyVersion` (their behaviour depends on n8n's version), unless --full.
 * Options: --n8n VERSION (repeatable or comma-separated; "all" = every pinned version),
 *          --full (every scenario on every version; N8N_E2E_FULL=1), --matrix all (this run is one
 *          version's share of a run of all: a CI job per version),
 *          --no-queue (skip queue mode), --only TEXT (workflows whose file name contains TEXT; TEXT,TEXT for several),
 *          --no-registry / --only-registry (skip / run only step 6), --only npm-start (only step 7,
 *          on the first version given),
 *          --browser-only TEXT (the browser checks whose name contains TEXT: creator, resources,
 *          triggers, credentials, examples, pickers), --repeat N (every check that runs a scenario
 *          runs N rounds, each a test of its own: each `n8n execute`, each browser check, and the
 *          running n8n of steps 4 and 5 — started anew per round, with all its scenarios; the
 *          summary prints how many rounds of each passed: the way to find a flake, e.g. beside a
 *          CPU hog, see e2e/README.md),
 *          --lanes N (default 2, or N8N_E2E_LANES): how many versions run at once, each with its own
 *          stand-ins, n8n processes and ports; npm start (step 7) takes the first lane free after
 *          the versions; --lanes 1 runs everything one after the other,
 *          --keep (keep the throwaway folders and logs for inspection).
 * Environment: N8N_E2E_VERSIONS, N8N_E2E_LANES, N8N_E2E_CACHE (runtime cache folder).
 */
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');

const { DEFAULT_VERSION, VERSIONS, REPO_ROOT } = require('./lib/runtime');
const { BOUNDS, boundsRunOn, declaration, scenarioRunsOn } = require('./lib/matrix');
const { writeTimings, reportBackgroundInstalls } = require('./timings');
const { ensureRuntimeAsync } = require('./lib/ensure-async');
const { ensureRedis } = require('./lib/n8n');
const { ensurePostgres } = require('./lib/postgres');

// What runs where (lib/matrix.js, e2e/README.md): the oldest and the newest pinned n8n run
// everything; the versions between them the scenarios that declare `everyVersion`. The examples with
// `n8n execute` (step 3: 8-12 s of n8n start per example) and the registry (step 6) run on the oldest
// and the newest; every version runs the examples that change access in its running n8n (their
// approvals: no, no answer, yes), and 2.38.7 runs all of them from the canvas (step 7). --full runs
// everything on every version asked for.
const { ensureChromium } = require('./lib/chromium');
const { buildAndPack, declaredTypes, readPackageJson } = require('./lib/pack');
const { freePort, stopAll, onStopRequest, runProcess } = require('./lib/procs');
const { n8nEnv, n8nCli, parseRunOutput } = require('./lib/n8n');
const { startServers } = require('../test/servers/run');
const { results, log, test, repeated, indent, summary } = require('./results');
const { loadWorkflows, loadExamples, webhookVariant, checkRun, GOVERNANCE_NODE_PREFIX } = require('./workflow-checks');
const { cli, prepareUserFolder } = require('./user-folder');
const { runLive } = require('./live-phase');
const { exampleScenarios } = require('./example-live');
const { runStartPhase } = require('./start-phase');
const { runRegistryPhase } = require('./registry-phase');

// ---------------------------------------------------------------- options
function lanesFrom(value, what) {
	const n = Number(value);
	if (!Number.isInteger(n) || n < 1) throw new Error(`${what} wants a whole number of lanes ≥ 1, got ${JSON.stringify(value)}`);
	return n;
}

function parseArgs(argv) {
	const opts = { versions: [], full: process.env.N8N_E2E_FULL === '1', matrix: undefined, queue: true, only: undefined, keep: false, registry: true, onlyRegistry: false, browser: true, browserOnly: undefined, repeat: 1, lanes: lanesFrom(process.env.N8N_E2E_LANES ?? '2', 'N8N_E2E_LANES') };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--n8n') opts.versions.push(...String(argv[++i] ?? '').split(','));
		else if (a.startsWith('--n8n=')) opts.versions.push(...a.slice(6).split(','));
		else if (a === '--no-queue') opts.queue = false;
		else if (a === '--full') opts.full = true;
		else if (a === '--matrix') opts.matrix = String(argv[++i] ?? '').split(',');
		else if (a === '--queue-only') opts.queueOnly = true;
		else if (a === '--only') opts.only = argv[++i];
		else if (a === '--keep') opts.keep = true;
		else if (a === '--no-registry') opts.registry = false;
		else if (a === '--no-browser') opts.browser = false;
		else if (a === '--only-registry') opts.onlyRegistry = true;
		else if (a === '--browser-only') opts.browserOnly = argv[++i];
		else if (a === '--repeat' || a.startsWith('--repeat=')) {
			const n = Number(a === '--repeat' ? argv[++i] : a.slice(9));
			if (!Number.isInteger(n) || n < 1) throw new Error(`--repeat wants a whole number of rounds ≥ 1, got ${JSON.stringify(n)}`);
			opts.repeat = n;
		}
		else if (a === '--lanes' || a.startsWith('--lanes=')) opts.lanes = lanesFrom(a === '--lanes' ? argv[++i] : a.slice(8), '--lanes');
		else if (a === '--help' || a === '-h') {
			console.log('usage: npm run test:e2e -- [--n8n VERSION|all] [--full] [--matrix VERSIONS|all] [--no-queue|--queue-only] [--only TEXT] [--no-registry|--only-registry] [--no-browser] [--browser-only TEXT] [--repeat N] [--lanes N] [--keep]');
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
	// --matrix all: this run is one version's share of a run of all (a GitHub Actions job per version)
	if (opts.matrix) {
		opts.matrix = opts.matrix.includes('all') ? Object.keys(VERSIONS) : opts.matrix.filter(Boolean);
		for (const v of opts.matrix) if (!VERSIONS[v]) throw new Error(`unknown n8n version ${v} in --matrix; pinned: ${Object.keys(VERSIONS).join(', ')}`);
	}
	return opts;
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
	// the versions between the oldest and the newest: the scenarios whose behaviour depends on the version
	const between = workflows.filter((entry) => !scenarioRunsOn(entry, version, opts));
	if (between.length) log(`${version}: ${between.length} scenarios run on ${BOUNDS.join(' and ')} only (oldestAndNewest; --full runs them here): ${between.map((entry) => entry.base).join(', ')}`);
	workflows.splice(0, workflows.length, ...workflows.filter((entry) => !between.includes(entry)));
	const ctx = { ...versionCtx, workflows };
	const timing = { version };
	const versionStarted = Date.now();
	const info = await test(`n8n ${version}: runtime installed`, async () => {
		// in a child process: a lane waiting for an install (or checking a cached one) leaves the
		// event loop to the other lane and the stand-ins
		const rt = await ensureRuntimeAsync(version, { log });
		timing.installMs = rt.installMs;
		timing.waitedMs = rt.waitedMs;
		timing.reused = rt.reused;
		const waited = rt.waitedMs > 1000 ? ` after waiting ${(rt.waitedMs / 1000).toFixed(0)} s for the background install` : '';
		log(`${version}: runtime ${rt.reused ? 'reused from' : 'installed into'} ${rt.dir}${waited}`);
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
		return await prepareUserFolder(info, userFolder, tarball, servers, examples, env);
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
		// the pack is built against the n8n-workflow of its dev dependencies; at run time it gets
		// n8n's own, which can lack an export (2.40's has no sleepWithAbort): a use of one that is
		// missing would fail only when that code runs, so every one is checked here
		await test(`n8n ${version}: every n8n-workflow export the pack uses exists in this n8n`, async () => {
			const used = new Set();
			const walk = (dir) => {
				for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
					const file = path.join(dir, item.name);
					if (item.isDirectory()) walk(file);
					else if (item.name.endsWith('.js')) for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bn8n_workflow_\d+\.([A-Za-z_$][\w$]*)/g)) used.add(m[1]);
				}
			};
			walk(path.join(prepared, 'dist'));
			assert.ok(used.size >= 3, `uses found in the pack's dist: ${[...used].join(', ')}`);
			const workflowDir = path.join(info.dir, 'node_modules', 'n8n-workflow');
			const res = await runProcess(info.node, ['-e', `process.stdout.write(JSON.stringify(Object.keys(require(${JSON.stringify(workflowDir)}))))`], { env: info.env, timeoutMs: 120_000 });
			assert.equal(res.code, 0, res.stderr);
			const exported = new Set(JSON.parse(res.stdout));
			assert.deepEqual([...used].filter((name) => !exported.has(name)).sort(), [], `n8n-workflow ${readPackageJson(workflowDir).version} of n8n ${version} lacks what the pack uses`);
		});
		// the examples as imported, from their Manual Trigger (the e2e workflows run in the running
		// n8n of regular and queue mode, below: one `n8n execute` process each cost 8-12 s of start)
		const cliExamples = !opts.queueOnly && boundsRunOn(version, opts);
		if (!cliExamples && !opts.queueOnly) log(`${version}: the examples run with n8n execute on ${BOUNDS.join(' and ')} (--full: on every version)`);
		for (const entry of cliExamples ? examples : []) {
			if (entry.expectation.notWithExecute) {
				await test(`n8n ${version}: ${entry.base}: its structure (not run with n8n execute: ${entry.expectation.notWithExecute})`, async () => entry.expectation.check({ assert }));
				continue;
			}
			await repeated(opts.repeat, `n8n ${version}: execute ${entry.base}`, async () => {
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

	// ---- trigger workflows and the Manual Trigger workflows' webhook variants in a running n8n (regular mode)
	if (workflows.length > 0 && !opts.queueOnly) {
		const liveStarted = Date.now();
		// --repeat: the whole running n8n again per round (a fresh user folder and fresh stand-ins;
		// scenarios share the stand-ins, and n8n caches what they hand out, so a round inside the
		// same n8n would not start as the first did)
		for (let round = 1; round <= opts.repeat; round++) {
			await runLive(version, info, ctx, path.join(base, `regular-${round}`), { queue: false, round, rounds: opts.repeat });
		}
		timing.regularMs = Date.now() - liveStarted;
	}
	// ---- queue mode as people scale it: main (production webhooks off), two workers, two `n8n
	// webhook` processes behind a round-robin proxy, Redis and PostgreSQL; every workflow
	if (opts.queue) {
		const queueStarted = Date.now();
		for (let round = 1; round <= opts.repeat; round++) {
			await runLive(version, info, ctx, path.join(base, `queue-${round}`), { queue: true, webhookProcesses: 2, round, rounds: opts.repeat });
		}
		timing.queueMs = Date.now() - queueStarted;
	}
	// ---- installed and updated from a local registry through n8n's community-packages API
	// (the oldest and the newest tested n8n: their community-packages APIs bracket the others';
	// --only-registry still runs it on any version asked for)
	if (opts.registry && boundsRunOn(version, opts)) timing.registryMs = await runRegistryPhase(version, info, { ...ctx, test, log, checkRun, webhookVariant });
	timing.runMs = Date.now() - runStarted;
	timing.totalMs = Date.now() - versionStarted;
	return timing;
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
		if (opts.only === 'npm-start') await runStartPhase({ version: opts.versions[0], test, log, workDir, browser: opts.browser, browserOnly: opts.browserOnly, repeat: opts.repeat });
		else await runVersions(opts, workDir, timings);
	} catch (error) {
		results.push({ name: 'e2e runner', ok: false, error });
		console.log(`FAIL e2e runner\n${indent(String(error.stack ?? error))}`);
	} finally {
		await stopAll();
		// a failed check keeps its n8n logs and databases: a failure under load must be readable afterwards
		const failed = results.some((r) => !r.ok);
		if (opts.keep || failed) log(`kept ${workDir}${opts.keep ? '' : ' (a check failed: its n8n logs and databases are there)'}`);
		else fs.rmSync(workDir, { recursive: true, force: true });
	}
	reportBackgroundInstalls();
	summary(timings, started);
	writeTimings(timings, started, opts);
}

async function runVersions(opts, workDir, timings) {
	const serverSets = [];
	let tarball;
	try {
		const examples = loadExamples(opts.only);
		// the examples that change access also run in the live phases: a no, no answer and a yes
		// to their approval (e2e/example-approvals.js)
		const workflows = [...loadWorkflows(opts.only), ...exampleScenarios(examples, { webhookVariant })];
		if (workflows.length === 0 && examples.length === 0) throw new Error('no e2e workflows found');
		// each scenario says where it runs, with the reason (lib/matrix.js): refused before anything starts
		for (const entry of workflows) declaration(entry.base, entry.expectation);
		tarball = await test('pack: npm run build + npm pack', async () => buildAndPack({ quiet: true }));
		if (!tarball) return;
		log(`tarball ${tarball}`);
		// npm start itself, once, on its default n8n when that is among the versions tested
		const startPhase = !opts.only && !opts.onlyRegistry && opts.versions.includes(DEFAULT_VERSION);
		// what a lane would otherwise install with apt-get while the other lane runs (lib/n8n.js, lib/chromium.js)
		if (opts.queue && !opts.onlyRegistry) {
			ensureRedis();
			ensurePostgres();
		}
		if (startPhase && opts.browser) ensureChromium();
		// servers the expectations read must start; others are started when they can be
		const required = [...new Set(workflows.flatMap((w) => w.expectation.servers ?? []))];
		const jobs = opts.versions.map((version) => async () => {
			// each version its own stand-ins: a lane resets them before every workflow it runs
			const servers = await startServers({ required });
			serverSets.push(servers);
			log(`${version}: test servers ${Object.entries(servers.urls).map(([k, v]) => `${k} ${v}`).join(', ')}`);
			try {
				timings[opts.versions.indexOf(version)] = await runVersion(version, { tarball, servers, workflows, examples, workDir, opts });
			} finally {
				await servers.stop();
				serverSets.splice(serverSets.indexOf(servers), 1);
			}
		});
		if (startPhase) {
			jobs.push(async () => {
				const t = Date.now();
				try {
					await runStartPhase({ version: DEFAULT_VERSION, test, log, workDir, browser: opts.browser, browserOnly: opts.browserOnly, repeat: opts.repeat });
				} finally {
					timings.startPhase = { version: DEFAULT_VERSION, ms: Date.now() - t, browser: opts.browser };
				}
			});
		}
		await inLanes(jobs, opts.lanes);
		const ran = timings.filter(Boolean);
		timings.length = 0;
		for (const t of ran) timings.push(t);
	} finally {
		await stopAll();
		for (const servers of serverSets) await servers.stop();
		if (tarball) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	}
}

/**
 * Runs `jobs` (async functions) `lanes` at a time, each taking the next one when it is free, in
 * their order: the versions in the background installer's order, then npm start. On two cores one
 * lane mostly waits (for n8n to start, an execution, a poll) while the other computes; every lane
 * has its own n8n processes, user folders, ports and stand-ins, and every check waits on state
 * (e2e/README.md), so a lane's load makes the other slower, never wrong.
 */
async function inLanes(jobs, lanes) {
	let next = 0;
	const lane = async () => {
		while (next < jobs.length) await jobs[next++]();
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, jobs.length)) }, lane));
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
