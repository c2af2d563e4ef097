'use strict';
/* Debian packages the e2e needs (redis-server, postgresql, chromium), installed with apt-get when missing. */
const { spawnSync } = require('child_process');

/**
 * `apt-get install` of `pkg` (as root, else through sudo); then `find()` must find what it
 * installed. Returns what `find()` returns; throws naming the package otherwise.
 */
function aptInstall(pkg, find) {
	process.stderr.write(`[e2e] installing ${pkg} (apt-get)\n`);
	const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
	const res = spawnSync(
		'sh',
		['-c', `${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq ${pkg}`],
		{ stdio: ['ignore', 'inherit', 'inherit'] },
	);
	if (res.status !== 0) throw new Error(`apt-get install ${pkg} failed`);
	const found = find();
	if (!found) throw new Error(`${pkg} not found after install`);
	return found;
}

module.exports = { aptInstall };
