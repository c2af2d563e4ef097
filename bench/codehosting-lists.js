#!/usr/bin/env node
'use strict';
/*
 * Code Hosting benchmark against the strict local stand-in of the platform
 * (test/servers/codehosting), everything measured side by side in one run:
 *
 *   node bench/codehosting-lists.js [--issues 1000] [--gets 500] [--rounds 3]
 *
 * 1. Issue → Get Many over 1,000 items (issues and pull requests, as the platform lists them):
 *    Return All and Limit 150; prints the requests made against the minimum ceil(n/100).
 * 2. 500 Issue → Get calls (one per input item), all through n8n-core's WorkflowExecute in this
 *    process, in rotating order, median per item (wall clock, and CPU time of this process, which
 *    includes the local server), with the most requests each had in flight at once:
 *    - the Code Hosting node;
 *    - the sequential floor (floor-node.js): one parameter read and one awaited
 *      httpRequestWithAuthentication per item, nothing else;
 *    - n8n's HTTP Request node 4.2 (n8n-nodes-base from an installed e2e runtime) with one request
 *      in flight (inflight.js holds each request's socket until the answer of the one before it
 *      has been read);
 *    - the HTTP Request node with Batching 1 / 0 ms and with its defaults: both send all
 *      requests at once (the in-flight count shows it).
 * 3. The Code Hosting node, the floor and the HTTP Request node with one request in flight, each
 *    alone in its own Node process (500 items x 3 after a warm-up), so that none shares a heap,
 *    sockets or JIT state with another.
 * Ends with ours / HTTP Request one at a time (one request in flight, same process).
 */
const path = require('path');
const { spawnSync } = require('child_process');

const { ROOT, runNode, findHttpRequestNode, median } = require('./lib');
const { measureInFlight } = require('./inflight');
const { SequentialFloor } = require('./floor-node');
const { CodeHosting } = require(path.join(ROOT, 'nodes/CodeHosting/CodeHosting.node.ts'));
const { CodeHostingApi } = require(path.join(ROOT, 'credentials/CodeHostingApi.credentials.ts'));
const { createCodeHostingServer, TOKEN, LOGIN } = require(path.join(ROOT, 'test/servers/codehosting/server.js'));

const args = process.argv.slice(2);
const option = (name, fallback) => {
	const index = args.indexOf(`--${name}`);
	return index === -1 ? fallback : Number(args[index + 1]);
};
const ISSUES = option('issues', 1000);
const GETS = option('gets', 500);
const ROUNDS = option('rounds', 5);
/** --side ours|http: run only that side, alone in this process, and print its per-item times as JSON. */
const SIDE = (() => {
	const index = args.indexOf('--side');
	return index === -1 ? undefined : args[index + 1];
})();

const repo = {
	owner: { __rl: true, mode: 'name', value: LOGIN },
	repository: { __rl: true, mode: 'name', value: 'hello-world' },
};

