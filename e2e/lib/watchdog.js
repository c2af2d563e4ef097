'use strict';
/*
 * Stops the process groups of a parent that can no longer do it itself.
 *
 * Started by e2e/lib/procs.js in its own process group, with a pipe on stdin. The parent writes
 * "+PGID" when it starts a process group and "-PGID" when that group has ended. When the pipe
 * closes (the parent exited in any way: normally, on a signal, even on SIGKILL, which runs none
 * of its handlers), every group still listed gets SIGTERM and, if it is still there after
 * GRACE_MS, SIGKILL. Terminal signals (Ctrl-C, hang-up) are ignored here so that the parent's
 * own shutdown gets the first go.
 */
const GRACE_MS = Number(process.env.WATCHDOG_GRACE_MS) || 10_000;
const groups = new Set();

for (const signal of ['SIGINT', 'SIGHUP', 'SIGTERM']) process.on(signal, () => {});

function alive(pgid) {
	try {
		process.kill(-pgid, 0);
		return true;
	} catch {
		return false;
	}
}

function signalAll(signal) {
	for (const pgid of groups) {
		try {
			process.kill(-pgid, signal);
		} catch {
			groups.delete(pgid);
		}
	}
}

let pending = '';
process.stdin.on('data', (chunk) => {
	pending += chunk;
	const lines = pending.split('\n');
	pending = lines.pop();
	for (const line of lines) {
		const pgid = Number(line.slice(1));
		if (!Number.isInteger(pgid) || pgid <= 1) continue;
		if (line[0] === '+') groups.add(pgid);
		else if (line[0] === '-') groups.delete(pgid);
	}
});

process.stdin.on('close', () => {
	if (groups.size === 0) process.exit(0);
	signalAll('SIGTERM');
	const started = Date.now();
	const timer = setInterval(() => {
		for (const pgid of groups) if (!alive(pgid)) groups.delete(pgid);
		if (groups.size === 0 || Date.now() - started >= GRACE_MS) {
			signalAll('SIGKILL');
			clearInterval(timer);
			process.exit(0);
		}
	}, 200);
});
