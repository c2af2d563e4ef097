#!/usr/bin/env node
'use strict';
/*
 * Checks an `npm pack` tarball of this package before anyone installs or publishes it:
 *  - it holds package.json, README.md, LICENSE and CHANGELOG.md;
 *  - it holds every file of package.json's n8n.nodes and n8n.credentials, each node's codex file
 *    (<Name>.node.json beside <Name>.node.js), and every icon file the node and credential
 *    descriptions name (`file:x.svg`, light and dark), loaded from the packed code itself;
 *  - every path package.json names is in it: main, types and bin when set, each entry of files;
 *  - it holds nothing users do not need: only those top-level files and dist/ with compiled .js,
 *    source maps, codex .json and icons (no declarations, no tests, no TypeScript sources, no
 *    .n8n-dev). n8n loads the .js, the codex .json and the icons; n8n's bin/n8n installs
 *    source-map-support, so the maps turn a stack trace's dist/*.js lines into this repository's
 *    .ts lines; nothing reads .d.ts files (CONTRIBUTING.md, "Lint and n8n's toolchain").
 *
 *   node scripts/check-package.js <tarball>      prints the problems and exits 1 if there are any
 *
 * Used by the package test (test/package), the e2e install (e2e/lib/pack.js) and the publish
 * workflow (.github/workflows/publish.yml) on the very tarball it publishes.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const REQUIRED_TOP_LEVEL = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];
const ALLOWED_IN_DIST = /^dist\/(nodes|credentials)\/.+\.(js|js\.map|json|svg|png)$/;

/** Paths inside the tarball, relative to its `package/` folder. */
function listTarball(tarball) {
	const res = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
	if (res.status !== 0) throw new Error(`tar -tzf ${tarball} failed: ${res.stderr}`);
	return res.stdout
		.split('\n')
		.filter((line) => line && !line.endsWith('/'))
		.map((line) => line.replace(/^package\//, ''));
}

function strip(file) {
	return file.replace(/^\.\//, '');
}

/** Problems that the file list alone shows (`pkg` is the package.json in the tarball). */
function fileProblems(files, pkg) {
	const have = new Set(files);
	const problems = [];
	for (const file of REQUIRED_TOP_LEVEL) if (!have.has(file)) problems.push(`missing ${file}`);
	const nodes = (pkg?.n8n?.nodes ?? []).map(strip);
	const credentials = (pkg?.n8n?.credentials ?? []).map(strip);
	if (!nodes.length) problems.push('package.json lists no n8n.nodes');
	for (const file of [...nodes, ...credentials]) {
		if (!have.has(file)) problems.push(`missing ${file} (listed in package.json's n8n section)`);
	}
	for (const file of nodes) {
		const codex = file.replace(/\.js$/, '.json');
		if (!have.has(codex)) problems.push(`missing codex file ${codex}`);
	}
	for (const field of ['main', 'types', 'typings']) {
		const value = pkg?.[field];
		if (typeof value === 'string' && !have.has(strip(value))) {
			problems.push(`package.json ${field} names ${value}, which the package does not hold`);
		}
	}
	const bin = typeof pkg?.bin === 'string' ? [pkg.bin] : Object.values(pkg?.bin ?? {});
	for (const value of bin) {
		if (!have.has(strip(value))) problems.push(`package.json bin names ${value}, which the package does not hold`);
	}
	for (const entry of pkg?.files ?? []) {
		if (/[*?!{[]/.test(entry)) continue; // a pattern, not a path
		const name = strip(entry).replace(/\/+$/, '');
		if (!files.some((file) => file === name || file.startsWith(`${name}/`))) {
			problems.push(`package.json files names ${entry}, which the package does not hold`);
		}
	}
	for (const file of files) {
		if (REQUIRED_TOP_LEVEL.includes(file)) continue;
		if (!ALLOWED_IN_DIST.test(file) || /(^|\/)(test|__tests__|\.n8n-dev)\//.test(file)) {
			problems.push(`ships a file users do not need: ${file}`);
		}
	}
	return problems;
}

/** Icon files named by each node and credential class (loaded from `pkgDir`), as paths. */
function describedIcons(pkgDir) {
	// load in a child process: the packed code must resolve n8n-workflow like it does in n8n
	const script = `
		const path = require('path');
		const pkg = require(path.join(${JSON.stringify(pkgDir)}, 'package.json'));
		const out = [];
		for (const rel of [...(pkg.n8n.nodes || []), ...(pkg.n8n.credentials || [])]) {
			const file = path.join(${JSON.stringify(pkgDir)}, rel);
			let icons = [];
			try {
				for (const Class of Object.values(require(file))) {
					if (typeof Class !== 'function' || !/^class\\b/.test(Function.prototype.toString.call(Class))) continue;
					const instance = new Class();
					const icon = instance.description ? instance.description.icon : instance.icon;
					if (icon) icons = typeof icon === 'string' ? [icon] : Object.values(icon);
				}
				out.push({ file: rel, icons });
			} catch (error) {
				out.push({ file: rel, error: error.message });
			}
		}
		process.stdout.write(JSON.stringify(out));`;
	const res = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: pkgDir });
	if (res.status !== 0) throw new Error(`loading the packed classes failed: ${res.stderr}`);
	return JSON.parse(res.stdout);
}

function iconProblems(files, described) {
	const have = new Set(files);
	const problems = [];
	for (const { file, icons, error } of described) {
		if (error) {
			problems.push(`${strip(file)} does not load: ${error}`);
			continue;
		}
		if (!icons.length) problems.push(`${strip(file)} names no icon`);
		for (const icon of icons) {
			if (!/^file:/.test(icon)) continue;
			const iconPath = path.posix.join(path.posix.dirname(strip(file)), icon.slice(5));
			if (!have.has(iconPath)) problems.push(`missing icon ${iconPath} (named by ${strip(file)})`);
		}
	}
	return problems;
}

/**
 * Checks `tarball`. Unpacks it next to a `node_modules` link to this repository's dependencies
 * (for n8n-workflow) to load the descriptions. Returns { files, pkg, problems }.
 */
function checkTarball(tarball) {
	const files = listTarball(tarball);
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pack-check-'));
	try {
		const pkgDir = path.join(tmp, 'package');
		fs.mkdirSync(pkgDir);
		const res = spawnSync('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1']);
		if (res.status !== 0) throw new Error(`could not unpack ${tarball}`);
		fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
		const pkgPath = path.join(pkgDir, 'package.json');
		const pkg = fs.existsSync(pkgPath) ? JSON.parse(fs.readFileSync(pkgPath, 'utf8')) : undefined;
		const problems = fileProblems(files, pkg);
		if (pkg?.n8n && files.some((f) => f.startsWith('dist/'))) {
			problems.push(...iconProblems(files, describedIcons(pkgDir)));
		}
		return { files, pkg, problems };
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

if (require.main === module) {
	const tarball = process.argv[2];
	if (!tarball) {
		console.error('usage: node scripts/check-package.js <tarball>');
		process.exit(2);
	}
	const { files, problems } = checkTarball(path.resolve(tarball));
	if (problems.length) {
		console.error(`check-package: ${path.basename(tarball)} is not complete:`);
		for (const problem of problems) console.error(`  - ${problem}`);
		process.exit(1);
	}
	console.log(`check-package: ${path.basename(tarball)} is complete (${files.length} files)`);
}

module.exports = { listTarball, fileProblems, iconProblems, describedIcons, checkTarball };
