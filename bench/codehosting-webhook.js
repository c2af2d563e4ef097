#!/usr/bin/env node
'use strict';
/*
 * Code Hosting Trigger webhook benchmark: signed deliveries per second that ONE real n8n accepts
 * through the pack's Code Hosting Trigger, against n8n's built-in Webhook node
 * (n8n-nodes-base.webhook, responseMode onReceived) in the same n8n instance, same payload, same
 * headers, same client, same concurrency; plus the in-process cost of signature verification.
 *
 *   node bench/codehosting-webhook.js [--n8n 2.38.7] [--deliveries 300] [--concurrency 8]
 *        [--rounds 5] [--warmup 40] [--event issues|push] [--env KEY=VALUE ...] [--keep]
 *   node bench/codehosting-webhook.js --only-verify      # only part 2 (no n8n)
 *
 * Needs the pinned n8n runtime (installed into the cache like `npm run test:e2e`; cached after
 * the first time) and takes about 3-4 minutes. Not part of CI or jest.
 *
 * Part 1, in a real n8n (e2e/lib: pinned runtime, `npm pack` tarball installed as n8n installs
 * community packages, credentials and workflows imported, workflows published, `n8n start` on
 * free ports, regular mode, SQLite):
 *  - workflow A: Code Hosting Trigger (newIssue, or newCommit with --event push) → No Op; activation
 *    registers a hook with a random secret on the local code-hosting server
 *    (test/servers/codehosting); the benchmark signs its deliveries with that hook's secret
 *    (X-Hub-Signature-256 and X-Hub-Signature, as GitHub does);
 *  - workflow B: Webhook (POST, responseMode onReceived) → No Op;
 *  - both get the same body (a real @octokit/webhooks-examples payload), the same GitHub headers
 *    (a fresh X-GitHub-Delivery per delivery), from the same keep-alive HTTP client with the
 *    same number in flight. Before measuring: unsigned and wrongly signed deliveries must get
 *    401 and a ping 200, all without an execution.
 *  - each round sends N deliveries to each workflow, alternating which goes first; after each
 *    batch it waits until every execution has finished, then checks in n8n's database that the
 *    batch produced exactly N executions, all successful, carrying exactly the N delivery IDs
 *    sent (no duplicate, none missing), each with one item through to the No Op.
 *  - reported per workflow: accepted/s = N / (last HTTP answer - first request), and
 *    completed/s = N / (last execution's stoppedAt - first request); medians over the rounds and
 *    the median of the per-round ratios trigger / webhook.
 * Part 2, in this process: verifySignature() of nodes/CodeHostingTrigger (TypeScript loaded by
 * bench/lib.js's require hook) against JSON.parse of the same body text, for a real 5.8 KB
 * payload, the 11.6 KB payload of part 1 and a 1 MB push payload (a real push example with its
 * commit repeated); rounds alternate which is timed first; median ns per delivery and the ratio.
 *
 * Every process it starts (n8n and its task runner, the database reader, the local server) is
 * stopped at the end, also on an error or Ctrl-C.
 *
 * --env KEY=VALUE (repeatable) passes extra environment to n8n. What it showed on n8n 2.38.7:
 * n8n 2.x evaluates expressions in an isolated-vm isolate (N8N_EXPRESSION_ENGINE=vm, pool of 1)
 * and acquires one for the webhook phase of every webhook node EXCEPT its own Webhook node with
 * static parameters (live-webhooks.js webhookPhaseNeedsIsolate, allowWebhookIsolateSkip); with
 * deliveries in flight the pool is exhausted and new isolates are created on demand. That,
 * not the trigger's code, is the gap: default engine ratio 0.57 (two runs: 0.566, 0.569), with
 * --env N8N_EXPRESSION_ENGINE=legacy 0.90-0.99 at 3-4x the rate for both, and with
 * --env N8N_EXPRESSION_ENGINE_ALLOW_WEBHOOK_ISOLATE_SKIP=false the Webhook node drops to the
 * trigger's rate or below.
 */
