#!/usr/bin/env node
'use strict';
/*
 * Code Hosting Trigger webhook benchmark: signed deliveries per second that ONE real n8n accepts
 * through the pack's Code Hosting Trigger, against n8n's own GitHub Trigger
 * (n8n-nodes-base.githubTrigger) and n8n's Webhook node (responseMode onReceived) in the same n8n
 * instance, same payload, same headers, same client, same concurrency; plus the in-process cost
 * of signature verification.
 *
 *   node bench/codehosting-webhook.js [--n8n 2.38.7] [--deliveries 300] [--concurrency 8]
 *        [--rounds 5] [--warmup 40] [--event issues|push] [--env KEY=VALUE ...] [--profile] [--keep]
 *   node bench/codehosting-webhook.js --only-verify      # only part 2 (no n8n)
 *
 * Needs the pinned n8n runtime (installed into the cache like `npm run test:e2e`; cached after
 * the first time) and takes about 5 minutes. Not part of CI or jest.
 *
 * Part 1, in a real n8n (e2e/lib: pinned runtime, `npm pack` tarball installed as n8n installs
 * community packages, credentials and workflows imported, workflows published, `n8n start` on
 * free ports, regular mode, SQLite), three workflows "<trigger> → No Op" (bench/webhook/workflows.js):
 *  - ours: Code Hosting Trigger (newIssue, or newCommit with --event push); its activation
 *    registers a hook with a random secret on the local code-hosting server;
 *  - github: n8n's GitHub Trigger on the same repository and event, whose activation registers its
 *    own hook and secret (it refuses webhook URLs with "localhost", so n8n's WEBHOOK_URL is
 *    http://127.0.0.1:PORT/);
 *  - plain: Webhook (POST, responseMode onReceived).
 *  Each gets the same body (a real @octokit/webhooks-examples payload) and GitHub headers (a fresh
 *  X-GitHub-Delivery per delivery), signed with its own hook's secret, from the same keep-alive
 *  client with the same number in flight. Before measuring: unsigned and wrongly signed
 *  deliveries must get 401 (ours and GitHub's) and a ping 200, all without an execution.
 *  Each round sends N deliveries to each workflow, rotating which goes first; after each batch it
 *  waits until every execution has finished, then checks in n8n's database that the batch
 *  produced exactly N executions, all successful, carrying exactly the N delivery IDs sent, each
 *  with one item through to the No Op. Reported per workflow: accepted/s = N / (last HTTP answer -
 *  first request) and completed/s = N / (last execution's stoppedAt - first request); medians over
 *  the rounds and the medians of the per-round ratios ours / GitHub Trigger and ours / Webhook.
 * Part 2, in this process (bench/webhook/verification.js): verifySignature() against JSON.parse.
 *
 * Every process it starts (n8n and its task runner, the database reader, the local server) is
 * stopped at the end, also on an error or Ctrl-C.
 *
 * Why the Webhook node leads on n8n 2.x: with the default expression engine (isolated-vm), n8n
 * acquires an expression isolate for the webhook phase of every webhook whose start node is NOT
 * its own Webhook node with static parameters (2.38.7 live-webhooks.js webhookPhaseNeedsIsolate:
 * `startNode.type !== WEBHOOK_NODE_TYPE` → isolate), so no community trigger, and not n8n's own
 * GitHub Trigger either, can skip it. The generic rule of 2.38.7's n8n-workflow
 * (nodeParametersAreStatic, webhookDescriptionIsNativelyResolvable) is only asked after that type
 * check, so a trigger cannot qualify by declaring its webhook fields natively resolvable.
 * --env N8N_EXPRESSION_ENGINE=legacy removes the isolate for all three.
 */
const assert = require('assert');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const { ROOT, median } = require('./lib');
const { DEFAULT_VERSION, ensureN8n } = require(path.join(ROOT, 'e2e/lib/runtime'));
const { installPack, cleanEnv } = require(path.join(ROOT, 'e2e/lib/pack'));
const { freePort, stopAll, onStopRequest } = require(path.join(ROOT, 'e2e/lib/procs'));
const { n8nEnv, n8nCli, n8nStart, activateWorkflows } = require(path.join(ROOT, 'e2e/lib/n8n'));
const { startDbReader } = require(path.join(ROOT, 'e2e/lib/executions'));
const { startServers } = require(path.join(ROOT, 'test/servers/run'));
const { buildCredentials } = require(path.join(ROOT, 'e2e/credentials'));
const { deliveryPayload } = require('./webhook/payloads');
const { benchVerification, printVerification } = require('./webhook/verification');
const { post, deliveryHeaders, blast } = require('./webhook/deliveries');
const { workflows, githubCredential, webhookUrls } = require('./webhook/workflows');
const { printProfile } = require('./webhook/profile');

