'use strict';
/*
 * One install of a runtime at a time (e2e/lib/runtime.js): a lock file per runtime in the cache,
 * created exclusively and holding its owner's pid. A second process (npm start while test:all's
 * background installer runs, say) waits for the first and then reuses its install.
 */
const fs = require('fs');
const path = require('path');

function log(message) {
	process.stderr.write(`[runtime] ${message}\n`);
}

function sleepSync(ms) {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function processAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

/**
 * Runs fn() holding <cacheRoot>/<prefix>.lock (created exclusively, holding the owner's pid).
 * A lock whose process is gone is taken over; a live one is waited for, polling every second.
 */
function withInstallLock(cacheRoot, prefix, fn, { pollMs = 1000 } = {}) {
	const lockPath = path.join(cacheRoot, `${prefix}.lock`);
	let announced = false;
	for (;;) {
		try {
			fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
		}
		let owner = NaN;
		try {
			owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
		} catch {
			continue; // released between the two calls
		}
		if (!Number.isInteger(owner) || owner === process.pid || !processAlive(owner)) {
			// written but not yet filled in: give its owner a moment before calling it stale
			if (Number.isNaN(owner) && Date.now() - statMtime(lockPath) < 5000) {
				sleepSync(100);
				continue;
			}
			log(`removing the stale lock ${path.basename(lockPath)} (process ${owner} is gone)`);
			fs.rmSync(lockPath, { force: true });
			continue;
		}
		if (!announced) {
			log(`waiting for process ${owner}, which is installing ${prefix} (lock ${lockPath})`);
			announced = true;
		}
		sleepSync(pollMs);
	}
	try {
		return fn();
	} finally {
		fs.rmSync(lockPath, { force: true });
	}
}

function statMtime(file) {
	try {
		return fs.statSync(file).mtimeMs;
	} catch {
		return 0;
	}
}

module.exports = { withInstallLock, sleepSync };
