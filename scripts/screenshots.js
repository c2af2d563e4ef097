#!/usr/bin/env node
'use strict';
/*
 * npm run screenshots: the README's pictures of the nodes in n8n's editor, taken in a real
 * browser (Debian's chromium, installed with apt-get when missing) from the n8n that `npm start`
 * brings up (n8n 2.38.7, a throwaway data folder, the stand-ins, credentials and examples).
 * Light theme, 1440×900; written to docs/images/ (not shipped in the npm package).
 *
 * Options: --out DIR (default docs/images), --n8n VERSION (default npm start's).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');

const { DEFAULT_VERSION, REPO_ROOT } = require('../e2e/lib/runtime');
const { startOnFreePort } = require('../e2e/start-phase');
const { takeScreenshots } = require('../e2e/screenshots');

async function main() {
	const args = process.argv.slice(2);
	const opt = (name, fallback) => {
		const i = args.indexOf(name);
		return i === -1 ? fallback : args[i + 1];
	};
	const out = path.resolve(opt('--out', path.join(REPO_ROOT, 'docs', 'images')));
	const version = opt('--n8n', DEFAULT_VERSION);
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-screenshots-'));
	console.log(`[screenshots] starting n8n ${version} as npm start does (the first run installs it)`);
	const run = await startOnFreePort(version, folder, true);
	try {
		const files = await takeScreenshots({ baseUrl: `http://localhost:${run.port}`, dir: out, log: (m) => console.log(`[screenshots] ${m}`) });
		console.log(`[screenshots] ${files.length} pictures in ${path.relative(REPO_ROOT, out) || out}`);
	} finally {
		run.child.kill('SIGTERM');
		await Promise.race([run.exited, new Promise((r) => setTimeout(r, 60_000))]);
		fs.rmSync(folder, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