// ---------------------------------------------------------------- options
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
	const index = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
	if (index === -1) return fallback;
	return args[index].includes('=') ? args[index].split('=').slice(1).join('=') : args[index + 1];
};
const VERSION = option('n8n', DEFAULT_VERSION);
const N = Number(option('deliveries', 300));
const CONCURRENCY = Number(option('concurrency', 8));
const ROUNDS = Number(option('rounds', 5));
const WARMUP = Number(option('warmup', 40));
const EVENT = option('event', 'issues');
const KEEP = flag('keep');
const ONLY_VERIFY = flag('only-verify');
/** --profile: n8n's main process runs with --cpu-prof; the split of its time is printed at the end. */
const PROFILE = flag('profile');
/** --env KEY=VALUE (repeatable): extra environment for n8n, e.g. N8N_EXPRESSION_ENGINE=legacy. */
const EXTRA_ENV = Object.fromEntries(
	args.flatMap((a, i) => (a === '--env' ? [args[i + 1]] : a.startsWith('--env=') ? [a.slice(6)] : [])).map((kv) => {
		const at = String(kv).indexOf('=');
		if (at < 1) throw new Error(`--env wants KEY=VALUE, got ${kv}`);
		return [kv.slice(0, at), kv.slice(at + 1)];
	}),
);
if (!['issues', 'push'].includes(EVENT)) throw new Error('--event must be issues or push');

const { setTimeout: sleep } = require('timers/promises');
const log = (message) => console.log(`[bench] ${message}`);

