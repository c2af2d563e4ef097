/**
 * The n8n runtime cache (e2e/lib/runtime.js): an install is verified before it is marked
 * complete, and a cached folder that no longer works (sqlite3's native binding missing) is
 * detected and installed again instead of being reused. The installer is replaced by one that
 * lays out a small stand-in runtime (n8n's bin and a sqlite3 package), so this runs in seconds.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawn, spawnSync } from 'child_process';
import { UNTIL_TEST_TIMEOUT_MS, until } from '../helpers/until';

type Ensure = (name: string, o: { cacheRoot: string; installer: (name: string, folder: string) => void }) => {
	dir: string;
	reused: boolean;
	waitedMs?: number;
};
const runtime = require('../../e2e/lib/runtime') as {
	ensureRuntime: Ensure;
	verifyRuntime: (name: string, dir: string, nodeDir: string | null) => string | null;
	cleanNpmEnv: (base: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
	COMPLETE_MARKER: string;
};

const VERSION = '2.8.4';

/** Lays out node_modules/n8n (bin printing the version) and sqlite3, working or not. */
function fakeInstall(folder: string, { bindingPresent = true } = {}) {
	const n8n = path.join(folder, 'node_modules', 'n8n');
	fs.mkdirSync(path.join(n8n, 'bin'), { recursive: true });
	fs.writeFileSync(path.join(n8n, 'package.json'), JSON.stringify({ name: 'n8n', version: VERSION }));
	fs.writeFileSync(path.join(n8n, 'bin', 'n8n'), `console.log(${JSON.stringify(VERSION)});\n`);
	const sqlite = path.join(folder, 'node_modules', 'sqlite3');
	fs.mkdirSync(path.join(sqlite, 'build', 'Release'), { recursive: true });
	fs.writeFileSync(path.join(sqlite, 'package.json'), JSON.stringify({ name: 'sqlite3', main: 'index.js' }));
	// like sqlite3's own loader: requires the compiled binding
	fs.writeFileSync(path.join(sqlite, 'index.js'), "module.exports = require('./build/Release/binding.js');\n");
	if (bindingPresent) fs.writeFileSync(path.join(sqlite, 'build', 'Release', 'binding.js'), 'module.exports = {};\n');
}

