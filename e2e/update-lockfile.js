#!/usr/bin/env node
'use strict';
/*
 * (Re)creates e2e/runtime/<name>/package-lock.json by really installing the runtime's
 * package.json in a temporary folder (`npm install --no-audit --no-fund --ignore-scripts`, with
 * Node 24 on PATH for n8n 2.38.7 and 2.40.7), then completes the lockfile so that `npm ci` accepts it:
 *
 * npm leaves optional platform packages that the registry does not serve (for example
 * @msgpackr-extract/msgpackr-extract-darwin-arm64, absent from the registry reachable here) out
 * of the lockfile, and `npm ci` then refuses the lockfile as "out of sync". Each such optional
 * dependency gets an entry marked optional with the os/cpu its name states, so npm skips it on
 * other platforms, as it would had the registry served it.
 *
 *   node e2e/update-lockfile.js 2.38.7        # or 1.123.81, 2.8.4, 2.40.7, node24
 *   node e2e/update-lockfile.js --fix-only 2.38.7   # only complete the committed lockfile
 *
 * Afterwards `node e2e/install-runtime.js <version>` installs from the new lockfile with npm ci.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { RUNTIME_DIR, VERSIONS, ensureRuntime, nodeEnv } = require('./lib/runtime');

const OS_NAMES = ['darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'android'];
const CPU_NAMES = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

/** Where `dep`, required from the package at lockfile key `from`, resolves to (or undefined). */
function resolveInLock(packages, from, dep) {
	let base = from;
	for (;;) {
		const candidate = `${base ? `${base}/` : ''}node_modules/${dep}`;
		if (packages[candidate]) return candidate;
		if (!base) return undefined;
		const idx = base.lastIndexOf('/node_modules/');
		base = idx === -1 ? '' : base.slice(0, idx);
	}
}

function platformOf(name) {
	const parts = name.split(/[/@_.-]+/).filter(Boolean);
	const osName = parts.find((p) => OS_NAMES.includes(p));
	const cpu = parts.find((p) => CPU_NAMES.includes(p));
	return { os: osName, cpu };
}

/** Adds lockfile entries for optional dependencies the lockfile lacks; returns what it added. */
function completeLockfile(lockPath) {
	const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
	const packages = lock.packages;
	const added = [];
	for (const [key, entry] of Object.entries({ ...packages })) {
		for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
			if (resolveInLock(packages, key, dep)) continue;
			const version = String(spec).replace(/^[=^~v]+/, '');
			if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
				throw new Error(`${key} lists optional ${dep}@${spec}: not an exact version, cannot complete`);
			}
			const top = `node_modules/${dep}`;
			const slot = packages[top] ? `${key}/node_modules/${dep}` : top;
			const { os: osName, cpu } = platformOf(dep);
			packages[slot] = {
				version,
				optional: true,
				...(cpu ? { cpu: [cpu] } : {}),
				...(osName ? { os: [osName] } : {}),
			};
			added.push(`${slot}@${version}`);
		}
	}
	// keep npm's ordering: the root first, then sorted keys
	const sorted = { '': packages[''] };
	for (const key of Object.keys(packages).filter((k) => k !== '').sort((a, b) => a.localeCompare(b, 'en'))) sorted[key] = packages[key];
	lock.packages = sorted;
	fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
	return added;
}

function main() {
	const args = process.argv.slice(2);
	const fixOnly = args.includes('--fix-only');
	const name = args.find((a) => !a.startsWith('--'));
	if (!name || !fs.existsSync(path.join(RUNTIME_DIR, name, 'package.json'))) {
		console.error('usage: node e2e/update-lockfile.js [--fix-only] <1.123.81|2.8.4|2.38.7|2.40.7|node24|verdaccio>');
		process.exit(2);
	}
	const lockPath = path.join(RUNTIME_DIR, name, 'package-lock.json');
	if (!fixOnly) {
		const nodeDir = VERSIONS[name]?.node ? ensureRuntime(VERSIONS[name].node).dir : null;
		const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `n8n-lock-${name}-`));
		fs.copyFileSync(path.join(RUNTIME_DIR, name, 'package.json'), path.join(tmp, 'package.json'));
		console.error(`installing ${name} in ${tmp} to record its lockfile`);
		const res = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], {
			cwd: tmp,
			env: nodeEnv(nodeDir),
			stdio: ['ignore', 'inherit', 'inherit'],
		});
		if (res.status !== 0) process.exit(res.status ?? 1);
		fs.copyFileSync(path.join(tmp, 'package-lock.json'), lockPath);
		fs.rmSync(tmp, { recursive: true, force: true });
	}
	const added = completeLockfile(lockPath);
	console.error(added.length ? `added optional entries:\n  ${added.join('\n  ')}` : 'lockfile complete');
	console.log(lockPath);
}

module.exports = { completeLockfile };
if (require.main === module) main();
