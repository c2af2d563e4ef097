/**
 * A clean copy of this repository's tree (tracked and new files, no dist/ or node_modules/) in a
 * temporary folder, with node_modules linked to the repository's: what a fresh clone plus
 * `npm ci` gives, without installing again.
 */
import { spawnSync, SpawnSyncOptions } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export const ROOT = path.resolve(__dirname, '..', '..');

const { cleanNpmEnv } = require('../../e2e/lib/runtime') as {
	cleanNpmEnv: (base?: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
};

/** The environment a user's shell has: nothing an outer `npm test` passes down to its script. */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return { ...cleanNpmEnv(process.env), ...extra };
}

export function run(cmd: string, args: string[], options: SpawnSyncOptions = {}) {
	const res = spawnSync(cmd, args, { encoding: 'utf8', env: userEnv(), ...options });
	if (res.error) throw res.error;
	return { status: res.status, stdout: String(res.stdout ?? ''), stderr: String(res.stderr ?? '') };
}

export function copyTree(): string {
	const dest = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-'));
	const listed = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT });
	if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
	for (const file of listed.stdout.split('\0')) {
		if (!file || /^(dist|node_modules)\//.test(file)) continue;
		const from = path.join(ROOT, file);
		if (!fs.existsSync(from)) continue; // deleted in the work tree, not yet committed
		fs.mkdirSync(path.dirname(path.join(dest, file)), { recursive: true });
		fs.copyFileSync(from, path.join(dest, file));
	}
	fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dest, 'node_modules'), 'dir');
	return dest;
}

export function removeTree(dir: string) {
	fs.rmSync(dir, { recursive: true, force: true });
}
