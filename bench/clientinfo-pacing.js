#!/usr/bin/env node
'use strict';
/*
 * Pacing benchmark of the Client Info node against the strict local stand-in of the platform
 * (test/servers/clientinfo, the real window: 20 writes and 50 reads per 10 s).
 *
 *   node bench/clientinfo-pacing.js [--count 100] [--only ours|http] [--json]
 *
 * Runs, each against a fresh server:
 *   1. Client Info node, `count` client creates (writes)
 *   2. Client Info node, `count` client gets (reads)
 *   3. n8n's HTTP Request node (n8n-nodes-base of the pinned e2e runtime, if installed) with
 *      default options, `count` creates
 *   4. the same with its batching option set to stay under the limit: 20 items per 10 000 ms
 *   5. the same for reads: 50 items per 10 000 ms
 * and prints for each: wall time, 429s, items created / failed / duplicated, achieved rate and
 * its ratio to the limit (2 writes/s, 5 reads/s), and the physical floor (the call `limit + 1`
 * cannot start before one window after the first: for 100 writes the 81st starts at >= 40 s).
 *
 * Runs the TypeScript sources directly (typescript's transpileModule as a require hook) through
 * the same n8n-core WorkflowExecute harness as the tests; no build and no ts-node needed.
 */
const path = require('path');

const { ROOT, runNode: runNodeHarness, findHttpRequestNode } = require('./lib');
const { ClientInfo } = require(path.join(ROOT, 'nodes/ClientInfo/ClientInfo.node.ts'));
const { ClientInfoOAuth2Api } = require(path.join(ROOT, 'credentials/ClientInfoOAuth2Api.credentials.ts'));
const server = require(path.join(ROOT, 'test/servers/clientinfo/server.js'));

const args = process.argv.slice(2);
const option = (name, fallback) => {
	const index = args.indexOf(`--${name}`);
	return index === -1 ? fallback : args[index + 1];
};
const COUNT = Number(option('count', 100));
const ONLY = option('only', 'all');
const JSON_OUT = args.includes('--json');
const WINDOW_MS = 10_000;
const LIMITS = { write: 20, read: 50 };

/** The node under test over `items`, through the tests' WorkflowExecute harness. */
async function runNode({ nodeType, typeVersion = 1, parameters, items, credentials = {}, credentialTypes = [], continueOnFail = false }) {
	return await runNodeHarness({ node: nodeType, typeVersion, parameters, items, credentials, credentialTypes, continueOnFail });
}

function credentialsFor(srv) {
	return {
		clientInfoOAuth2Api: {
			baseUrl: srv.url,
			grantType: 'authorizationCode',
			authUrl: `${srv.url}/oauth/authorization`,
			accessTokenUrl: `${srv.url}/oauth/token`,
			clientId: server.CLIENT_ID,
			clientSecret: server.CLIENT_SECRET,
			scope: server.ALL_SCOPES.join(' '),
			authentication: 'header',
			oauthTokenData: { access_token: server.ACCESS_TOKEN, refresh_token: server.REFRESH_TOKEN, token_type: 'Bearer' },
		},
	};
}

const createItems = () => Array.from({ length: COUNT }, (_, i) => ({ name: `Bench client ${i}`, email: `bench-${i}@example.com` }));

/** What the server saw: accepted calls of the kind, 429s, clients created per email. */
function outcome(srv, kind, started, finished, result) {
	const isKind = (request) => (kind === 'read' ? request.method === 'GET' : request.method !== 'GET');
	const calls = srv.apiRequests().filter(isKind);
	const accepted = calls.filter((request) => !request.rateLimited && request.status < 400);
	const perEmail = new Map();
	for (const client of Object.values(srv.state.clients)) perEmail.set(client.email, (perEmail.get(client.email) ?? 0) + 1);
	const wanted = createItems().map((item) => item.email);
	const limit = LIMITS[kind];
	const seconds = (finished - started) / 1000;
	const floorSeconds = (Math.ceil(COUNT / limit) - 1) * (WINDOW_MS / 1000);
	const acceptedTimes = accepted.map((request) => request.at);
	const overflowGap = acceptedTimes.length > limit ? (acceptedTimes[limit] - acceptedTimes[0]) / 1000 : undefined;
	return {
		seconds: Number(seconds.toFixed(2)),
		calls: calls.length,
		accepted: accepted.length,
		rateLimited: calls.filter((request) => request.rateLimited).length,
		outputItems: result.output.length,
		errorItems: result.output.filter((item) => item.json && item.json.error !== undefined).length,
		nodeError: result.error ? String(result.error.message).slice(0, 120) : undefined,
		...(kind === 'write'
			? {
					created: wanted.filter((email) => perEmail.get(email) === 1).length,
					duplicated: wanted.filter((email) => (perEmail.get(email) ?? 0) > 1).length,
					missing: wanted.filter((email) => !perEmail.has(email)).length,
				}
			: {}),
		ratePerSecond: Number((accepted.length / seconds).toFixed(3)),
		limitPerSecond: limit / (WINDOW_MS / 1000),
		rateOverLimit: Number((accepted.length / seconds / (limit / (WINDOW_MS / 1000))).toFixed(3)),
		floorSeconds,
		overFloorPercent: floorSeconds > 0 ? Number((((seconds - floorSeconds) / floorSeconds) * 100).toFixed(2)) : undefined,
		[`call${limit + 1}AfterFirstSeconds`]: overflowGap === undefined ? undefined : Number(overflowGap.toFixed(3)),
	};
}

