#!/usr/bin/env node
'use strict';
/*
 * Governance Access → Review and → Sync at scale (issue 47, item 7) against the strict local
 * stand-in of the control API, side by side in one run:
 *
 *   node bench/governance-review-scale.js [--projects 50] [--people 10000]
 *
 * The organization: `people` users and `projects` projects; each user a member of one project in
 * ten (`people / 10` members a project), admin one in 97, editor one in 5, else viewer; 100
 * pending invites. Runs, each through n8n-core's execution engine (bench/lib.js), the stand-in in
 * the same process (its memory counts in the peak RSS):
 *   1. Review, Every Project, Output Per Person (the default)
 *   2. Review, Every Project, Exceptions Only
 *   3. Review, Every Project, Per Person and Project, Return All
 *   4. Sync, Dry Run, of the roster that matches every project (one item per membership, with its
 *      project), 10 roles changed
 * For each: items, output MB, requests, wall time, peak RSS. The ratio printed last is Per Person
 * and Project's items over Per Person's.
 */
const path = require('path');

const { ROOT, runNode } = require('./lib');
const { Governance } = require(path.join(ROOT, 'nodes/Governance/Governance.node.ts'));
const { GovernanceApi } = require(path.join(ROOT, 'credentials/GovernanceApi.credentials.ts'));
const server = require(path.join(ROOT, 'test/servers/governance/server.js'));

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const PROJECTS = option('projects', 50);
const PEOPLE = option('people', 10000);

async function organization() {
	const srv = server.createGovernanceServer();
	await srv.start();
	const projects = Array.from({ length: PROJECTS }, (_, i) => `scale-${String(i).padStart(3, '0')}`);
	for (const [i, id] of projects.entries()) srv.addProject(id, { name: `Scale ${i}` });
	const roster = [];
	for (let u = 0; u < PEOPLE; u++) {
		const id = `person-${String(u).padStart(5, '0')}`;
		const email = `${id}@example.com`;
		srv.addUser({ _id: id, email });
		const roles = [u % 97 === 0 ? 'admin' : u % 5 === 0 ? 'editor' : 'viewer'];
		for (const [p, project] of projects.entries()) {
			if ((u + p) % 10 !== 0) continue;
			srv.addMember(project, id, roles);
			roster.push({ email, roles, project });
		}
	}
	for (let i = 0; i < 100; i++) srv.addInvite(projects[i % PROJECTS], `invited-${i}@example.com`, ['viewer']);
	// the admin key's own membership in each project is part of the matching roster too
	for (const project of projects) roster.push({ email: 'admin@example.com', roles: ['admin'], project });
	return { srv, roster };
}

async function run(srv, label, parameters, items) {
	srv.resetRequests();
	let peak = process.memoryUsage().rss;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
	const started = process.hrtime.bigint();
	const result = await runNode({
		node: new Governance(),
		parameters,
		items,
		credentialTypes: [new GovernanceApi()],
		credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: server.PROJECT_ID, apiKey: server.ADMIN_KEY } },
	});
	const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
	clearInterval(sampler);
	peak = Math.max(peak, process.memoryUsage().rss);
	if (result.error) throw new Error(`${label}: ${result.error.message}`);
	let bytes = 0;
	for (const item of result.output) bytes += Buffer.byteLength(JSON.stringify(item.json));
	const writes = srv.requests.filter((request) => request.method !== 'GET' && !request.path.endsWith('/list')).length;
	const row = { label, items: result.output.length, outputMB: Number((bytes / 1e6).toFixed(1)), requests: srv.requests.length, writes, ms, peakRssMB: Math.round(peak / 1e6) };
	console.log(
		`${label.padEnd(46)} ${String(row.items).padStart(7)} items ${String(row.outputMB).padStart(6)} MB ${String(row.requests).padStart(6)} requests (${writes} writes) ${String((ms / 1000).toFixed(1)).padStart(6)} s ${String(row.peakRssMB).padStart(6)} MB RSS`,
	);
	return row;
}

async function main() {
	const { srv, roster } = await organization();
	console.log(`Relevance AI organization: ${PROJECTS} projects, ${PEOPLE} people, ${roster.length} memberships (strict local stand-in, same process)`);
	try {
		const review = (output, extra = {}) => ({ resource: 'access', operation: 'review', scope: 'everyProject', output, options: {}, ...extra });
		const perPerson = await run(srv, 'Review, Every Project, Per Person', review('perPerson'));
		await run(srv, 'Review, Every Project, Exceptions Only', review('exceptionsOnly'));
		const perProject = await run(srv, 'Review, Every Project, Per Person and Project', review('perPersonAndProject', { returnAll: true }));
		const night = roster.map((entry, i) => (i % 5000 === 1 ? { ...entry, roles: ['editor'] } : entry));
		await run(srv, 'Sync, Dry Run, matching roster, 10 changed', { resource: 'access', operation: 'sync', options: { dryRun: true } }, night);
		console.log(`ratio (Per Person and Project items / Per Person items): ${(perProject.items / perPerson.items).toFixed(1)}`);
	} finally {
		await srv.stop();
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
