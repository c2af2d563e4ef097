'use strict';
/*
 * `npm start` as a newcomer meets it (scripts/start.js, run as its own process with a throwaway
 * data folder): n8n comes up with every node of the pack, the example workflows and credentials
 * pointing at the local stand-ins; Connect on the Code Hosting OAuth2 credential succeeds through
 * n8n's own OAuth2 endpoints; and however start.js is stopped (SIGTERM to its pid, or killed
 * outright so that only the watchdog is left to clean up) no process it started keeps running.
 */
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
// sets the approver's password in the environment npm start inherits (the browser phase answers with it)
require('./credentials');

const { REPO_ROOT } = require('./lib/runtime');
const { declaredTypes } = require('./lib/pack');
const { freePort } = require('./lib/procs');
const { restClient } = require('./lib/n8n');
const { CREDENTIAL_IDS } = require('./credentials');
const { runBrowserPhase } = require('./browser-phase');
const { setTimeout: sleep } = require('timers/promises');

const EXAMPLE_DIR = path.join(REPO_ROOT, 'examples');

/** Pids of every process whose environment names this n8n user folder (n8n, its task runners). */
function processesOf(folder) {
	const needle = `N8N_USER_FOLDER=${folder}\0`;
	const pids = [];
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			if (stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z') continue;
			if (`${fs.readFileSync(`/proc/${entry}/environ`, 'utf8')}\0`.includes(needle)) pids.push(Number(entry));
		} catch {
			// gone meanwhile, or not ours to read
		}
	}
	return pids;
}

async function until(check, ms) {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		if (await check()) return true;
		await sleep(250);
	}
	return check();
}

/** Starts scripts/start.js; resolves when it says n8n is running. */
async function startStart(version, folder, port, fresh) {
	const args = [path.join(REPO_ROOT, 'scripts', 'start.js'), '--n8n', version, '--port', String(port), '--folder', folder];
	if (fresh) args.push('--fresh');
	const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, N8N_DIAGNOSTICS_ENABLED: 'false' } });
	let output = '';
	child.stdout.on('data', (d) => (output += d));
	child.stderr.on('data', (d) => (output += d));
	const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
	const ready = await Promise.race([
		until(() => /ready in \d+ s/.test(output), 300_000),
		exited.then(() => false),
	]);
	if (!ready) {
		child.kill('SIGKILL');
		throw new Error(`npm start did not come up:\n${output.slice(-3000)}`);
	}
	return { child, exited, output: () => output };
}

/**
 * startStart on a port that was free a moment ago. The build before n8n listens takes a while, and
 * an outgoing connection can be given the same port number meanwhile (both come from the
 * ephemeral range): then n8n says the port is in use, and another port is tried.
 */
async function startOnFreePort(version, folder, fresh) {
	for (let attempt = 1; ; attempt++) {
		const port = await freePort();
		try {
			return { port, ...(await startStart(version, folder, port, fresh)) };
		} catch (error) {
			if (attempt >= 3 || !/already in use/.test(error.message)) throw error;
		}
	}
}

async function portClosed(port) {
	try {
		await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
		return false;
	} catch {
		return true;
	}
}

/** `test(name, fn)` is the e2e runner's; `workDir` a folder it removes afterwards. */
async function runStartPhase({ version, test, log, workDir, browser = true, browserOnly, repeat = 1 }) {
	const folder = path.join(workDir, `npm-start-${version}`);
	const label = `npm start (n8n ${version})`;
	let run;
	let port;
	await test(`${label}: comes up with the pack, examples and credentials`, async () => {
		run = await startOnFreePort(version, folder, true);
		port = run.port;
		const rest = await restClient(`http://127.0.0.1:${port}`);
		const types = new Set((await rest.getJson('/types/nodes.json')).map((t) => t.name));
		for (const type of declaredTypes(REPO_ROOT).nodes) assert.ok(types.has(type), `${type} is loaded`);
		const workflows = await rest('GET', '/workflows');
		const names = new Set((Array.isArray(workflows) ? workflows : workflows.data ?? []).map((w) => w.name));
		for (const file of fs.readdirSync(EXAMPLE_DIR).filter((f) => f.endsWith('.json'))) {
			const { name } = JSON.parse(fs.readFileSync(path.join(EXAMPLE_DIR, file), 'utf8'));
			assert.ok(names.has(name), `example "${name}" imported`);
		}
		// Connect on the Code Hosting OAuth2 credential, as the editor's button does
		const authUrl = await rest('GET', `/oauth2-credential/auth?id=${CREDENTIAL_IDS.codeHostingOAuth2Api}`);
		const approved = await fetch(authUrl, { redirect: 'manual' });
		assert.equal(approved.status, 302, `the stand-in's authorize answered ${approved.status}`);
		const page = await rest.browse(String(approved.headers.get('location')), { redirect: 'manual' });
		const text = await page.text();
		assert.equal(page.status, 200, `n8n's OAuth2 callback answered ${page.status}: ${text.slice(0, 300)}`);
		assert.doesNotMatch(text, /error/i, `the callback page reports an error: ${text.slice(0, 300)}`);
	});

	// what a person meets in the editor, in a real browser, against this very n8n
	if (run && browser) {
		const ms = await runBrowserPhase({ baseUrl: `http://localhost:${port}`, test, log, only: browserOnly, repeat });
		log(`timing browser (n8n ${version} editor): ${(ms / 1000).toFixed(0)} s`);
	}

	await test(`${label}: SIGTERM to its process stops n8n and everything it started`, async () => {
		assert.ok(run, 'npm start is running');
		assert.ok(processesOf(folder).length > 0, 'n8n processes found by their user folder');
		run.child.kill('SIGTERM');
		const code = await Promise.race([run.exited, new Promise((r) => setTimeout(() => r('still running'), 60_000))]);
		assert.equal(code, 0, `start.js exit: ${code}\n${run.output().slice(-1500)}`);
		assert.ok(await until(() => processesOf(folder).length === 0, 30_000), `left running: ${processesOf(folder)}`);
		assert.ok(await portClosed(port), `port ${port} still answers`);
	});

	await test(`${label}: killed outright (SIGKILL), its watchdog stops n8n`, async () => {
		run = await startOnFreePort(version, folder, false);
		port = run.port;
		assert.ok(processesOf(folder).length > 0, 'n8n processes found by their user folder');
		run.child.kill('SIGKILL');
		await run.exited;
		assert.ok(await until(() => processesOf(folder).length === 0, 45_000), `left running: ${processesOf(folder)}`);
		assert.ok(await portClosed(port), `port ${port} still answers`);
	});
}

module.exports = { runStartPhase, processesOf, startOnFreePort };