async function scenario(name, kind, body) {
	const srv = server.createClientInfoServer({ windowMs: WINDOW_MS });
	await srv.start();
	process.stderr.write(`[bench] ${name} ...\n`);
	const started = Date.now();
	let result;
	try {
		result = await body(srv);
	} catch (error) {
		result = { output: [], error };
	}
	const finished = Date.now();
	const summary = { scenario: name, ...outcome(srv, kind, started, finished, result) };
	await srv.stop();
	process.stderr.write(`[bench] ${name}: ${summary.seconds} s, ${summary.rateLimited} x 429\n`);
	return summary;
}

function httpParameters(srv, kind, batching) {
	const common = {
		sendHeaders: true,
		specifyHeaders: 'keypair',
		headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${server.ACCESS_TOKEN}` }] },
		options: batching ? { batching: { batch: { batchSize: batching.size, batchInterval: batching.intervalMs } } } : {},
	};
	if (kind === 'read') {
		return { ...common, method: 'GET', url: `${srv.url}${server.API}/clients/${server.SEEDED_CLIENT_ID}` };
	}
	return {
		...common,
		method: 'POST',
		url: `${srv.url}${server.API}/clients`,
		sendBody: true,
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: '={{ JSON.stringify({ name: $json.name, email: $json.email }) }}',
	};
}

async function main() {
	const results = [];
	const clientInfo = new ClientInfo();
	const credentialTypes = [new ClientInfoOAuth2Api()];
	if (ONLY === 'all' || ONLY === 'ours') {
		results.push(
			await scenario(`Client Info node: ${COUNT} creates`, 'write', async (srv) =>
				await runNode({
					nodeType: clientInfo,
					parameters: { resource: 'client', operation: 'create', name: '={{ $json.name }}', email: '={{ $json.email }}', additionalFields: {} },
					items: createItems(),
					credentials: credentialsFor(srv),
					credentialTypes,
				}),
			),
		);
		results.push(
			await scenario(`Client Info node: ${COUNT} reads`, 'read', async (srv) =>
				await runNode({
					nodeType: clientInfo,
					parameters: { resource: 'client', operation: 'get', clientId: { __rl: true, mode: 'id', value: server.SEEDED_CLIENT_ID } },
					items: Array.from({ length: COUNT }, () => ({})),
					credentials: credentialsFor(srv),
					credentialTypes,
				}),
			),
		);
	}
	const http = ONLY === 'all' || ONLY === 'http' ? findHttpRequestNode() : undefined;
	if ((ONLY === 'all' || ONLY === 'http') && !http) {
		process.stderr.write('[bench] n8n-nodes-base not found (install an e2e runtime: node e2e/install-runtime.js 2.8.4); HTTP Request runs skipped\n');
	}
	if (http) {
		const httpRun = (kind, batching, continueOnFail = false) => async (srv) =>
			await runNode({
				nodeType: http.node,
				typeVersion: 4.2,
				parameters: httpParameters(srv, kind, batching),
				items: kind === 'read' ? Array.from({ length: COUNT }, () => ({})) : createItems(),
				continueOnFail,
			});
		results.push(await scenario(`HTTP Request node 4.2, defaults: ${COUNT} creates`, 'write', httpRun('write')));
		results.push(await scenario(`HTTP Request node 4.2, Continue On Fail: ${COUNT} creates`, 'write', httpRun('write', undefined, true)));
		results.push(await scenario(`HTTP Request node 4.2, batching 20 / 10000 ms: ${COUNT} creates`, 'write', httpRun('write', { size: 20, intervalMs: 10_000 })));
		results.push(await scenario(`HTTP Request node 4.2, batching 50 / 10000 ms: ${COUNT} reads`, 'read', httpRun('read', { size: 50, intervalMs: 10_000 })));
	}

	if (JSON_OUT) {
		console.log(JSON.stringify({ count: COUNT, windowMs: WINDOW_MS, httpRequestNode: http?.version, results }, null, 2));
		return;
	}
	console.log(`Pacing against the strict stand-in: ${LIMITS.write} writes / ${LIMITS.read} reads per ${WINDOW_MS} ms, ${COUNT} items per run`);
	if (http) console.log(`HTTP Request node from ${http.version}`);
	console.log('');
	const columns = ['scenario', 'seconds', 'floorSeconds', 'overFloorPercent', 'rateLimited', 'accepted', 'errorItems', 'created', 'duplicated', 'missing', 'ratePerSecond', 'limitPerSecond', 'rateOverLimit', 'nodeError'];
	for (const row of results) {
		console.log(row.scenario);
		for (const column of columns.slice(1)) {
			if (row[column] !== undefined) console.log(`  ${column.padEnd(18)} ${row[column]}`);
		}
		const gap = Object.keys(row).find((key) => /^call\d+AfterFirstSeconds$/.test(key));
		if (gap && row[gap] !== undefined) console.log(`  ${gap.padEnd(18)} ${row[gap]}`);
		console.log('');
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
