'use strict';
/*
 * Child processes of the e2e runner, the benches and `npm start`: each is started in its own
 * process group (detached) so that stopping it also stops what it started (n8n's task runners),
 * and every one still running is killed when this process exits, also on an error or Ctrl-C.
 * A watchdog process (watchdog.js) holds the list of groups too and stops them when this process
 * dies without a chance to do it (SIGKILL, a crash of Node itself).
 */
const fs = require('fs');
const net = require('net');
const path = require('path');
const { spawn } = require('child_process');

const running = new Set();

let watchdogChild;
/** Tells the watchdog (started on first use) that a process group began (+) or ended (-). */
function guard(pid, started) {
	if (!pid) return;
	if (!watchdogChild) {
		if (!started) return;
		watchdogChild = spawn(process.execPath, [path.join(__dirname, 'watchdog.js')], {
			detached: true,
			stdio: ['pipe', 'ignore', 'ignore'],
		});
		watchdogChild.on('error', () => {});
		watchdogChild.stdin.on('error', () => {});
		watchdogChild.unref();
		watchdogChild.stdin.unref?.();
	}
	if (watchdogChild.stdin.writable) watchdogChild.stdin.write(`${started ? '+' : '-'}${pid}\n`);
}

/**
 * Calls `handler(reason)` once when this process is asked to stop: SIGINT (Ctrl-C), SIGTERM,
 * SIGHUP (its terminal closed) or its parent exited (e.g. the `npm` that ran it was killed).
 */
function onStopRequest(handler) {
	let called = false;
	const once = (reason) => {
		if (called) return;
		called = true;
		handler(reason);
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => once(signal));
	const parent = process.ppid;
	setInterval(() => {
		if (process.ppid !== parent) once('parent exited');
	}, 500).unref();
}

function killGroup(child, signal) {
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			// already gone
		}
	}
}

function killAllSync() {
	for (const proc of running) killGroup(proc.child, 'SIGKILL');
	running.clear();
}
process.on('exit', killAllSync);

/**
 * Starts `cmd args` with output appended to `logFile` (and kept in memory for waitFor).
 * Returns { child, name, output(), waitFor(regex, ms), exited, stop(ms) }.
 */
function startProcess(name, cmd, args, { env, cwd, logFile, echo = false } = {}) {
	const child = spawn(cmd, args, {
		env,
		cwd,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	guard(child.pid, true);
	const logStream = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : null;
	let text = '';
	const waiters = new Set();
	const onData = (chunk) => {
		const s = chunk.toString();
		text += s;
		if (text.length > 4_000_000) text = text.slice(-2_000_000);
		logStream?.write(s);
		if (echo) process.stdout.write(s.replace(/^/gm, `[${name}] `));
		for (const w of waiters) w.check();
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	const proc = {
		name,
		child,
		output: () => text,
		exitCode: undefined,
		exited: null,
	};
	proc.exited = new Promise((resolve) => {
		child.on('exit', (code, signal) => {
			proc.exitCode = code ?? signal;
			running.delete(proc);
			guard(child.pid, false);
			for (const w of waiters) w.check();
			resolve(proc.exitCode);
		});
		child.on('error', (error) => {
			text += `\n[spawn error] ${error.message}\n`;
			proc.exitCode = -1;
			running.delete(proc);
			resolve(-1);
		});
	});
	proc.exited.finally(() => logStream?.end());
	running.add(proc);

	/** Resolves with the match when `regex` appears in the output; rejects on exit or timeout. */
	proc.waitFor = (regex, ms = 120_000, from = 0) =>
		new Promise((resolve, reject) => {
			const w = {
				check() {
					const m = regex.exec(text.slice(from));
					if (m) {
						cleanup();
						resolve(m);
					} else if (proc.exitCode !== undefined) {
						cleanup();
						reject(new Error(`${name} exited (${proc.exitCode}) before printing ${regex}\n${text.slice(-3000)}`));
					}
				},
			};
			const timer = setTimeout(() => {
				cleanup();
				reject(new Error(`${name}: no ${regex} within ${ms / 1000} s\n${text.slice(-3000)}`));
			}, ms);
			function cleanup() {
				clearTimeout(timer);
				waiters.delete(w);
			}
			waiters.add(w);
			w.check();
		});

	/** SIGTERM to the group, SIGKILL after `ms`. */
	proc.stop = async (ms = 15_000) => {
		if (proc.exitCode !== undefined) return proc.exitCode;
		killGroup(child, 'SIGTERM');
		const timer = setTimeout(() => killGroup(child, 'SIGKILL'), ms);
		const code = await proc.exited;
		clearTimeout(timer);
		killGroup(child, 'SIGKILL'); // leftovers of the group (task runners)
		return code;
	};
	return proc;
}

/** Runs a command to completion: { code, signal, stdout, stderr, ms }. */
function runProcess(cmd, args, { env, cwd, timeoutMs = 300_000, input } = {}) {
	return new Promise((resolve) => {
		const started = Date.now();
		const child = spawn(cmd, args, { env, cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
		const proc = { child, name: `${cmd} ${args[0] ?? ''}` };
		running.add(proc);
		guard(child.pid, true);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d) => (stdout += d));
		child.stderr.on('data', (d) => (stderr += d));
		if (input !== undefined) child.stdin.end(input);
		else child.stdin.end();
		const timer = setTimeout(() => {
			stderr += `\n[timeout after ${timeoutMs / 1000} s]\n`;
			killGroup(child, 'SIGKILL');
		}, timeoutMs);
		child.on('error', (error) => {
			stderr += `\n[spawn error] ${error.message}\n`;
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			running.delete(proc);
			killGroup(child, 'SIGKILL'); // anything it left behind in its group
			guard(child.pid, false);
			resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
		});
	});
}

/*
 * Ports for n8n, Redis and verdaccio come from below the kernel's ephemeral range (Linux's
 * ip_local_port_range, 32768-60999 by default). A port the kernel picks for listen(0) comes from
 * that range and is free again once the probe closes: until n8n binds it (a worker binds its task
 * broker a minute or more after its port was chosen), any outgoing connection of this machine, or
 * the runner's other lane, may be given it (seen: "n8n Task Broker's port 46221 is already in
 * use" with two lanes). Below the range nothing hands ports out but allocators like this one,
 * which gives each port once per process, from a start that differs per process.
 */
const PORT_FIRST = 15000;
const PORT_COUNT = 17000; // 15000-31999
let portCursor = (process.pid * 7919) % PORT_COUNT;

/** Whether nothing listens on `port` (any address: n8n binds all of them). */
function portFree(port) {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.unref();
		server.once('error', () => resolve(false));
		server.listen(port, () => server.close(() => resolve(true)));
	});
}

/** A TCP port nothing listens on, never handed out before by this process (see above). */
async function freePort() {
	for (let tries = 0; tries < PORT_COUNT; tries++) {
		const port = PORT_FIRST + (portCursor++ % PORT_COUNT);
		if (await portFree(port)) return port;
	}
	throw new Error(`no free port in ${PORT_FIRST}-${PORT_FIRST + PORT_COUNT - 1}`);
}

/** Stops every process still running (in reverse start order). */
async function stopAll() {
	const procs = [...running].reverse();
	for (const proc of procs) {
		if (proc.stop) await proc.stop(10_000).catch(() => {});
		else killGroup(proc.child, 'SIGKILL');
	}
}

module.exports = { startProcess, runProcess, freePort, stopAll, killAllSync, onStopRequest };