// ---------------------------------------------------------------- part 1 helpers
/** `npm pack` of a build into a temporary folder (the shared dist/ of the clone is left alone). */
function packIntoTemp(workDir) {
	const stage = path.join(workDir, 'stage');
	fs.mkdirSync(stage, { recursive: true });
	const run = (cmd, argv, cwd) => {
		const res = spawnSync(cmd, argv, { cwd, env: cleanEnv(), encoding: 'utf8' });
		if (res.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed\n${res.stdout}${res.stderr}`);
		return res.stdout;
	};
	run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--outDir', path.join(stage, 'dist')], ROOT);
	for (const top of ['nodes', 'credentials']) {
		const walk = (dir) => {
			for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
				const full = path.join(dir, entry.name);
				if (entry.isDirectory()) walk(full);
				else if (/\.(svg|png)$/.test(entry.name)) {
					const target = path.join(stage, 'dist', path.relative(ROOT, full));
					fs.mkdirSync(path.dirname(target), { recursive: true });
					fs.copyFileSync(full, target);
				}
			}
		};
		walk(path.join(ROOT, top));
	}
	for (const file of ['package.json', 'README.md', 'LICENSE', 'LICENSE.md']) {
		if (fs.existsSync(path.join(ROOT, file))) fs.copyFileSync(path.join(ROOT, file), path.join(stage, file));
	}
	const out = path.join(workDir, 'tarball');
	fs.mkdirSync(out);
	run('npm', ['pack', '--ignore-scripts', '--pack-destination', out], stage);
	const tgz = fs.readdirSync(out).find((f) => f.endsWith('.tgz'));
	const listing = new Set(run('tar', ['-tzf', path.join(out, tgz)], out).split('\n').map((l) => l.replace(/^package\//, '')));
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const missing = [...pkg.n8n.nodes, ...pkg.n8n.credentials].filter((f) => !listing.has(f.replace(/^\.\//, '')));
	if (missing.length) throw new Error(`the tarball lacks ${missing.join(', ')}`);
	return path.join(out, tgz);
}

/** What a delivery's execution shows: its status, the delivery ids the Trigger emitted, items at the No Op. */
function deliveryOf(execution) {
	const runData = execution.data.resultData?.runData ?? {};
	const items = (name) => (runData[name]?.[0]?.data?.main?.[0] ?? []).map((i) => i.json);
	return {
		id: execution.id,
		status: execution.status,
		error: execution.data.resultData?.error?.message,
		startedAt: execution.startedAt,
		stoppedAt: execution.stoppedAt,
		deliveryIds: items('Trigger').map((j) => j.deliveryId ?? j.headers?.['x-github-delivery']),
		received: items('Received').length,
	};
}

// ---------------------------------------------------------------- main
async function main() {
	const started = Date.now();
	if (ONLY_VERIFY) {
		printVerification(benchVerification({ event: EVENT, rounds: ROUNDS }));
		return;
	}
	if (Object.keys(EXTRA_ENV).length) log(`extra n8n environment: ${Object.entries(EXTRA_ENV).map(([k, v]) => `${k}=${v}`).join(' ')}`);
	log(`n8n ${VERSION}; ${N} deliveries x ${ROUNDS} rounds per workflow, ${CONCURRENCY} in flight, warm-up ${WARMUP}; event ${EVENT}; ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
	const info = ensureN8n(VERSION);
	log(`runtime ${info.reused ? 'cached' : 'installed'}: ${info.dir}`);
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-bench-webhook-'));
	cleanup.workDir = workDir;
	const tarball = packIntoTemp(workDir);
	log(`packed ${path.basename(tarball)}`);

	const servers = await startServers({ only: ['codehosting'], required: ['codehosting'], serverOptions: { codehosting: { autoDeliver: false } } });
	cleanup.servers = servers;
	const srv = servers.get('codehosting').server;
	const { TOKEN } = servers.get('codehosting').module;

	const userFolder = path.join(workDir, 'user');
	const port = await freePort();
	const baseUrl = `http://127.0.0.1:${port}`;
	// 127.0.0.1, not localhost: n8n's GitHub Trigger refuses webhook URLs containing "//localhost"
	const webhookBase = `http://127.0.0.1:${port}/`;
	const env = n8nEnv(info, userFolder, {
		N8N_PORT: String(port),
		WEBHOOK_URL: webhookBase,
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		EXECUTIONS_DATA_PRUNE: 'false',
		N8N_METRICS: 'false',
		...EXTRA_ENV,
	});
	fs.mkdirSync(userFolder, { recursive: true });
	installPack(userFolder, tarball, { env: info.env });
	const write = (name, value) => {
		const file = path.join(workDir, 'import', name);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, JSON.stringify(value, null, 2));
		return file;
	};
	const cli = async (argv) => {
		const res = await n8nCli(info, env, argv);
		if (res.code !== 0) throw new Error(`n8n ${argv.join(' ')} exited ${res.code ?? res.signal}\n${(res.stdout + res.stderr).slice(-3000)}`);
	};
	const credentials = [...buildCredentials(servers.urls), githubCredential(servers.urls.codehosting, TOKEN)];
	await cli(['import:credentials', `--input=${write('credentials.json', credentials)}`]);
	const flows = workflows(EVENT);
	for (const [key, flow] of Object.entries(flows)) write(`workflows/${key}.json`, flow);
	await cli(['import:workflow', '--separate', `--input=${path.join(workDir, 'import', 'workflows')}`]);
	await activateWorkflows(info, env, Object.values(flows).map((flow) => flow.id));
	const profileDir = path.join(workDir, 'profiles');
	// Node flags for n8n's main process only (Node 20 refuses --cpu-prof in NODE_OPTIONS).
	const nodeArgs = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
	const main = n8nStart('n8n', info, env, ['start'], path.join(workDir, 'n8n.log'), nodeArgs);
	const bootStart = Date.now();
	await main.waitFor(/Editor is now accessible/, 240_000);
	log(`n8n started in ${((Date.now() - bootStart) / 1000).toFixed(0)} s on ${baseUrl}`);

	const urls = webhookUrls(webhookBase);
	const hookFor = (url, who) => {
		const hook = srv.hooks.find((h) => h.config?.url === url);
		assert.ok(hook, `${who} registered no hook for ${url} (hooks: ${JSON.stringify(srv.hooks.map((h) => h.config?.url))})`);
		assert.ok(typeof hook.config.secret === 'string' && hook.config.secret.length >= 32, `${who}'s hook has a random secret`);
		return hook;
	};
	const oursHook = hookFor(urls.ours, 'the Code Hosting Trigger');
	const githubHook = hookFor(urls.github, "n8n's GitHub Trigger");
	await srv.settle();

	const db = startDbReader(info, userFolder);
	cleanup.db = db;
	const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
	const body = Buffer.from(JSON.stringify(deliveryPayload(EVENT)), 'utf8');
	const sides = [
		{ key: 'ours', label: 'Code Hosting Trigger (this pack)', url: urls.ours, hook: oursHook, workflowId: flows.ours.id, results: [], sent: 0 },
		{ key: 'github', label: "n8n's GitHub Trigger", url: urls.github, hook: githubHook, workflowId: flows.github.id, results: [], sent: 0 },
		{ key: 'plain', label: "n8n's Webhook node (onReceived)", url: urls.plain, hook: oursHook, workflowId: flows.plain.id, results: [], sent: 0 },
	];

	// honesty checks: what must start nothing
	{
		const before = await db.query({ op: 'maxId' });
		for (const side of sides.filter((s) => s.key !== 'plain')) {
			const { secret } = side.hook.config;
			const missing = await post(agent, side.url, deliveryHeaders(EVENT, body, secret, side.hook.id, { signature: 'missing' }), body);
			const wrong = await post(agent, side.url, deliveryHeaders(EVENT, body, secret, side.hook.id, { signature: 'wrong' }), body);
			assert.equal(missing.status, 401, `${side.label}: unsigned delivery answered ${missing.status}`);
			assert.equal(wrong.status, 401, `${side.label}: wrongly signed delivery answered ${wrong.status}`);
		}
		const pingBody = Buffer.from(JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: oursHook.id }));
		const ping = await post(agent, urls.ours, deliveryHeaders('ping', pingBody, oursHook.config.secret, oursHook.id), pingBody);
		assert.equal(ping.status, 200, `ping answered ${ping.status}`);
		await sleep(1000);
		assert.equal(await db.query({ op: 'maxId' }), before, 'unsigned / wrongly signed / ping deliveries started an execution');
		log('checks: unsigned 401 and wrongly signed 401 on both triggers, ping 200, no execution for any of them');
	}

	/** One batch to one side: send, wait for every execution to finish, verify, measure. */
	async function batch(side, n) {
		const before = await db.query({ op: 'maxId' });
		const sent = await blast(agent, side.url, EVENT, body, side.hook.config.secret, side.hook.id, n, CONCURRENCY);
		side.sent += n;
		const bad = sent.statuses.filter((s) => s !== 200);
		assert.equal(bad.length, 0, `${side.label}: ${bad.length} of ${n} deliveries were not answered 200 (${[...new Set(bad)].join(', ')})`);
		// wait until all n executions have finished
		const deadline = Date.now() + 300_000;
		for (;;) {
			const rows = await db.query({ op: 'status', workflowId: side.workflowId, after: before });
			const total = rows.reduce((a, r) => a + r.n, 0);
			const open = rows.filter((r) => ['new', 'running', 'waiting'].includes(r.status)).reduce((a, r) => a + r.n, 0);
			if (total >= n && open === 0) break;
			if (Date.now() > deadline) throw new Error(`${side.label}: only ${total - open} of ${n} executions finished in 300 s`);
			await sleep(100);
		}
		// exactly one execution per delivery, with that delivery's id, one item through to the No Op
		const executions = (await db.query({ op: 'executions', workflowId: side.workflowId, after: before })).map(deliveryOf);
		assert.equal(executions.length, n, `${side.label}: ${executions.length} executions for ${n} deliveries`);
		const failed = executions.filter((e) => e.status !== 'success');
		assert.equal(failed.length, 0, `${side.label}: ${failed.length} executions not successful: ${failed[0]?.status} ${failed[0]?.error ?? ''}`);
		const seen = executions.flatMap((e) => e.deliveryIds);
		assert.equal(seen.length, n, `${side.label}: ${seen.length} trigger items for ${n} deliveries`);
		assert.equal(new Set(seen).size, n, `${side.label}: a delivery ID appears in two executions`);
		const sentIds = new Set(sent.ids);
		assert.ok(seen.every((id) => sentIds.has(id)), `${side.label}: an execution carries a delivery ID that was not sent`);
		assert.ok(executions.every((e) => e.received === 1), `${side.label}: an execution without exactly one item at the No Op`);
		const stopped = Math.max(...executions.map((e) => e.stoppedAt));
		return {
			n,
			accepted: n / (sent.ms / 1000),
			completed: n / ((stopped - sent.startedAt) / 1000),
		};
	}

	// warm-up (not reported): every side, so JIT, caches and the database are warm for all
	for (const side of sides) await batch(side, WARMUP);
	log(`warm-up done (${WARMUP} deliveries each, verified)`);

	const pairs = [
		['ours', 'github'],
		['ours', 'plain'],
		['github', 'plain'],
	];
	const ratios = Object.fromEntries(pairs.map(([a, b]) => [`${a}/${b}`, { accepted: [], completed: [] }]));
	for (let round = 0; round < ROUNDS; round++) {
		const order = sides.map((_, k) => sides[(k + round) % sides.length]);
		const got = {};
		for (const side of order) {
			await sleep(500);
			got[side.key] = await batch(side, N);
			side.results.push(got[side.key]);
		}
		for (const [a, b] of pairs) {
			ratios[`${a}/${b}`].accepted.push(got[a].accepted / got[b].accepted);
			ratios[`${a}/${b}`].completed.push(got[a].completed / got[b].completed);
		}
		log(`round ${round + 1}/${ROUNDS} (${order.map((s) => s.key).join(', ')}): ${sides.map((s) => `${s.key} ${got[s.key].accepted.toFixed(1)} accepted/s, ${got[s.key].completed.toFixed(1)} completed/s`).join('; ')}`);
	}
	// every delivery of the whole run: exactly one execution
	for (const side of sides) {
		const count = await db.query({ op: 'count', workflowId: side.workflowId });
		assert.equal(count, side.sent, `${side.label}: ${count} executions in the database for ${side.sent} deliveries`);
	}

	const verification = benchVerification({ event: EVENT, rounds: ROUNDS });
	if (PROFILE) await main.stop(90_000); // n8n writes the profile as it exits

	const med = (side, key) => median(side.results.map((r) => r[key]));
	const fixed = (values, digits) => values.map((v) => v.toFixed(digits)).join(' ');
	console.log(`\nn8n ${VERSION}, one instance (regular mode, SQLite, expression engine ${env.N8N_EXPRESSION_ENGINE ?? 'default'}); ${N} deliveries per batch, ${CONCURRENCY} in flight, ${ROUNDS} rounds rotating which goes first`);
	console.log(`body: ${body.length} bytes (${EVENT === 'issues' ? 'issues.opened' : 'push'} from @octokit/webhooks-examples), same headers and client for all`);
	console.log('| workflow | accepted/s (median) | per round | completed/s (median) | per round | executions = deliveries |');
	console.log('|---|---:|---|---:|---|---|');
	for (const side of sides) {
		console.log(
			`| ${side.label} | ${med(side, 'accepted').toFixed(1)} | ${fixed(side.results.map((r) => r.accepted), 0)} | ${med(side, 'completed').toFixed(1)} | ${fixed(side.results.map((r) => r.completed), 0)} | ${side.sent} = ${side.sent} (incl. warm-up ${WARMUP}) |`,
		);
	}
	for (const [a, b] of pairs) {
		const r = ratios[`${a}/${b}`];
		console.log(`| ratio ${a} / ${b} (median of per-round ratios) | ${median(r.accepted).toFixed(3)} | ${fixed(r.accepted, 2)} | ${median(r.completed).toFixed(3)} | ${fixed(r.completed, 2)} | |`);
	}
	printVerification(verification);
	if (PROFILE) printProfile(profileDir, { ours: sides[0].sent, github: sides[1].sent });
	log(`run time ${((Date.now() - started) / 1000).toFixed(0)} s`);
	const last = ratios['ours/github'];
	console.log(`\nours / n8n's GitHub Trigger: accepted ${median(last.accepted).toFixed(3)}, completed ${median(last.completed).toFixed(3)}`);
	agent.destroy();
}

const cleanup = {};
async function stopEverything() {
	cleanup.db?.stop();
	await stopAll();
	if (cleanup.servers) await cleanup.servers.stop().catch(() => {});
	cleanup.servers = undefined;
	if (cleanup.workDir) {
		if (KEEP) log(`kept ${cleanup.workDir}`);
		else fs.rmSync(cleanup.workDir, { recursive: true, force: true });
		cleanup.workDir = undefined;
	}
}
onStopRequest((why) => {
	console.log(`\n[bench] ${why}: stopping`);
	stopEverything().finally(() => process.exit(130));
});

main()
	.catch((error) => {
		console.error(error);
		process.exitCode = 1;
	})
	.finally(stopEverything);
