#!/usr/bin/env node
'use strict';
/*
 * The race across processes in queue mode on PostgreSQL (issue 40, item 3): one delivery GUID sent
 * to both `n8n webhook` processes at the same instant, many times over. Runs the e2e scenario
 * e2e/workflows/codehosting-trigger-race.expect.js in a real n8n (the built, packed pack;
 * PostgreSQL and Redis started by the harness), side by side with one worker and with two (each
 * taking two jobs at a time):
 *
 *   node bench/queue-race.js [--n8n 2.40.7] [--pairs 200] [--workers 1,2]
 *
 * Prints per set-up the pairs whose GUID ran the workflow twice, the records n8n's processed-data
 * store lost that the worker wrote again with its next record (nodes/CodeHostingTrigger/once.ts),
 * and the GUIDs whose record stayed lost (a later repeat ran again); last, the share of pairs that
 * ran twice with the most workers.
 */
const path = require('path');
const { spawn } = require('child_process');

const ROOT = path.join(__dirname, '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => {
	const i = args.indexOf(name);
	return i === -1 ? fallback : args[i + 1];
};
const version = arg('--n8n', '2.40.7');
const pairs = Number(arg('--pairs', '200'));
const workerCounts = arg('--workers', '1,2').split(',').map(Number);

/** One run of the scenario with `workers` workers: its `[race]` figures. */
function race(workers) {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[path.join(ROOT, 'e2e/run.js'), '--n8n', version, '--queue-only', '--no-registry', '--no-browser', '--only', 'codehosting-trigger-race'],
			{ cwd: ROOT, env: { ...process.env, N8N_E2E_RACE_PAIRS: String(pairs), N8N_E2E_RACE_WORKERS: String(workers) }, stdio: ['ignore', 'pipe', 'inherit'] },
		);
		let output = '';
		child.stdout.on('data', (chunk) => {
			output += chunk;
			process.stderr.write(chunk);
		});
		child.on('exit', (code) => {
			const line = output.split('\n').find((l) => l.startsWith('[race] '));
			if (code !== 0 || !line) reject(new Error(`the race scenario with ${workers} worker(s) failed (exit ${code}); see its output above`));
			else resolve(JSON.parse(line.slice('[race] '.length)));
		});
	});
}

(async () => {
	const results = [];
	for (const workers of workerCounts) results.push(await race(workers));
	console.log(`\nn8n ${version}, queue mode on PostgreSQL, 2 webhook processes; ${pairs} GUIDs, each at both webhook processes at once`);
	console.log('workers x jobs | ran twice | record lost, written again by the next record | record lost (a later repeat ran)');
	for (const r of results) console.log(`${String(r.workers).padStart(7)} x 2  | ${String(r.ranTwice).padStart(9)} | ${String(r.recordsLostThenMended).padStart(50)} | ${r.repeatsRanAgain}`);
	const most = results.at(-1);
	console.log(`ran twice / pairs with ${most.workers} worker(s): ${most.ranTwiceRate}`);
})().catch((error) => {
	console.error(error.message);
	process.exit(1);
});
