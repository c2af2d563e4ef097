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
 * 2. 500 Issue → Get calls (one per input item) through the Code Hosting node, and the same
 *    500 GETs through n8n's own HTTP Request node (n8n-nodes-base from an installed e2e
 *    runtime), both through n8n-core's WorkflowExecute in this process; rounds alternate
 *    which goes first; prints the median per-item time (wall clock, and CPU time of this process,
 *    which includes the local server and is less disturbed by other work on the machine) of
 *    each.
 * 3. The same two one-at-a-time runs, each node alone in its own Node process (child processes
 *    started in turn, rotating which goes first; 500 items x 3 per process after a warm-up), so
 *    neither shares a heap, sockets or JIT state with the other; ends with that ratio ours / HTTP
 *    Request one at a time (wall clock, median of rounds).
 */
const path = require('path');
const { spawnSync } = require('child_process');

const { ROOT, runNode, findHttpRequestNode, median } = require('./lib');
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
	/** Wall-clock and CPU milliseconds of one run. */
	const timed = async (run) => {
		const cpu = process.cpuUsage();
		const started = process.hrtime.bigint();
		const { output, error } = await run();
		if (error || output.length !== GETS) throw error ?? new Error(`got ${output.length} items`);
		const used = process.cpuUsage(cpu);
		return { wall: Number(process.hrtime.bigint() - started) / 1e6, cpu: (used.user + used.system) / 1000 };
	};
	const ours = async () =>
		await timed(() => codeHosting({ resource: 'issue', operation: 'get', ...repo, issueNumber: '={{ $json.number }}' }, items));
	const theirs = async (serial = false) =>
		await timed(() => runNode({
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
				// Without batching the HTTP Request node sends all items' requests at once;
				// batch size 1 makes it one at a time, as the Code Hosting node (and GitHub's
				// guidance against concurrent requests per token) does.
				options: serial ? { batching: { batch: { batchSize: 1, batchInterval: 0 } } } : {},
			},
			credentials: {},
			credentialTypes: [],
		}));

	if (SIDE) {
		// one side alone: warm-up, then 3 runs; median per item
		const run = SIDE === 'ours' ? ours : () => theirs(true);
		await run();
		const runs = [];
		for (let index = 0; index < 3; index++) runs.push(await run());
		console.log(JSON.stringify({ wall: median(runs.map((r) => r.wall)) / GETS, cpu: median(runs.map((r) => r.cpu)) / GETS }));
		await srv.stop();
		return;
	}

	console.log(`\n${GETS} × Issue → Get, ${ROUNDS} rounds (alternating order), median per item`);
	await ours(); // warm-up
	const oursMs = [];
	const serialMs = [];
	const concurrentMs = [];
	if (http) await theirs();
	for (let round = 0; round < ROUNDS; round++) {
		const runs = [async () => oursMs.push(await ours())];
		if (http) {
			runs.push(async () => serialMs.push(await theirs(true)));
			runs.push(async () => concurrentMs.push(await theirs(false)));
		}
		// Rotate who goes first.
		for (let index = 0; index < runs.length; index++) await runs[(index + round) % runs.length]();
	}
	const perItem = (runs, key) => median(runs.map((run) => run[key])) / GETS;
	const line = (label, runs) =>
		console.log(`  ${label.padEnd(52)} ${perItem(runs, 'wall').toFixed(3)} ms/item  (CPU ${perItem(runs, 'cpu').toFixed(3)} ms/item)`);
	line('Code Hosting node (one request at a time)', oursMs);
	if (http) {
		line('HTTP Request node 4.2, batch size 1 (one at a time)', serialMs);
		line('HTTP Request node 4.2, defaults (all at once)', concurrentMs);
		console.log(`  (${http.version})`);
		const ratio = (key, runs) => (perItem(oursMs, key) / perItem(runs, key)).toFixed(2);
		console.log(`  ratio ours / HTTP Request all at once:   ${ratio('wall', concurrentMs)}`);
		console.log(`  ratio ours / HTTP Request one at a time, CPU time: ${ratio('cpu', serialMs)}`);
		console.log(`  ratio ours / HTTP Request one at a time: ${ratio('wall', serialMs)}`);
		console.log(`\nThe same, each node alone in its own process, ${ROUNDS} rounds (rotating order), median per item`);
		const alone = { ours: [], http: [] };
		for (let round = 0; round < ROUNDS; round++) {
			for (const side of round % 2 === 0 ? ['ours', 'http'] : ['http', 'ours']) {
				const child = spawnSync(process.execPath, [__filename, '--side', side, '--gets', String(GETS), '--issues', '5'], { encoding: 'utf8', env: process.env });
				if (child.status !== 0) throw new Error(`--side ${side} failed: ${child.stderr}`);
				alone[side].push(JSON.parse(child.stdout.trim().split('\n').pop()));
			}
		}
		const aloneLine = (label, runs) =>
			console.log(`  ${label.padEnd(52)} ${median(runs.map((r) => r.wall)).toFixed(3)} ms/item  (CPU ${median(runs.map((r) => r.cpu)).toFixed(3)} ms/item)`);
		aloneLine('Code Hosting node, alone', alone.ours);
		aloneLine('HTTP Request node 4.2, batch size 1, alone', alone.http);
		const ratios = alone.ours.map((r, index) => r.wall / alone.http[index].wall);
		console.log(`  per-round ratios: ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
		console.log(`  ratio ours / HTTP Request one at a time, CPU time, each alone: ${(median(alone.ours.map((r) => r.cpu)) / median(alone.http.map((r) => r.cpu))).toFixed(2)}`);
		console.log(`  ratio ours / HTTP Request one at a time, each alone: ${median(ratios).toFixed(2)}`);
	} else {
		console.log('  HTTP Request node: n8n-nodes-base not found (install an e2e runtime: node e2e/install-runtime.js 2.8.4); comparison skipped');
	}
	await srv.stop();
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