describe('runtime cache', () => {
	let cacheRoot: string;
	const installs: string[] = [];
	const installer = (_name: string, folder: string) => {
		installs.push(folder);
		fakeInstall(folder);
	};
	beforeEach(() => {
		cacheRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rt-cache-'));
		installs.length = 0;
	});
	afterEach(() => fs.rmSync(cacheRoot, { recursive: true, force: true }));

	it('installs, verifies and then reuses a working runtime', () => {
		const first = runtime.ensureRuntime(VERSION, { cacheRoot, installer });
		expect(first.reused).toBe(false);
		expect(installs).toHaveLength(1);
		expect(fs.existsSync(path.join(first.dir, runtime.COMPLETE_MARKER))).toBe(true);
		const second = runtime.ensureRuntime(VERSION, { cacheRoot, installer });
		expect(second).toMatchObject({ dir: first.dir, reused: true });
		expect(installs).toHaveLength(1);
	});

	it('detects a cached folder whose sqlite3 binding is missing and installs it again', () => {
		const { dir } = runtime.ensureRuntime(VERSION, { cacheRoot, installer });
		fs.rmSync(path.join(dir, 'node_modules', 'sqlite3', 'build'), { recursive: true });
		expect(runtime.verifyRuntime(VERSION, dir, null)).toMatch(/sqlite3's native binding does not load/);

		const again = runtime.ensureRuntime(VERSION, { cacheRoot, installer });
		expect(again.reused).toBe(false);
		expect(installs).toHaveLength(2);
		expect(runtime.verifyRuntime(VERSION, again.dir, null)).toBeNull();
		expect(fs.existsSync(path.join(again.dir, 'node_modules', 'sqlite3', 'build', 'Release', 'binding.js'))).toBe(true);
	});

	it('never marks a broken install complete (a rebuild that silently built nothing)', () => {
		const broken = (_name: string, folder: string) => fakeInstall(folder, { bindingPresent: false });
		expect(() => runtime.ensureRuntime(VERSION, { cacheRoot, installer: broken })).toThrow(
			/the install of 2\.8\.4 does not work: sqlite3's native binding does not load/,
		);
		expect(fs.readdirSync(cacheRoot)).toEqual([]);
	});

	it('detects an n8n that does not start', () => {
		const { dir } = runtime.ensureRuntime(VERSION, { cacheRoot, installer });
		fs.writeFileSync(path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), 'process.exit(3);\n');
		expect(runtime.verifyRuntime(VERSION, dir, null)).toMatch(/n8n --version failed \(exit 3\)/);
	});

	it('takes over the lock of a process that is gone', () => {
		const gone = spawnSync(process.execPath, ['-e', 'process.pid'], { encoding: 'utf8' }).pid;
		fs.writeFileSync(path.join(cacheRoot, `n8n-${VERSION}.lock`), `${gone}\n`);
		const first = runtime.ensureRuntime(VERSION, { cacheRoot, installer });
		expect(first.reused).toBe(false);
		expect(installs).toHaveLength(1);
		// the lock is released: only the install is left
		expect(fs.readdirSync(cacheRoot)).toEqual([path.basename(first.dir)]);
	});

	it('waits for another process installing the same runtime and reuses its install', async () => {
		// the other process: installs with a stand-in installer that takes 5 s
		const script = `
			const fs = require('fs'), path = require('path');
			const runtime = require(${JSON.stringify(path.resolve(__dirname, '../../e2e/lib/runtime.js'))});
			runtime.ensureRuntime(${JSON.stringify(VERSION)}, { cacheRoot: process.argv[1], installer: (_n, folder) => {
				const n8n = path.join(folder, 'node_modules', 'n8n');
				fs.mkdirSync(path.join(n8n, 'bin'), { recursive: true });
				fs.writeFileSync(path.join(n8n, 'package.json'), '{"name":"n8n"}');
				fs.writeFileSync(path.join(n8n, 'bin', 'n8n'), 'console.log(${JSON.stringify(VERSION)})');
				const rel = path.join(folder, 'node_modules', 'sqlite3', 'build', 'Release');
				fs.mkdirSync(rel, { recursive: true });
				fs.writeFileSync(path.join(folder, 'node_modules', 'sqlite3', 'package.json'), '{"name":"sqlite3","main":"build/Release/binding.js"}');
				fs.writeFileSync(path.join(rel, 'binding.js'), '');
				Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5000);
			} });`;
		const other = spawn(process.execPath, ['-e', script, cacheRoot], { stdio: 'ignore' });
		const exited = new Promise((resolve) => other.on('exit', resolve));
		const lock = path.join(cacheRoot, `n8n-${VERSION}.lock`);
		// a Node process starting on a busy machine: wait on the lock, not on a time
		await until('the other process to take the install lock', () => fs.existsSync(lock));

		const mine = runtime.ensureRuntime(VERSION, { cacheRoot, installer });
		expect(await exited).toBe(0);
		expect(mine.reused).toBe(true);
		expect(mine.waitedMs).toBeGreaterThan(0);
		expect(installs).toHaveLength(0);
		expect(fs.readdirSync(cacheRoot)).toEqual([path.basename(mine.dir)]);
	}, UNTIL_TEST_TIMEOUT_MS);

	it('drops the npm settings an outer npm run passes down that would skip the sqlite3 build', () => {
		const env = runtime.cleanNpmEnv({
			PATH: '/bin',
			npm_config_ignore_scripts: 'true',
			npm_config_dry_run: 'true',
			npm_config_omit: 'dev',
			npm_config_local_prefix: '/elsewhere',
			npm_package_name: 'outer',
			npm_lifecycle_event: 'test',
			npm_config_cache: '/root/.npm',
			npm_config_registry: 'https://registry.npmjs.org/',
		});
		expect(env).toEqual({ PATH: '/bin', npm_config_cache: '/root/.npm', npm_config_registry: 'https://registry.npmjs.org/' });
	});
});
