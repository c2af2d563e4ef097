'use strict';
/*
 * Debian's chromium for the browser e2e (apt-get, like redis-server: a browser download cannot
 * work here), and which requests it may make: none that leave this machine.
 */
const fs = require('fs');
const { aptInstall } = require('./apt');

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Path of Debian's chromium, installed with apt-get when it is missing. */
function ensureChromium() {
	const found = () => [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].find((p) => p && fs.existsSync(p));
	return found() ?? aptInstall('chromium', found);
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
