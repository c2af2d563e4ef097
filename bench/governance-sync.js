#!/usr/bin/env node
'use strict';
/*
 * Roster benchmark of the Governance node against the strict local stand-in of the control API
 * (test/servers/governance), side by side in one run:
 *
 *   node bench/governance-sync.js [--count 500] [--json]
 *
 *   1. Access → Sync of a `count`-person roster onto a project that already matches it;
 *   2. Access → Ensure once per person (the recipe before Sync existed), same roster, same project;
 *   3. Access → Sync with Dry Run of the same roster after 10 people changed (a realistic night).
 * For each: requests (reads / writes), wall time. The ratio printed last is Ensure's requests over
 * Sync's for the matching roster.
 *
 * Runs the TypeScript sources directly through the tests' WorkflowExecute harness (bench/lib.js).
 */
const path = require('path');

const { ROOT, runNode } = require('./lib');
const { Governance } = require(path.join(ROOT, 'nodes/Governance/Governance.node.ts'));
const { GovernanceApi } = require(path.join(ROOT, 'credentials/GovernanceApi.credentials.ts'));
const server = require(path.join(ROOT, 'test/servers/governance/server.js'));

const args = process.argv.slice(2);
const option = (name, fallback) => {
	const index = args.indexOf(`--${name}`);
	return index === -1 ? fallback : args[index + 1];
};
const COUNT = Number(option('count', 500));
const JSON_OUT = args.includes('--json');

/** A server whose credential project holds the admin, the viewer and `COUNT - 2` viewers; the roster that matches it. */
async function matchingServer() {
	const srv = server.createGovernanceServer();
	await srv.start();
	srv.addUsers(COUNT - 2, 'staff');
	const roster = [
		{ email: 'admin@example.com', roles: ['admin'] },
		{ email: 'viewer@example.com', roles: ['viewer'] },
		...Array.from({ length: COUNT - 2 }, (_, i) => ({ email: `staff-${String(i).padStart(4, '0')}@example.com`, roles: ['viewer'] })),
	];
	return { srv, roster };
}

async function run(srv, parameters, items) {
	srv.resetRequests();
	const started = process.hrtime.bigint();
	const result = await runNode({
		node: new Governance(),
		parameters,
		items,
		credentialTypes: [new GovernanceApi()],
		credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: server.PROJECT_ID, apiKey: server.ADMIN_KEY } },
	});
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	if (result.error) throw new Error(`${parameters.operation}: ${result.error.message}`);
	const isWrite = (request) => request.method !== 'GET' && !request.path.endsWith('/list');
	const writes = srv.requests.filter(isWrite).length;
	const actions = {};
	for (const item of result.output) actions[item.json.action] = (actions[item.json.action] ?? 0) + 1;
	return { requests: srv.requests.length, reads: srv.requests.length - writes, writes, ms: Math.round(ms), items: result.output.length, actions };
}

async function main() {
	const results = {};
	{
		const { srv, roster } = await matchingServer();
		results.sync = await run(srv, { resource: 'access', operation: 'sync', options: {} }, roster);
		await srv.stop();
	}
	{
		const { srv, roster } = await matchingServer();
		results.ensureEach = await run(
			srv,
			{ resource: 'access', operation: 'ensure', email: '={{ $json.email }}', roles: '={{ $json.roles }}', options: {} },
			roster,
		);
		await srv.stop();
	}
	{
		const { srv, roster } = await matchingServer();
		const night = roster.map((entry, i) => (i >= 2 && i < 12 ? { ...entry, roles: ['editor'] } : entry));
		results.syncDryRunChanged = await run(srv, { resource: 'access', operation: 'sync', options: { dryRun: true } }, night);
		await srv.stop();
	}
	const ratio = results.ensureEach.requests / results.sync.requests;
	if (JSON_OUT) {
		console.log(JSON.stringify({ count: COUNT, ...results, ratio }, null, 2));
		return;
	}
	const line = (label, r) =>
		`${label.padEnd(40)} ${String(r.requests).padStart(6)} requests (${r.reads} reads, ${r.writes} writes) ${String(r.ms).padStart(6)} ms  ${JSON.stringify(r.actions)}`;
	console.log(`Governance roster of ${COUNT} people, project already matching (strict local stand-in)`);
	console.log(line('Access → Sync', results.sync));
	console.log(line('Access → Ensure per person', results.ensureEach));
	console.log(line('Access → Sync, Dry Run, 10 changed', results.syncDryRunChanged));
	console.log(`ratio (Ensure per person requests / Sync requests): ${ratio.toFixed(1)}`);
}

main().then(
	// n8n-core's execution harness leaves timers behind: end the process once the figures are out.
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