const assert = require('assert');
const crypto = require('crypto');
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
const { buildCredentials, CREDENTIAL_IDS } = require(path.join(ROOT, 'test/e2e/credentials'));
const { verifySignature } = require(path.join(ROOT, 'nodes/CodeHostingTrigger/webhook.ts'));

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
/** --env KEY=VALUE (repeatable): extra environment for n8n, e.g. N8N_EXPRESSION_ENGINE=legacy. */
const EXTRA_ENV = Object.fromEntries(
	args.flatMap((a, i) => (a === '--env' ? [args[i + 1]] : a.startsWith('--env=') ? [a.slice(6)] : [])).map((kv) => {
		const at = String(kv).indexOf('=');
		if (at < 1) throw new Error(`--env wants KEY=VALUE, got ${kv}`);
		return [kv.slice(0, at), kv.slice(at + 1)];
	}),
);
if (!['issues', 'push'].includes(EVENT)) throw new Error('--event must be issues or push');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (message) => console.log(`[bench] ${message}`);

// ---------------------------------------------------------------- payloads
const examples = require('@octokit/webhooks-examples');
function example(event, test) {
	const found = examples.find((e) => e.name === event).examples.find(test);
	if (!found) throw new Error(`no example for ${event}`);
	return JSON.parse(JSON.stringify(found));
}
/** The delivery of part 1: the first real `issues` opened example, or a real push with one commit. */
function deliveryPayload() {
	return EVENT === 'issues'
		? example('issues', (e) => e.action === 'opened')
		: example('push', (e) => Array.isArray(e.commits) && e.commits.length === 1);
}
/** A real push example whose one commit is repeated (distinct ids) until the body is >= `bytes`. */
function bigPush(bytes) {
	const push = example('push', (e) => Array.isArray(e.commits) && e.commits.length === 1);
	const commit = push.commits[0];
	const commits = [];
	let size = JSON.stringify(push).length;
	for (let i = 0; size < bytes; i++) {
		const id = crypto.createHash('sha1').update(String(i)).digest('hex');
		const copy = { ...commit, id, tree_id: id, url: commit.url.replace(commit.id, id), message: `${commit.message} (${i})` };
		commits.push(copy);
		size += JSON.stringify(copy).length + 1;
	}
	push.commits = commits;
	return push;
}

// ---------------------------------------------------------------- part 2: verification in process
function timeLoop(fn, iterations) {
	const started = process.hrtime.bigint();
	for (let i = 0; i < iterations; i++) fn();
	return Number(process.hrtime.bigint() - started) / iterations; // ns per call
}

function benchVerification() {
	const secret = crypto.randomBytes(32).toString('hex');
	const bodies = [
		['5.8 KB star.created (real)', example('star', (e) => e.action === 'created')],
		[`${EVENT === 'issues' ? '11.6 KB issues.opened' : '7.7 KB push'} (part 1's body)`, deliveryPayload()],
		['1 MB push (commits repeated)', bigPush(1024 * 1024)],
	];
	const rows = [];
	for (const [label, payload] of bodies) {
		const text = JSON.stringify(payload);
		const raw = Buffer.from(text, 'utf8');
		const header = `sha256=${crypto.createHmac('sha256', secret).update(raw).digest('hex')}`;
		assert.equal(verifySignature(raw, header, secret), true, 'the signature verifies');
		assert.equal(verifySignature(raw, header.replace(/.$/, (c) => (c === '0' ? '1' : '0')), secret), false);
		// aim at ~0.3 s per measurement per round
		const iterations = Math.max(20, Math.round(3e8 / Math.max(raw.length, 1) / 2));
		const verify = () => {
			if (!verifySignature(raw, header, secret)) throw new Error('signature rejected');
		};
		let sink = 0;
		const parse = () => {
			sink += JSON.parse(text) ? 1 : 0;
		};
		timeLoop(verify, Math.ceil(iterations / 5)); // warm-up
		timeLoop(parse, Math.ceil(iterations / 5));
		const verifyNs = [];
		const parseNs = [];
		const ratios = [];
		for (let round = 0; round < ROUNDS; round++) {
			let v;
			let p;
			if (round % 2 === 0) {
				v = timeLoop(verify, iterations);
				p = timeLoop(parse, iterations);
			} else {
				p = timeLoop(parse, iterations);
				v = timeLoop(verify, iterations);
			}
			verifyNs.push(v);
			parseNs.push(p);
			ratios.push(v / p);
		}
		if (sink < 0) console.log(sink);
		rows.push({ label, bytes: raw.length, verify: median(verifyNs), parse: median(parseNs), ratio: median(ratios), ratios });
	}
	return rows;
}

