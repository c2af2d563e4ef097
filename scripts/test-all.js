#!/usr/bin/env node
'use strict';
/*
 * npm run test:all: everything CI runs.
 *
 * 1. starts `node e2e/install-runtime.js --all` in the background: the pinned n8n runtimes and
 *    verdaccio are installed into the runtime cache (npm ci of ~2,000 packages each, mostly network
 *    and disk) while step 2 runs (mostly CPU); its output goes to a log file;
 * 2. build, lint, type-check the tests, jest (npm run build, lint, test:types, test: what npm run
 *    check runs, each step timed) and npm run verify:package;
 * 3. npm run test:e2e -- --n8n all: each version waits for its runtime (a lock file per runtime in
 *    the cache, see e2e/lib/runtime.js) and starts as soon as that one is installed; a runtime the
 *    background installer could not install is installed again by the e2e runner;
 * 4. prints where the time went: one table (install, build, lint, types, jest, the package check,
 *    each e2e phase per version, npm start with the browser, the whole run), the table CONTRIBUTING.md
 *    keeps. `npm ci`'s time comes from .ci/run (CI_NPM_CI_MS); the e2e runner writes its phases to
 *    the file N8N_E2E_TIMINGS names.
 * When a step of 2 fails, the installer is stopped and the step's exit code is returned. With
 * --no-background-install the runtimes are installed by the e2e runner as before; --no-e2e stops
 * after step 2 (the GitHub Actions workflow runs the e2e as one job per n8n version); arguments
 * after -- go to the e2e runner (e.g. -- --full).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const dashes = process.argv.indexOf('--');
const args = dashes < 0 ? process.argv.slice(2) : process.argv.slice(2, dashes);
const e2eArgs = dashes < 0 ? [] : process.argv.slice(dashes + 1);
const e2e = !args.includes('--no-e2e');
const background = e2e && !args.includes('--no-background-install');
/** [what, ms, note]: the rows of the closing table. */
const rows = [];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const startTicks = cpuTicks();

function sec(ms) {
	return `${(ms / 1000).toFixed(0)} s`;
}

/** The machine's CPU time so far, from /proc/stat: { busy, all } in clock ticks (undefined elsewhere). */
function cpuTicks() {
	try {
		const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
		const all = fields.reduce((sum, n) => sum + n, 0);
		const idle = fields[3] + (fields[4] ?? 0); // idle + iowait
		return { busy: all - idle, all };
	} catch {
		return undefined;
	}
}

/** How busy the machine's cores were between two cpuTicks() readings, as "NN % of N cores". */
function busyBetween(before, after) {
	if (!before || !after || after.all <= before.all) return '';
	return `CPU ${((100 * (after.busy - before.busy)) / (after.all - before.all)).toFixed(0)} % of ${os.cpus().length} cores`;
}

function step(title, cmd, cmdArgs, options = {}) {
	const t = Date.now();
	const cpu = cpuTicks();
	console.log(`\n== ${title}`);
	const res = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit', ...options });
	const code = res.status ?? 1;
	const ms = Date.now() - t;
	console.log(`== ${title}: exit ${code} after ${sec(ms)}`);
	rows.push([title, ms, [code === 0 ? '' : `exit ${code}`, busyBetween(cpu, cpuTicks())].filter(Boolean).join(', ')]);
	return code;
}

let installer;
let installerLog;
if (background) {
	installerLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-runtime-install-')), 'install.log');
	const out = fs.openSync(installerLog, 'w');
	// at the lowest CPU priority (nice 19, its npm and compilers too): build, lint and jest come
	// first, the installs take what they leave (build, lint and the type check use one core; at nice
	// 10 the installs still took a tenth of the CPU jest's four workers wanted); the e2e step gives
	// it back the normal priority
	const niced = fs.existsSync('/usr/bin/nice') ? ['/usr/bin/nice', ['-n', '19', process.execPath]] : [process.execPath, []];
	installer = spawn(niced[0], [...niced[1], path.join(ROOT, 'e2e', 'install-runtime.js'), '--all'], {
		cwd: ROOT,
		stdio: ['ignore', out, out],
		detached: true, // own process group, so that stopping it also stops its npm
	});
	fs.closeSync(out);
	installer.done = new Promise((resolve) => installer.on('exit', (code, signal) => resolve(code ?? signal)));
	console.log(`== runtime installs started in the background at nice 19 (process ${installer.pid}, log ${installerLog})`);
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
	let code = 0;
	for (const [title, script] of [
		['build', 'build'],
		['lint', 'lint'],
		['types (tsc of the tests)', 'test:types'],
		['jest', 'test'],
		['package check (verify:package)', 'verify:package'],
	]) {
		code = step(`npm run ${script}: ${title}`, npm, ['run', script]);
		if (code !== 0) break;
	}
	if (code !== 0 || !e2e) {
		stopInstaller();
		printTable();
		process.exitCode = code;
		return;
	}
	console.log(`\n== ${sec(Date.now() - started)} since the start of test:all`);
	// the e2e runner prints the installer's lines before its closing "e2e: N passed, N failed", and
	// writes its phases' times to N8N_E2E_TIMINGS for the table
	const timingsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-timings-')), 'timings.json');
	const env = { ...process.env, N8N_E2E_TIMINGS: timingsFile, ...(installer ? { N8N_E2E_INSTALL_LOG: installerLog } : {}) };
	if (installer && installer.exitCode === null) {
		try {
			// the lanes wait for these installs now: back to the normal priority (needs the right to raise it)
			spawnSync('renice', ['-n', '0', '-g', String(installer.pid)], { stdio: 'ignore' });
		} catch {
			// stays at nice 19
		}
	}
	code = step('npm run test:e2e -- --n8n all', npm, ['run', 'test:e2e', '--', '--n8n', 'all', ...e2eArgs], { env });
	if (installer) {
		stopInstaller(); // finished long before, unless the e2e runner stopped early
		const result = await installer.done;
		// a failed background install is not the suite's failure: the e2e runner installed it again
		if (result === 0) fs.rmSync(path.dirname(installerLog), { recursive: true, force: true });
	}
	printTable(readTimings(timingsFile));
	fs.rmSync(path.dirname(timingsFile), { recursive: true, force: true });
	process.exitCode = code;
}

function readTimings(file) {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		return undefined;
	}
}

/** Where the time of this run went (CONTRIBUTING.md keeps the table of a fresh-clone run). */
function printTable(e2eTimings) {
	const lines = [];
	const npmCi = Number(process.env.CI_NPM_CI_MS);
	if (npmCi > 0) lines.push(['npm ci (.ci/run)', npmCi, '']);
	for (const row of rows) lines.push(row);
	for (const row of e2eTimings?.rows ?? []) lines.push([`  e2e ${row[0]}`, row[1], row[2] ?? '']);
	lines.push(['test:all in all', Date.now() - started, [background ? 'runtime installs beside build, lint and jest' : '', busyBetween(startTicks, cpuTicks())].filter(Boolean).join(', ')]);
	if (npmCi > 0) lines.push(['.ci/run in all', Date.now() - started + npmCi, '']);
	const width = Math.max(...lines.map(([what]) => what.length));
	console.log('\n== where the time went');
	console.log(`| ${'step'.padEnd(width)} | seconds | note`);
	for (const [what, ms, note] of lines) console.log(`| ${what.padEnd(width)} | ${(ms / 1000).toFixed(0).padStart(7)} | ${note}`);
}

main().catch((error) => {
	console.error(error);
	stopInstaller();
	process.exitCode = 1;
});
