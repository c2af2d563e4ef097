#!/usr/bin/env node
'use strict';
/*
 * P8, recovery after an outage, in a real n8n (issue 27): seconds from n8n answering /healthz to
 * the last recovered execution, for backlogs of 20, 75 and 300 missed deliveries in a quiet
 * repository (nothing delivered after the start), our Code Hosting Trigger beside n8n's GitHub
 * Trigger in one workflow, both hooks missing the same events:
 *
 *   node bench/recovery-backlog.js [--n8n 2.40.7] [--events 20,75,300]
 *
 * Each size is one run of the e2e scenario codehosting-trigger-backlog (regular mode, its own
 * fresh n8n and stand-in; the stand-in keeps the platform's secondary limit for content-creating
 * requests, 80 a minute and 500 an hour, and 25 `closed` deliveries the trigger does not listen to
 * fail beside them). The runtime comes from the e2e cache (installed on first use). The ratio
 * printed last is the events recovered per event missed, ours and n8n's GitHub Trigger's.
 */
const { spawn } = require('child_process');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');

function argument(name, fallback) {
	const index = process.argv.indexOf(name);
	return index >= 0 ? process.argv[index + 1] : fallback;
}

const version = argument('--n8n', '2.40.7');
const sizes = argument('--events', '20,75,300')
	.split(',')
	.map((size) => Number(size.trim()));
if (sizes.some((size) => !Number.isInteger(size) || size < 1)) throw new Error(`--events wants whole numbers ≥ 1, comma-separated; got ${argument('--events')}`);

/** Runs the backlog scenario with `events` missed; resolves to its `[backlog]` summary. */
function runScenario(events) {
	return new Promise((resolve, reject) => {
		const args = [path.join(ROOT, 'e2e/run.js'), '--n8n', version, '--no-queue', '--no-registry', '--no-browser', '--lanes', '1', '--only', 'codehosting-trigger-backlog'];
		const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, E2E_BACKLOG_EVENTS: String(events) }, stdio: ['ignore', 'pipe', 'inherit'] });
		let output = '';
		child.stdout.on('data', (chunk) => {
			output += chunk;
			process.stderr.write(chunk);
		});
		child.on('error', reject);
		child.on('close', (code) => {
			const line = output.split('\n').find((text) => text.includes('[backlog] '));
			if (!line) return reject(new Error(`the scenario with ${events} events printed no summary (exit ${code})`));
			const summary = JSON.parse(line.slice(line.indexOf('[backlog] ') + '[backlog] '.length));
			resolve({ ...summary, passed: code === 0 });
		});
	});
}

async function main() {
	const rows = [];
	for (const events of sizes) rows.push(await runScenario(events));
	console.log(`\nP8 on n8n ${version}, regular mode: seconds from /healthz to the last recovered execution (nothing delivered after the start)`);
	console.log('missed | ours: executions, seconds (bound) | redeliveries asked, most in a minute, log pages | n8n GitHub Trigger: executions | check');
	for (const row of rows) {
		console.log(
			`${String(row.missed).padStart(6)} | ${String(row.ours).padStart(4)}, ${String(row.secondsFromHealthyToLast).padStart(6)} s (${row.boundSeconds} s) | ${row.redeliveryRequests} (${row.redeliveryRequestsForIgnored} of ${row.ignoredActions} ignored), ${row.mostInAMinute}/min, ${row.logPagesRead} pages | ${String(row.githubTrigger).padStart(3)} (never) | ${row.passed ? 'passed' : 'FAILED'}`,
		);
	}
	const missed = rows.reduce((sum, row) => sum + row.missed, 0);
	const ours = rows.reduce((sum, row) => sum + row.ours, 0);
	const theirs = rows.reduce((sum, row) => sum + row.githubTrigger, 0);
	console.log(`ratio, events recovered per event missed: ours ${(ours / missed).toFixed(2)}, n8n's GitHub Trigger ${(theirs / missed).toFixed(2)}`);
	if (rows.some((row) => !row.passed)) process.exitCode = 1;
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