async function main() {
	const srv = createCodeHostingServer({ autoDeliver: false, rateLimit: { limit: 1_000_000, remaining: 1_000_000 } });
	await srv.start();
	// The seed has 3 issues and 2 pull requests in hello-world; the list endpoint returns both.
	srv.addIssues(LOGIN, 'hello-world', ISSUES - 5);
	const credentials = { codeHostingApi: { server: srv.url, accessToken: TOKEN } };
	const codeHosting = (parameters, items = [{}]) =>
		runNode({ node: new CodeHosting(), parameters: { authentication: 'accessToken', ...parameters }, items, credentials, credentialTypes: [new CodeHostingApi()] });
	const listRequests = () => srv.requests.filter((request) => request.path === `/repos/${LOGIN}/hello-world/issues`).length;

	if (!SIDE) {
		console.log(`Code Hosting: Issue → Get Many over ${ISSUES} items`);
		for (const [label, parameters, expected] of [
			['Return All', { returnAll: true }, ISSUES],
			['Limit 150', { returnAll: false, limit: 150 }, 150],
		]) {
			srv.resetRequests();
			const started = process.hrtime.bigint();
			const { output, error } = await codeHosting({ resource: 'issue', operation: 'getAll', ...repo, ...parameters, filters: { state: 'all' } });
			const ms = Number(process.hrtime.bigint() - started) / 1e6;
			if (error) throw error;
			const minimum = Math.ceil(expected / 100);
			console.log(`  ${label.padEnd(11)} items ${String(output.length).padStart(5)}  requests ${String(listRequests()).padStart(3)}  minimum ceil(n/100) ${String(minimum).padStart(3)}  ratio ${(listRequests() / minimum).toFixed(2)}  ${ms.toFixed(0)} ms`);
		}
	}

	const http = findHttpRequestNode();
	const items = Array.from({ length: GETS }, (_, index) => ({ number: (index % 3) + 1 }));
	/** Wall-clock and CPU milliseconds of one run, and the most requests it had in flight at once. */
	const timed = async (run, oneAtATime = false) => {
		const cpu = process.cpuUsage();
		const started = process.hrtime.bigint();
		const { result, maxInFlight } = await measureInFlight(run, { oneAtATime });
		const { output, error } = result;
		if (error || output.length !== GETS) throw error ?? new Error(`got ${output.length} items`);
		const used = process.cpuUsage(cpu);
		return { wall: Number(process.hrtime.bigint() - started) / 1e6, cpu: (used.user + used.system) / 1000, maxInFlight };
	};
	const sides = {
		ours: async () =>
			await timed(() => codeHosting({ resource: 'issue', operation: 'get', ...repo, issueNumber: '={{ $json.number }}' }, items)),
		floor: async () =>
			await timed(() => runNode({
				node: new SequentialFloor(),
				parameters: { path: `/repos/${LOGIN}/hello-world`, issueNumber: '={{ $json.number }}' },
				items,
				credentials,
				credentialTypes: [new CodeHostingApi()],
			})),
	};
	if (http) {
		const theirs = (batchSize) => () =>
			runNode({
				node: http.node,
				typeVersion: 4.2,
				items,
				parameters: {
					method: 'GET',
					url: `=${srv.url}/repos/${LOGIN}/hello-world/issues/{{ $json.number }}`,
					sendHeaders: true,
					headerParameters: {
						parameters: [
							{ name: 'Authorization', value: `Bearer ${TOKEN}` },
							{ name: 'Accept', value: 'application/vnd.github+json' },
							{ name: 'X-GitHub-Api-Version', value: '2022-11-28' },
						],
					},
					options: batchSize ? { batching: { batch: { batchSize, batchInterval: 0 } } } : {},
				},
				credentials: {},
				credentialTypes: [],
			});
		// Batch size 1 with interval 0 still starts every request at once (see inflight.js):
		// the harness holds each request's socket until the answer of the one before it has been read.
		sides.http = async () => await timed(theirs(1), true);
		sides.httpBatch1 = async () => await timed(theirs(1));
		sides.httpDefaults = async () => await timed(theirs(0));
	}

	if (SIDE) {
		// one side alone: warm-up, then 3 runs; median per item
		const run = sides[SIDE];
		await run();
		const runs = [];
		for (let index = 0; index < 3; index++) runs.push(await run());
		console.log(JSON.stringify({ wall: median(runs.map((r) => r.wall)) / GETS, cpu: median(runs.map((r) => r.cpu)) / GETS }));
		await srv.stop();
		return;
	}

	console.log(`\n${GETS} × Issue → Get, ${ROUNDS} rounds (rotating order), median per item`);
	const names = Object.keys(sides);
	const runs = Object.fromEntries(names.map((name) => [name, []]));
	for (const name of names) await sides[name](); // warm-up
	for (let round = 0; round < ROUNDS; round++) {
		for (let index = 0; index < names.length; index++) {
			const name = names[(index + round) % names.length];
			runs[name].push(await sides[name]());
		}
	}
	const perItem = (name, key) => median(runs[name].map((run) => run[key])) / GETS;
	const labels = {
		ours: 'Code Hosting node',
		floor: 'sequential floor (bench/floor-node.js)',
		http: 'HTTP Request node 4.2, one request in flight',
		httpBatch1: 'HTTP Request node 4.2, batch size 1, interval 0',
		httpDefaults: 'HTTP Request node 4.2, defaults',
	};
	for (const name of names) {
		const inFlight = Math.max(...runs[name].map((run) => run.maxInFlight));
		console.log(
			`  ${labels[name].padEnd(48)} ${perItem(name, 'wall').toFixed(3)} ms/item  (CPU ${perItem(name, 'cpu').toFixed(3)})  in flight ≤ ${inFlight}`,
		);
	}
	const ratio = (a, b, key = 'wall') => (perItem(a, key) / perItem(b, key)).toFixed(2);
	console.log(`  ratio ours / sequential floor (the pack's own cost per item): ${ratio('ours', 'floor')} (CPU ${ratio('ours', 'floor', 'cpu')})`);
	if (!http) {
		console.log('  HTTP Request node: n8n-nodes-base not found (install an e2e runtime: node e2e/install-runtime.js 2.8.4); comparison skipped');
		await srv.stop();
		return;
	}
	console.log(`  (${http.version})`);
	console.log(`  ratio ours / HTTP Request batch size 1 (all at once, see in flight): ${ratio('ours', 'httpBatch1')}`);
	console.log(`  ratio sequential floor / HTTP Request one in flight (awaiting each answer): ${ratio('floor', 'http')}`);

	console.log(`\nThe same, each node alone in its own process, ${ROUNDS} rounds (rotating order), median per item`);
	const alone = { ours: [], floor: [], http: [] };
	for (let round = 0; round < ROUNDS; round++) {
		const order = Object.keys(alone);
		for (let index = 0; index < order.length; index++) {
			const side = order[(index + round) % order.length];
			const child = spawnSync(process.execPath, [__filename, '--side', side, '--gets', String(GETS), '--issues', '5'], { encoding: 'utf8', env: process.env });
			if (child.status !== 0) throw new Error(`--side ${side} failed: ${child.stderr}`);
			alone[side].push(JSON.parse(child.stdout.trim().split('\n').pop()));
		}
	}
	for (const side of Object.keys(alone)) {
		console.log(`  ${labels[side].padEnd(48)} ${median(alone[side].map((r) => r.wall)).toFixed(3)} ms/item  (CPU ${median(alone[side].map((r) => r.cpu)).toFixed(3)})`);
	}
	const aloneRatio = (a, b) => median(alone[a].map((r, index) => r.wall / alone[b][index].wall)).toFixed(2);
	console.log(`  ratio ours / sequential floor, each alone: ${aloneRatio('ours', 'floor')}`);
	console.log(`  ratio ours / HTTP Request one in flight, each alone: ${aloneRatio('ours', 'http')}`);
	console.log(`\nratio ours / HTTP Request one at a time (one request in flight, same process): ${ratio('ours', 'http')}`);
	await srv.stop();
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
