#!/usr/bin/env node
'use strict';
/*
 * Installs a pinned n8n runtime from e2e/runtime/<version>/package-lock.json into the cache
 * (~/.cache/n8n-nodes-governance-connectors/n8n-<version>-<lockfile hash>), reusing a matching
 * install, and prints its folder.
 *
 *   node e2e/install-runtime.js [VERSION]          prints the runtime folder (default 2.38.7)
 *   node e2e/install-runtime.js VERSION --env      prints `export NAME=value` lines to run its n8n:
 *       eval "$(node e2e/install-runtime.js 2.38.7 --env)" && n8n --version
 *   node e2e/install-runtime.js --all              installs every version and verdaccio (the
 *       registry phase's local registry), one after the other, in the e2e runner's order
 *       (npm run test:all starts this in the background; see scripts/test-all.js)
 *   node e2e/install-runtime.js NAME --json        installs (or waits for, or reuses) one runtime, an
 *       n8n version or "verdaccio", and prints what lib/runtime.js returns for it as one JSON line:
 *       the e2e runner's lanes wait for a runtime this way, in a child process, so that the waiting
 *       and the checks of a cached install (`n8n --version`) do not stop the runner's event loop
 *       (the stand-ins and the other lane run in it)
 */
const path = require('path');
const { VERSIONS, DEFAULT_VERSION, ensureN8n, ensureRuntime, envDelta } = require('./lib/runtime');

function shellQuote(value) {
	return `'${String(value).replace(/'/g, `'\\''`)}'`;
}

const args = process.argv.slice(2);
const wantEnv = args.includes('--env');
const wantJson = args.includes('--json');
const all = args.includes('--all');
const positional = args.filter((a) => !a.startsWith('--'));
const versions = all ? Object.keys(VERSIONS) : [positional[0] ?? process.env.N8N_VERSION ?? DEFAULT_VERSION];

function report(name, started, rt) {
	const how = rt.reused ? 'reused' : `installed in ${Math.round((rt.installMs ?? rt.ms) / 1000)} s`;
	const waited = rt.waitedMs > 1000 ? `, waited ${Math.round(rt.waitedMs / 1000)} s for another install` : '';
	console.error(`[runtime] ${name}: ${how}${waited} (${Math.round((Date.now() - started) / 1000)} s in all)`);
}

let failed = 0;
// with --all, a runtime that fails does not stop the others (the e2e runner tries it again)
function attempt(what, fn) {
	try {
		return fn();
	} catch (error) {
		console.error(`install-runtime: ${what}: ${error.message}`);
		failed++;
		if (!all) process.exit(1);
		return undefined;
	}
}

if (wantJson && positional[0] && !VERSIONS[positional[0]]) {
	// a runtime that is not an n8n version (verdaccio)
	const rt = attempt(positional[0], () => ensureRuntime(positional[0]));
	console.log(JSON.stringify(rt));
	process.exit(0);
}

for (const [i, version] of versions.entries()) {
	const started = Date.now();
	const info = attempt(`n8n ${version}`, () => ensureN8n(version));
	if (info && all) report(`n8n ${version}`, started, info);
	// verdaccio (small) right after the first version: the registry phase of that version needs it
	if (all && i === 0) {
		const t = Date.now();
		const rt = attempt('verdaccio', () => ensureRuntime('verdaccio'));
		if (rt) report('verdaccio', t, rt);
	}
	if (!info) continue;
	if (wantJson) {
		console.log(JSON.stringify(info));
	} else if (wantEnv) {
		const delta = envDelta(info);
		delta.PATH = `${path.join(info.dir, 'node_modules', '.bin')}${path.delimiter}${info.env.PATH}`;
		delta.N8N_RUNTIME_DIR = info.dir;
		for (const [key, value] of Object.entries(delta)) console.log(`export ${key}=${shellQuote(value)}`);
	} else {
		console.log(info.dir);
	}
}
if (failed) process.exit(1);
