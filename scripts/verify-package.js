#!/usr/bin/env node
'use strict';
/*
 * Verifies the package as n8n will see it: packs this repository with a plain `npm pack` (which
 * builds first) unless a tarball is given, checks that the tarball is complete
 * (scripts/check-package.js), then lints it with n8n's own verification scanner
 * (@n8n/scan-community-package: the rules n8n applies before it lists a community package) on
 * both legs the scanner checks: the source (package.json, nodes/, credentials/) and the packed
 * code (dist/**.js and the published package.json). The scanner's command line only fetches
 * published packages from the registry; its analyzePackage() is the same check on a folder.
 *
 *   node scripts/verify-package.js [tarball]     exits 1 on any problem
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { checkTarball } = require('./check-package');
const { cleanNpmEnv } = require('../e2e/lib/runtime');

const ROOT = path.resolve(__dirname, '..');

function pack(dest) {
	const res = spawnSync('npm', ['pack', '--pack-destination', dest], { cwd: ROOT, env: cleanNpmEnv(), encoding: 'utf8' });
	if (res.status !== 0) throw new Error(`npm pack failed:\n${res.stderr}`);
	const [tarball] = fs.readdirSync(dest).filter((f) => f.endsWith('.tgz'));
	return path.join(dest, tarball);
}

async function scan(sourceDir, tarball) {
	// eslint-plugin-n8n-nodes-base treats every file as "Test.node.ts" when NODE_ENV is "test" (as
	// under jest), which turns its filename rules into false reports: lint as n8n's scanner does
	if (process.env.NODE_ENV === 'test') delete process.env.NODE_ENV;
	const scanner = await import('@n8n/scan-community-package/scanner/scanner.mjs');
	const packed = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-'));
	try {
		const res = spawnSync('tar', ['-xzf', tarball, '-C', packed, '--strip-components=1']);
		if (res.status !== 0) throw new Error(`could not unpack ${tarball}`);
		const source = await scanner.analyzePackage(sourceDir, scanner.SOURCE_FILE_PATTERNS);
		const dist = await scanner.analyzePackage(packed, ['**/*.js', 'package.json']);
		return [
			['source', source],
			['packed code', dist],
		];
	} finally {
		fs.rmSync(packed, { recursive: true, force: true });
	}
}

async function main() {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-package-'));
	try {
		const tarball = process.argv[2] ? path.resolve(process.argv[2]) : pack(tmp);
		const { files, problems } = checkTarball(tarball);
		let failed = false;
		if (problems.length) {
			failed = true;
			console.error(`verify-package: ${path.basename(tarball)} is not complete:`);
			for (const problem of problems) console.error(`  - ${problem}`);
		} else {
			console.log(`verify-package: ${path.basename(tarball)} is complete (${files.length} files)`);
		}
		for (const [leg, result] of await scan(ROOT, tarball)) {
			if (result.passed) {
				console.log(`verify-package: n8n's scanner passes the ${leg}`);
			} else {
				failed = true;
				console.error(`verify-package: n8n's scanner fails the ${leg}: ${result.message}\n${result.details ?? ''}`);
			}
		}
		return failed ? 1 : 0;
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

main().then(
	(code) => (process.exitCode = code),
	(error) => {
		console.error(`verify-package: ${error.stack ?? error.message}`);
		process.exitCode = 1;
	},
);
