'use strict';
/*
 * Debian's chromium for the browser e2e (apt-get, like redis-server: a browser download cannot
 * work here), and which requests it may make: none that leave this machine.
 */
const fs = require('fs');
const { spawnSync } = require('child_process');

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Path of Debian's chromium, installed with apt-get when it is missing. */
function ensureChromium() {
	const found = () => [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].find((p) => p && fs.existsSync(p));
	if (found()) return found();
	process.stderr.write('[e2e] installing chromium (apt-get)\n');
	const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
	const res = spawnSync(
		'sh',
		['-c', `${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq chromium`],
		{ stdio: ['ignore', 'inherit', 'inherit'] },
	);
	if (res.status !== 0) throw new Error('apt-get install chromium failed');
	if (!found()) throw new Error('chromium not found after install');
	return found();
}

/** A request the browser may not make here: anything that leaves this machine. */
function isExternal(url) {
	try {
		const { protocol, hostname } = new URL(url);
		if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return false;
		return !['localhost', '127.0.0.1', '[::1]'].includes(hostname);
	} catch {
		return false;
	}
}

module.exports = { ensureChromium, isExternal };
