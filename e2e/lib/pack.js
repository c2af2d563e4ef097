'use strict';
/*
 * Builds and packs this repository with `npm pack`, and installs the tarball into an n8n user
 * folder the way n8n's community-package installer does (n8n 1.x/2.x
 * CommunityPackagesService.downloadPackage): unpack into <userFolder>/.n8n/nodes/node_modules/<name>,
 * drop dev/peer/optional dependencies from its package.json, `npm install` inside it, and record
 * it in <userFolder>/.n8n/nodes/package.json.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { REPO_ROOT, cleanNpmEnv } = require('./runtime');
const { checkTarball } = require('../../scripts/check-package');

function run(cmd, args, options) {
	const res = spawnSync(cmd, args, {
		stdio: ['ignore', options.quiet ? 'pipe' : 'inherit', options.quiet ? 'pipe' : 'inherit'],
		encoding: 'utf8',
		...options,
	});
	if (res.error) throw res.error;
	if (res.status !== 0) {
		const out = options.quiet ? `\n${res.stdout ?? ''}${res.stderr ?? ''}` : '';
		throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${res.status} in ${options.cwd}${out}`);
	}
	return res;
}

function readPackageJson(dir = REPO_ROOT) {
	return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/** Environment for npm in another folder, without what an outer `npm run` passes down. */
function cleanEnv(base = process.env) {
	return cleanNpmEnv(base);
}

/**
 * `npm run build` and `npm pack --ignore-scripts` (the build just ran) into a fresh temporary
 * folder, then scripts/check-package.js on the tarball: every file of package.json's n8n
 * section, codex files, the icons the descriptions name, and nothing users do not need.
 * Returns the tarball's path.
 */
function buildAndPack({ quiet = false } = {}) {
	const pkg = readPackageJson();
	const env = cleanEnv();
	if (pkg.scripts?.build) run('npm', ['run', 'build'], { cwd: REPO_ROOT, env, quiet });
	const dest = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-pack-'));
	run('npm', ['pack', '--ignore-scripts', '--pack-destination', dest], { cwd: REPO_ROOT, env, quiet });
	const tarballs = fs.readdirSync(dest).filter((f) => f.endsWith('.tgz'));
	if (tarballs.length !== 1) throw new Error(`npm pack produced ${tarballs.length} tarballs in ${dest}`);
	const tarball = path.join(dest, tarballs[0]);
	const { problems } = checkTarball(tarball);
	if (problems.length) throw new Error(`the packed tarball is not complete:\n  ${problems.join('\n  ')}`);
	return tarball;
}

/**
 * Installs `tarball` into `<userFolder>/.n8n/nodes` as n8n does. `env` is the runtime's
 * environment (its Node on PATH). Returns the package folder.
 */
function installPack(userFolder, tarball, { env = process.env, quiet = true } = {}) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(path.join(nodesDir, 'node_modules'), { recursive: true });
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-unpack-'));
	try {
		run('tar', ['-xzf', tarball, '-C', tmp, '--strip-components=1'], { cwd: tmp, quiet: true });
		const pkg = readPackageJson(tmp);
		const pkgDir = path.join(nodesDir, 'node_modules', ...pkg.name.split('/'));
		fs.rmSync(pkgDir, { recursive: true, force: true });
		fs.mkdirSync(path.dirname(pkgDir), { recursive: true });
		fs.cpSync(tmp, pkgDir, { recursive: true });
		const { devDependencies, peerDependencies, optionalDependencies, ...stripped } = pkg;
		fs.writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify(stripped, null, 2));
		run(
			'npm',
			[
				'install',
				'--audit=false',
				'--fund=false',
				'--bin-links=false',
				'--install-strategy=shallow',
				'--ignore-scripts=true',
				'--package-lock=false',
				'--omit=dev',
				'--omit=peer',
			],
			{ cwd: pkgDir, env: cleanEnv(env), quiet },
		);
		const nodesPkgPath = path.join(nodesDir, 'package.json');
		const nodesPkg = fs.existsSync(nodesPkgPath)
			? JSON.parse(fs.readFileSync(nodesPkgPath, 'utf8'))
			: { name: 'installed-nodes', private: true, dependencies: {} };
		nodesPkg.dependencies = { ...(nodesPkg.dependencies ?? {}), [pkg.name]: pkg.version };
		fs.writeFileSync(nodesPkgPath, JSON.stringify(nodesPkg, null, 2));
		return { pkgDir, pkg: stripped };
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

/**
 * The node type names the pack declares (package name + the node file's class name in lower camel
 * case, as `description.name` is by n8n's convention) and its credential files.
 */
function declaredTypes(pkgDir) {
	const pkg = readPackageJson(pkgDir);
	const nodes = (pkg.n8n?.nodes ?? []).map((rel) => {
		const className = path.basename(rel).replace(/\.node\.js$/, '');
		return `${pkg.name}.${className.charAt(0).toLowerCase()}${className.slice(1)}`;
	});
	return { nodes, credentials: pkg.n8n?.credentials ?? [] };
}

module.exports = { buildAndPack, installPack, declaredTypes, readPackageJson, cleanEnv };
