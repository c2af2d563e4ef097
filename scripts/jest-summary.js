#!/usr/bin/env node
// Runs jest and ends with one plain line "jest: N passed, N failed[, N skipped]" that CI reads.
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jest-')), 'result.json');
const run = spawnSync(
	process.execPath,
	[require.resolve('jest/bin/jest'), '--json', `--outputFile=${out}`, ...process.argv.slice(2)],
	{ stdio: 'inherit' },
);
let summary = 'jest: 0 passed, 1 failed';
if (fs.existsSync(out)) {
	const result = JSON.parse(fs.readFileSync(out, 'utf8'));
	const skipped = result.numPendingTests + result.numTodoTests;
	const failed = result.numFailedTests + (result.numRuntimeErrorTestSuites || 0);
	summary = `jest: ${result.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
	if (result.numTotalTests === 0) summary = 'jest: 0 passed, 1 failed (no test ran)';
}
console.log(summary);
process.exit(run.status === 0 && !/ [1-9]\d* failed/.test(summary) ? 0 : 1);
