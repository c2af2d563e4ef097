'use strict';
/*
 * One Code Hosting Access → Review through n8n-core's WorkflowExecute (bench/lib.js), in its own
 * process, for bench/codehosting-access-review-scale.js: `--url U --org O --output X
 * [--invitations]`. Prints one JSON line: items, outputMB (the items' JSON), ms, peakRssMB
 * (sampled every 20 ms), the summary item, or the error.
 */
const path = require('path');

const { ROOT, runNode } = require('../lib');
const { CodeHosting } = require(path.join(ROOT, 'nodes/CodeHosting/CodeHosting.node.ts'));
const { CodeHostingApi } = require(path.join(ROOT, 'credentials/CodeHostingApi.credentials.ts'));
const { TOKEN } = require(path.join(ROOT, 'test/servers/codehosting/server.js'));

const option = (name) => {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? undefined : process.argv[index + 1];
};

async function main() {
	let peak = process.memoryUsage().rss;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
	const started = process.hrtime.bigint();
	const result = await runNode({
		node: new CodeHosting(),
		parameters: {
			authentication: 'accessToken',
			resource: 'access',
			operation: 'review',
			owner: { __rl: true, mode: 'name', value: option('org') },
			output: option('output'),
			options: { includeRepositoryInvitations: process.argv.includes('--invitations') },
		},
		credentialTypes: [new CodeHostingApi()],
		credentials: { codeHostingApi: { server: option('url'), accessToken: TOKEN } },
	});
	const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
	peak = Math.max(peak, process.memoryUsage().rss);
	clearInterval(sampler);
	let bytes = 0;
	for (const item of result.output ?? []) bytes += Buffer.byteLength(JSON.stringify(item.json));
	const summary = result.output?.at(-1)?.json;
	console.log(
		JSON.stringify({
			items: result.output?.length ?? 0,
			outputMB: Number((bytes / 1e6).toFixed(1)),
			ms,
			peakRssMB: Math.round(peak / 1e6),
			summary: summary?.kind === 'summary' ? summary : undefined,
			error: result.error ? result.error.message : undefined,
		}),
	);
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
