#!/usr/bin/env node
'use strict';
/*
 * npm run test:all: everything CI runs.
 *
 * 1. starts `node e2e/install-runtime.js --all` in the background: the pinned n8n runtimes and
 *    verdaccio are installed into the runtime cache (npm ci of ~2,000 packages each, mostly network
 *    and disk) while step 2 runs (mostly CPU); its output goes to a log file;
 * 2. npm run check (build, lint, type-check the tests, jest) and npm run verify:package;
 * 3. npm run test:e2e -- --n8n all: each version waits for its runtime (a lock file per runtime in
 *    the cache, see e2e/lib/runtime.js) and starts as soon as that one is installed; a runtime the
 *    background installer could not install is installed again by the e2e runner.
 * When step 2 fails, the installer is stopped and the step's exit code is returned. With
 * --no-background-install the runtimes are installed by the e2e runner as before.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const background = !args.includes('--no-background-install');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

function sec(ms) {
	return `${(ms / 1000).toFixed(0)} s`;
}

function step(title, cmd, cmdArgs) {
	const t = Date.now();
	console.log(`\n== ${title}`);
	const res = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit' });
	const code = res.status ?? 1;
	console.log(`== ${title}: exit ${code} after ${sec(Date.now() - t)}`);
	return code;
}

let installer;
let installerLog;
if (background) {
	installerLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-runtime-install-')), 'install.log');
	const out = fs.openSync(installerLog, 'w');
	installer = spawn(process.execPath, [path.join(ROOT, 'e2e', 'install-runtime.js'), '--all'], {
		cwd: ROOT,
		stdio: ['ignore', out, out],
		detached: true, // own process group, so that stopping it also stops its npm
	});
	fs.closeSync(out);
	installer.done = new Promise((resolve) => installer.on('exit', (code, signal) => resolve(code ?? signal)));
	console.log(`== runtime installs started in the background (process ${installer.pid}, log ${installerLog})`);
}

function stopInstaller() {
	if (!installer || installer.exitCode !== null || installer.signalCode !== null) return;
	try {
		process.kill(-installer.pid, 'SIGTERM');
	} catch {
		// already gone
	}
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
	process.on(signal, () => {
		stopInstaller();
		process.exit(130);
	});
}

async function main() {
	let code = step('npm run check (build, lint, types, jest)', npm, ['run', 'check']);
	if (code === 0) code = step('npm run verify:package', npm, ['run', 'verify:package']);
	if (code !== 0) {
		stopInstaller();
		process.exitCode = code;
		return;
	}
	console.log(`\n== ${sec(Date.now() - started)} since the start of test:all`);
	// the e2e runner prints the installer's lines before its closing "e2e: N passed, N failed"
	const env = installer ? { ...process.env, N8N_E2E_INSTALL_LOG: installerLog } : process.env;
	const e2e = spawnSync(npm, ['run', 'test:e2e', '--', '--n8n', 'all'], { cwd: ROOT, stdio: 'inherit', env });
	code = e2e.status ?? 1;
	if (installer) {
		stopInstaller(); // finished long before, unless the e2e runner stopped early
		const result = await installer.done;
		// a failed background install is not the suite's failure: the e2e runner installed it again
		if (result === 0) fs.rmSync(path.dirname(installerLog), { recursive: true, force: true });
	}
	process.exitCode = code;
}

main().catch((error) => {
	console.error(error);
	stopInstaller();
	process.exitCode = 1;
});
