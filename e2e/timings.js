'use strict';
/*
 * What the e2e runner (run.js) reports for npm run test:all: the phases' times per version for its
 * closing table (N8N_E2E_TIMINGS), and what the background installer installed (N8N_E2E_INSTALL_LOG).
 */
const fs = require('fs');

const { log } = require('./results');
const { boundsRunOn } = require('./lib/matrix');

/**
 * The phases' times for npm run test:all's closing table (N8N_E2E_TIMINGS names the file):
 * { rows: [[what, ms, note]] }, one row per phase and version, npm start with the browser, the e2e in all.
 */
function writeTimings(timings, started, opts) {
	const file = process.env.N8N_E2E_TIMINGS;
	if (!file) return;
	const rows = [];
	for (const t of timings) {
		const share = boundsRunOn(t.version, opts) ? 'every scenario' : 'everyVersion scenarios';
		if (t.waitedMs > 1000) rows.push([`n8n ${t.version}: waited for its runtime install`, t.waitedMs, '']);
		else if (!t.reused && t.installMs) rows.push([`n8n ${t.version}: runtime install`, t.installMs, '']);
		for (const [key, what] of [['cliMs', 'pack installed, n8n execute'], ['regularMs', 'regular mode'], ['queueMs', 'queue mode'], ['registryMs', 'registry']]) {
			if (t[key] !== undefined) rows.push([`n8n ${t.version}: ${what}`, t[key], key === 'regularMs' || key === 'queueMs' ? share : '']);
		}
		rows.push([`n8n ${t.version} in all`, t.totalMs, '']);
	}
	if (timings.startPhase) rows.push([`npm start${timings.startPhase.browser ? ' and the browser' : ''} (${timings.startPhase.version})`, timings.startPhase.ms, '']);
	rows.push([`in all (${opts.lanes} lanes)`, Date.now() - started, opts.full ? '--full' : '']);
	fs.writeFileSync(file, JSON.stringify({ rows }));
}

/** Packs once, starts the test servers, and runs every version's phases (then npm start's). */

/** npm run test:all's background installer (scripts/test-all.js): what it installed, how long. */
function reportBackgroundInstalls() {
	const file = process.env.N8N_E2E_INSTALL_LOG;
	if (!file || !fs.existsSync(file)) return;
	const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => /^\[runtime\] [^ ]+( [^ ]+)?: (installed|reused)|^\[runtime\] (npm ci of|sqlite3 for)|^install-runtime:/.test(l));
	log(`background installs (${file}):`);
	for (const line of lines) log(`  ${line}`);
}

module.exports = { writeTimings, reportBackgroundInstalls };
