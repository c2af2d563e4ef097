#!/usr/bin/env node
'use strict';
/*
 * npm run lint: what ships (package.json, nodes/, credentials/) linted as n8n lints it, and with
 * every rule product.md names. Three steps, each must pass:
 *
 * 1. `n8n-node lint` (n8n's own CLI, @n8n/node-cli) in strict mode, run on a copy of what ships
 *    (package.json, tsconfig.json, eslint.config.mjs, nodes/, credentials/; node_modules linked).
 *    Strict mode (package.json n8n.strict) makes n8n-node check that eslint.config.mjs is n8n's
 *    default config, unchanged; that config lints every .ts file below the folder it runs in. The
 *    tests (test/, e2e/, bench/) use Node's fs, child_process, timers and process, which its n8n
 *    Cloud rules forbid in nodes: they are left out by linting a copy of what ships, not by
 *    changing the config (strict mode allows no change). `npx n8n-node lint` in the repository's
 *    root therefore reports the tests too; CONTRIBUTING.md, "Lint and n8n's toolchain".
 * 2. ESLint with eslint.full.config.mjs on the same files: n8n's default config plus the two
 *    eslint-plugin-n8n-nodes-base rules it switches off, so its community, credentials and nodes
 *    sets apply whole, with no warning allowed.
 * 3. `n8n-node cloud-support` reports the package eligible for n8n Cloud verification.
 *
 *   node scripts/lint.js [--fix]     --fix: step 2 fixes what it can in place (step 1 reads a copy)
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const SHIPPED = ['package.json', 'nodes', 'credentials'];
const N8N_NODE = path.join(ROOT, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs');
const ESLINT = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

// eslint-plugin-n8n-nodes-base takes every file for "Test.node.ts" when NODE_ENV is "test" (as
// under jest), which turns its file-name rules into false reports
const env = { ...process.env };
delete env.NODE_ENV;

function run(title, args, cwd, show = (text) => text) {
	const started = Date.now();
	const res = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	process.stdout.write(show(res.stdout ?? ''));
	process.stderr.write(show(res.stderr ?? ''));
	const ok = res.status === 0;
	console.log(`lint: ${title}: ${ok ? 'passed' : `failed (exit ${res.status ?? res.signal})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
	// without colour codes: with CI set, n8n-node's output is coloured ('\x1b[32meligible\x1b[39m')
	return { ok, out: `${res.stdout ?? ''}${res.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '') };
}

/** A folder with what ships and n8n's lint setup, node_modules linked to the repository's. */
function stage() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-node-lint-'));
	for (const entry of [...SHIPPED, 'tsconfig.json', 'eslint.config.mjs']) {
		fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
	}
	fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'junction');
	return dir;
}

function main() {
	const fix = process.argv.includes('--fix');
	let failed = false;

	const dir = stage();
	try {
		// file names in the copy's output are shown as the repository's
		const toRoot = (text) => text.split(dir).join(ROOT);
		failed = !run("n8n-node lint (strict mode, n8n's default config) on what ships", [N8N_NODE, 'lint'], dir, toRoot).ok || failed;
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}

	const eslintArgs = [ESLINT, '--config', 'eslint.full.config.mjs', '--max-warnings', '0', ...(fix ? ['--fix'] : []), ...SHIPPED];
	failed = !run('eslint.full.config.mjs (every rule of the three n8n-nodes-base sets) on what ships', eslintArgs, ROOT).ok || failed;

	// its status lines only, not the list of commands it offers
	const statusLines = (text) =>
		text
			.split('\n')
			.filter((line) => /Cloud support is|Strict mode:|ESLint config:|Status:/.test(line))
			.map((line) => `${line}\n`)
			.join('');
	const status = run('n8n-node cloud-support', [N8N_NODE, 'cloud-support'], ROOT, statusLines);
	if (!/\beligible\b/.test(status.out) || /NOT eligible/.test(status.out)) {
		console.error('lint: n8n-node cloud-support does not report the package eligible for n8n Cloud verification');
		failed = true;
	}
	return failed ? 1 : 0;
}

process.exitCode = main();
