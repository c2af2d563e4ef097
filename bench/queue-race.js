#!/usr/bin/env node
'use strict';
/*
 * The race across processes in queue mode on PostgreSQL (issue 40, item 3): one delivery GUID sent
 * to both `n8n webhook` processes at the same instant, many times over, with two workers taking
 * two jobs each. Runs the e2e scenario e2e/workflows/codehosting-trigger-race.expect.js in a real
 * n8n (the built, packed pack; PostgreSQL and Redis started by the harness):
 *
 *   node bench/queue-race.js [--n8n 2.40.7] [--pairs 200]
 *
 * Prints the scenario's figures: pairs whose GUID ran the workflow twice, and GUIDs whose record
 * n8n's processed-data store lost (a later repeat ran again); the share of pairs that ran twice last.
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

const child = spawn(
	process.execPath,
	[path.join(ROOT, 'e2e/run.js'), '--n8n', version, '--queue-only', '--no-registry', '--no-browser', '--only', 'codehosting-trigger-race'],
	{ cwd: ROOT, env: { ...process.env, N8N_E2E_RACE_PAIRS: String(pairs) }, stdio: ['ignore', 'pipe', 'inherit'] },
);
let output = '';
child.stdout.on('data', (chunk) => {
	output += chunk;
	process.stderr.write(chunk);
});
child.on('exit', (code) => {
	const line = output.split('\n').find((l) => l.startsWith('[race] '));
	if (code !== 0 || !line) {
		console.error(`the race scenario failed (exit ${code}); see its output above`);
		process.exit(1);
	}
	const race = JSON.parse(line.slice('[race] '.length));
	console.log(`\n${race.run}`);
	console.log(`pairs (one GUID at both webhook processes at once): ${race.pairs}`);
	console.log(`GUIDs that ran the workflow twice:                  ${race.ranTwice}`);
	console.log(`GUIDs whose record was lost (a later repeat ran):   ${race.repeatsRanAgain} (rate ${race.repeatsRanAgainRate})`);
	console.log(`ran twice / pairs: ${race.ranTwiceRate}`);
});