function printVerification(rows) {
	const us = (ns) => (ns / 1000).toFixed(ns < 100_000 ? 1 : 0);
	const mbs = (bytes, ns) => ((bytes / ns) * 1e9 / 1e6).toFixed(0);
	console.log('\nSignature verification in process (median of rounds; ratio = median of per-round verify / parse)');
	console.log('| body | bytes | verifySignature µs | MB/s | JSON.parse µs | MB/s | verify / parse | per-round ratios |');
	console.log('|---|---:|---:|---:|---:|---:|---:|---|');
	for (const r of rows) {
		console.log(
			`| ${r.label} | ${r.bytes} | ${us(r.verify)} | ${mbs(r.bytes, r.verify)} | ${us(r.parse)} | ${mbs(r.bytes, r.parse)} | ${r.ratio.toFixed(3)} | ${r.ratios.map((x) => x.toFixed(2)).join(' ')} |`,
		);
	}
}

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

const TRIGGER_WEBHOOK_ID = '7e0c55a2-6a51-4f0e-9a55-b3c9d1f0a001';
const PLAIN_PATH = 'bench-plain-webhook';

function workflows() {
	const trigger = {
		id: 'benchCodeHostTr1',
		name: 'Bench: Code Hosting Trigger',
		active: false,
		nodes: [
			{
				parameters: {
					authentication: 'accessToken',
					scope: 'repository',
					owner: { __rl: true, mode: 'name', value: 'octo-user' },
					repository: { __rl: true, mode: 'name', value: 'hello-world' },
					events: [EVENT === 'issues' ? 'newIssue' : 'newCommit'],
					options: {},
				},
				id: 'benchCodeHostTr1-n0',
				name: 'Trigger',
				type: 'n8n-nodes-governance-connectors.codeHostingTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId: TRIGGER_WEBHOOK_ID,
				credentials: { codeHostingApi: { id: CREDENTIAL_IDS.codeHostingApi, name: 'Code Hosting token (local test server)' } },
			},
			{ parameters: {}, id: 'benchCodeHostTr1-n1', name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0] },
		],
		connections: { Trigger: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
	const plain = {
		id: 'benchPlainWebho1',
		name: 'Bench: built-in Webhook',
		active: false,
		nodes: [
			{
				parameters: { httpMethod: 'POST', path: PLAIN_PATH, responseMode: 'onReceived', options: {} },
				id: 'benchPlainWebho1-n0',
				name: 'Trigger',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '7e0c55a2-6a51-4f0e-9a55-b3c9d1f0a002',
			},
			{ parameters: {}, id: 'benchPlainWebho1-n1', name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0] },
		],
		connections: { Trigger: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
	return { trigger, plain };
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

/** POSTs `body` with `headers`; resolves { status, text }. */
function post(agent, url, headers, body) {
	return new Promise((resolve, reject) => {
		const request = http.request(url, { method: 'POST', agent, headers: { ...headers, 'Content-Length': body.length }, timeout: 60_000 }, (response) => {
			const chunks = [];
			response.on('data', (chunk) => chunks.push(chunk));
			response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
			response.on('error', reject);
		});
		request.on('timeout', () => request.destroy(new Error('request timed out')));
		request.on('error', reject);
		request.end(body);
	});
}

/** GitHub's delivery headers (as test/servers/codehosting sends them), signed with `secret`. */
function deliveryHeaders(event, body, secret, hookId, { signature = 'valid', deliveryId = crypto.randomUUID() } = {}) {
	const headers = {
		'User-Agent': 'GitHub-Hookshot/044aadd',
		Accept: '*/*',
		'Content-Type': 'application/json',
		'X-GitHub-Event': event,
		'X-GitHub-Delivery': deliveryId,
		'X-GitHub-Hook-ID': String(hookId),
		'X-GitHub-Hook-Installation-Target-Type': 'repository',
		'X-GitHub-Hook-Installation-Target-ID': '1',
	};
	if (signature !== 'missing') {
		const key = signature === 'wrong' ? `${secret}-wrong` : secret;
		headers['X-Hub-Signature'] = `sha1=${crypto.createHmac('sha1', key).update(body).digest('hex')}`;
		headers['X-Hub-Signature-256'] = `sha256=${crypto.createHmac('sha256', key).update(body).digest('hex')}`;
	}
	return headers;
}

/**
 * Sends `n` deliveries of `body` to `url`, `concurrency` in flight. Signing is done before the
 * clock starts (the platform signs, not n8n). Returns { ids, statuses, startedAt, ms }.
 */
async function blast(agent, url, event, body, secret, hookId, n, concurrency) {
	const ids = Array.from({ length: n }, () => crypto.randomUUID());
	const sigs = deliveryHeaders(event, body, secret, hookId);
	const headers = ids.map((deliveryId) => ({ ...sigs, 'X-GitHub-Delivery': deliveryId }));
	const statuses = new Array(n);
	let next = 0;
	const startedAt = Date.now();
	const t0 = process.hrtime.bigint();
	async function worker() {
		while (next < n) {
			const i = next++;
			const res = await post(agent, url, headers[i], body);
			statuses[i] = res.status;
		}
	}
	await Promise.all(Array.from({ length: concurrency }, worker));
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	return { ids, statuses, startedAt, ms };
}

// ---------------------------------------------------------------- main
async function main() {
	const started = Date.now();
	if (ONLY_VERIFY) {
		printVerification(benchVerification());
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

	const userFolder = path.join(workDir, 'user');
	const port = await freePort();
	const baseUrl = `http://127.0.0.1:${port}`;
	const env = n8nEnv(info, userFolder, {
		N8N_PORT: String(port),
		WEBHOOK_URL: `http://localhost:${port}/`,
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
	await cli(['import:credentials', `--input=${write('credentials.json', buildCredentials(servers.urls))}`]);
	const { trigger, plain } = workflows();
	write('workflows/trigger.json', trigger);
	write('workflows/plain.json', plain);
	await cli(['import:workflow', '--separate', `--input=${path.join(workDir, 'import', 'workflows')}`]);
	await activateWorkflows(info, env, [trigger.id, plain.id]);
	const main = n8nStart('n8n', info, env, ['start'], path.join(workDir, 'n8n.log'));
	const bootStart = Date.now();
	await main.waitFor(/Editor is now accessible/, 240_000);
	log(`n8n started in ${((Date.now() - bootStart) / 1000).toFixed(0)} s on ${baseUrl}`);

	const triggerUrl = `${baseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
	const plainUrl = `${baseUrl}/webhook/${PLAIN_PATH}`;
	const hook = srv.hooks.find((h) => h.config?.url === `http://localhost:${port}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`);
	assert.ok(hook, `the trigger registered no hook (hooks: ${JSON.stringify(srv.hooks.map((h) => h.config?.url))})`);
	const secret = hook.config.secret;
	assert.ok(typeof secret === 'string' && secret.length >= 32, 'the hook has a random secret');
	await srv.settle();

	const db = startDbReader(info, userFolder);
	cleanup.db = db;
	const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
	const body = Buffer.from(JSON.stringify(deliveryPayload()), 'utf8');
	const sides = [
		{ key: 'trigger', label: 'Code Hosting Trigger', url: triggerUrl, workflowId: trigger.id, results: [], sent: 0 },
		{ key: 'plain', label: 'built-in Webhook (onReceived)', url: plainUrl, workflowId: plain.id, results: [], sent: 0 },
	];

	// honesty checks: what must start nothing
	{
		const before = await db.query({ op: 'maxId' });
		const missing = await post(agent, triggerUrl, deliveryHeaders(EVENT, body, secret, hook.id, { signature: 'missing' }), body);
		const wrong = await post(agent, triggerUrl, deliveryHeaders(EVENT, body, secret, hook.id, { signature: 'wrong' }), body);
		const pingBody = Buffer.from(JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: hook.id }));
		const ping = await post(agent, triggerUrl, deliveryHeaders('ping', pingBody, secret, hook.id), pingBody);
		assert.equal(missing.status, 401, `unsigned delivery answered ${missing.status}`);
		assert.equal(wrong.status, 401, `wrongly signed delivery answered ${wrong.status}`);
		assert.equal(ping.status, 200, `ping answered ${ping.status}`);
		await sleep(1000);
		assert.equal(await db.query({ op: 'maxId' }), before, 'unsigned / wrongly signed / ping deliveries started an execution');
		log('checks: unsigned 401, wrongly signed 401, ping 200, no execution for any of them');
	}

	/** One batch to one side: send, wait for every execution to finish, verify, measure. */
	async function batch(side, n) {
		const before = await db.query({ op: 'maxId' });
		const sent = await blast(agent, side.url, EVENT, body, secret, hook.id, n, CONCURRENCY);
		side.sent += n;
		const bad = sent.statuses.filter((s) => s !== 200);
		assert.equal(bad.length, 0, `${side.label}: ${bad.length} of ${n} deliveries were not answered 200 (${[...new Set(bad)].join(', ')})`);
		// wait until all n executions have finished
		const deadline = Date.now() + 300_000;
		let rows;
		for (;;) {
			rows = await db.query({ op: 'status', workflowId: side.workflowId, after: before });
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
		// no execution of the other workflow sneaked in
		const stopped = Math.max(...executions.map((e) => e.stoppedAt));
		return {
			n,
			acceptMs: sent.ms,
			completeMs: stopped - sent.startedAt,
			accepted: n / (sent.ms / 1000),
			completed: n / ((stopped - sent.startedAt) / 1000),
		};
	}

	// warm-up (not reported): both sides, so JIT, caches and the database are warm for both
	for (const side of sides) await batch(side, WARMUP);
	log(`warm-up done (${WARMUP} deliveries each, verified)`);

	const ratios = { accepted: [], completed: [] };
	for (let round = 0; round < ROUNDS; round++) {
		const order = round % 2 === 0 ? [sides[0], sides[1]] : [sides[1], sides[0]];
		const got = {};
		for (const side of order) {
			await sleep(500);
			got[side.key] = await batch(side, N);
			side.results.push(got[side.key]);
		}
		ratios.accepted.push(got.trigger.accepted / got.plain.accepted);
		ratios.completed.push(got.trigger.completed / got.plain.completed);
		log(
			`round ${round + 1}/${ROUNDS} (${order[0].key} first): trigger ${got.trigger.accepted.toFixed(1)} accepted/s, ${got.trigger.completed.toFixed(1)} completed/s; ` +
				`webhook ${got.plain.accepted.toFixed(1)} accepted/s, ${got.plain.completed.toFixed(1)} completed/s`,
		);
	}
	// every delivery of the whole run: exactly one execution
	for (const side of sides) {
		const count = await db.query({ op: 'count', workflowId: side.workflowId });
		assert.equal(count, side.sent, `${side.label}: ${count} executions in the database for ${side.sent} deliveries`);
	}

	const verification = benchVerification();

	const med = (side, key) => median(side.results.map((r) => r[key]));
	console.log(`\nn8n ${VERSION}, one instance (regular mode, SQLite, expression engine ${env.N8N_EXPRESSION_ENGINE ?? 'default'}); ${N} deliveries per batch, ${CONCURRENCY} in flight, ${ROUNDS} rounds alternating which goes first`);
	console.log(`body: ${body.length} bytes (${EVENT === 'issues' ? 'issues.opened' : 'push'} from @octokit/webhooks-examples), same headers and client for both`);
	console.log('| workflow | accepted/s (median) | per round | completed/s (median) | per round | executions = deliveries |');
	console.log('|---|---:|---|---:|---|---|');
	for (const side of sides) {
		console.log(
			`| ${side.label} | ${med(side, 'accepted').toFixed(1)} | ${side.results.map((r) => r.accepted.toFixed(0)).join(' ')} | ${med(side, 'completed').toFixed(1)} | ${side.results.map((r) => r.completed.toFixed(0)).join(' ')} | ${side.sent} = ${side.sent} (incl. warm-up ${WARMUP}) |`,
		);
	}
	console.log(
		`| ratio trigger / webhook (median of per-round ratios) | ${median(ratios.accepted).toFixed(3)} | ${ratios.accepted.map((r) => r.toFixed(2)).join(' ')} | ${median(ratios.completed).toFixed(3)} | ${ratios.completed.map((r) => r.toFixed(2)).join(' ')} | |`,
	);
	printVerification(verification);
	log(`run time ${((Date.now() - started) / 1000).toFixed(0)} s`);
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
