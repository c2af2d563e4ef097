'use strict';
/*
 * A runtime (an n8n version or verdaccio) made ready in a child process (`node
 * e2e/install-runtime.js NAME --json`), for the e2e runner's lanes: lib/runtime.js installs, waits
 * for the background installer's lock and checks a cached install synchronously (`n8n --version`,
 * sqlite3's binding: seconds on a busy machine), which would stop the runner's one event loop, and
 * with it the stand-in servers and the other lane's scenarios, for that long.
 */
const path = require('path');

const { runProcess } = require('./procs');

const INSTALLER = path.join(__dirname, '..', 'install-runtime.js');

/** What ensureN8n(name) (or ensureRuntime(name) for verdaccio) returns, from a child process. */
async function ensureRuntimeAsync(name, { log = () => {} } = {}) {
	// an install from an empty cache takes minutes (npm ci of ~2,000 packages), longer on a busy machine
	const res = await runProcess(process.execPath, [INSTALLER, name, '--json'], { timeoutMs: 60 * 60_000 });
	for (const line of res.stderr.split('\n').filter(Boolean)) log(line);
	const last = res.stdout.trim().split('\n').pop();
	if (res.code !== 0 || !last) {
		throw new Error(`runtime ${name} is not ready (install-runtime exit ${res.code ?? res.signal})\n${(res.stdout + res.stderr).slice(-3000)}`);
	}
	return JSON.parse(last);
}

module.exports = { ensureRuntimeAsync };
