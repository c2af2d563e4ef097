#!/usr/bin/env node
'use strict';
/*
 * Code Hosting Access → Review of large organizations against the strict local GitHub stand-in
 * (issue 47), side by side in one run:
 *
 *   node bench/codehosting-access-review-scale.js [--sizes 1000x300,10000x5000] [--teams 20]
 *
 * For each size (repositories × people; bench/access/org-server.js: base permission read, 20
 * teams unless --teams says, each reaching about a third of the repositories with a maintainer, direct and outside grants, pending
 * repository invitations), each run in a fresh process through n8n-core's execution engine
 * (bench/access/run-review.js), the stand-in in a process of its own:
 *   - today's reads:     GraphQL refused (a server without it), so the repositories and each one's
 *                        direct collaborators through REST, one request per repository; Per Person
 *   - Per Person:        the default; repositories and direct collaborators through GraphQL
 *   - + invitations:     the same with Include Repository Invitations (one REST request per repository)
 *   - Exceptions Only
 *   - Per Person and Repository (refused above 500,000 items)
 * Printed per run: items, output MB, REST requests, GraphQL points, wall time, peak RSS of the
 * review's process. Last: the ratio of today's reads (REST requests) to the new reads (REST
 * requests + GraphQL points) at the largest size.
 */
const { fork, execFileSync } = require('child_process');
const path = require('path');

const args = process.argv.slice(2);
const sizesArg = args.includes('--sizes') ? args[args.indexOf('--sizes') + 1] : '1000x300,10000x5000';
const SIZES = sizesArg.split(',').map((size) => size.split('x').map(Number));
const TEAMS = args.includes('--teams') ? args[args.indexOf('--teams') + 1] : '20';

const MODES = [
	{ name: "today's reads (REST), Per Person", output: 'perPerson', refuseGraphql: true },
	{ name: 'Per Person (GraphQL)', output: 'perPerson' },
	{ name: 'Per Person + repository invitations', output: 'perPerson', invitations: true },
	{ name: 'Exceptions Only', output: 'exceptionsOnly' },
	{ name: 'Per Person and Repository', output: 'perPersonAndRepository' },
];

/** Sends one IPC message to the stand-in's process and waits for its answer. */
function ask(child, message) {
	return new Promise((resolve) => {
		child.once('message', resolve);
		child.send(message);
	});
}

async function benchSize(repos, people) {
	const server = fork(path.join(__dirname, 'access/org-server.js'), ['--repos', String(repos), '--people', String(people), '--teams', TEAMS], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
	const ready = await new Promise((resolve, reject) => {
		server.once('message', resolve);
		server.once('exit', (code) => reject(new Error(`the stand-in exited (${code})`)));
	});
	const rows = [];
	try {
		for (const mode of MODES) {
			await ask(server, { cmd: 'reset' });
			if (mode.refuseGraphql) await ask(server, { cmd: 'refuseGraphql' });
			const runArgs = ['--url', ready.url, '--org', ready.org, '--output', mode.output, ...(mode.invitations ? ['--invitations'] : [])];
			const line = execFileSync(process.execPath, ['--max-old-space-size=4096', path.join(__dirname, 'access/run-review.js'), ...runArgs], { encoding: 'utf8', maxBuffer: 1 << 26 })
				.trim()
				.split('\n')
				.at(-1);
			const run = JSON.parse(line);
			const stats = await ask(server, { cmd: 'stats' });
			rows.push({ mode: mode.name, ...run, rest: stats.rest, graphqlPoints: stats.graphqlPoints });
			const what = run.error ? `refused: ${run.error}` : `${run.items} items, ${run.outputMB} MB`;
			console.log(
				`${`${repos} × ${people} × ${TEAMS}`.padEnd(16)} ${mode.name.padEnd(38)} ${what.padEnd(28)} ${String(stats.rest).padStart(6)} REST ${String(stats.graphqlPoints).padStart(4)} points ${String((run.ms / 1000).toFixed(1)).padStart(7)} s ${String(run.peakRssMB).padStart(6)} MB RSS${run.summary ? `  (${run.summary.readThrough})` : ''}`,
			);
		}
	} finally {
		// the stand-in's process ends without an answer: wait for its exit
		await new Promise((resolve) => {
			server.once('exit', resolve);
			server.send({ cmd: 'stop' });
		});
	}
	return rows;
}

async function main() {
	console.log('size (r×p×t)     run                                    output                         requests             wall      peak RSS');
	let last;
	for (const [repos, people] of SIZES) last = await benchSize(repos, people);
	const today = last[0].rest + last[0].graphqlPoints;
	const now = last[1].rest + last[1].graphqlPoints;
	console.log(`ratio (today's reads / new reads, REST requests + GraphQL points, Per Person, ${SIZES.at(-1).join(' × ')}): ${(today / now).toFixed(1)}`);
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
