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
 *   node e2e/install-runtime.js --all              installs every version
 */
const path = require('path');
const { VERSIONS, DEFAULT_VERSION, ensureN8n, envDelta } = require('./lib/runtime');

function shellQuote(value) {
	return `'${String(value).replace(/'/g, `'\\''`)}'`;
}

const args = process.argv.slice(2);
const wantEnv = args.includes('--env');
const all = args.includes('--all');
const positional = args.filter((a) => !a.startsWith('--'));
const versions = all ? Object.keys(VERSIONS) : [positional[0] ?? process.env.N8N_VERSION ?? DEFAULT_VERSION];

try {
	for (const version of versions) {
		const info = ensureN8n(version);
		if (wantEnv) {
			const delta = envDelta(info);
			delta.PATH = `${path.join(info.dir, 'node_modules', '.bin')}${path.delimiter}${info.env.PATH}`;
			delta.N8N_RUNTIME_DIR = info.dir;
			for (const [key, value] of Object.entries(delta)) console.log(`export ${key}=${shellQuote(value)}`);
		} else {
			console.log(info.dir);
		}
	}
} catch (error) {
	console.error(`install-runtime: ${error.message}`);
	process.exit(1);
}
