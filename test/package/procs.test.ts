/**
 * Child processes of `npm start` and the e2e runner (e2e/lib/procs.js): whatever way the owner
 * process ends (SIGINT, SIGTERM, SIGHUP, its parent dying, SIGKILL), nothing it started keeps
 * running. The owner is a small script that starts a long-running grandchild through
 * startProcess and stops on request like scripts/start.js does.
 */
import { spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';

const PROCS = path.resolve(__dirname, '../../e2e/lib/procs.js');

let dir: string;
beforeAll(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'procs-test-'));
	// owner.js: starts `sleeper` (a process group that would live 5 minutes), prints its pid, then
	// stops on request as scripts/start.js does; with "leaveOnStop" it exits without stopping it,
	// which only the watchdog can then mend.
	fs.writeFileSync(
		path.join(dir, 'owner.js'),
		`const { startProcess, stopAll, onStopRequest } = require(${JSON.stringify(PROCS)});
const sleeper = startProcess('sleeper', process.execPath, ['-e', 'setInterval(() => {}, 1000); setTimeout(() => process.exit(0), 300000)']);
onStopRequest((why) => {
	require('fs').writeFileSync(process.argv[2], why);
	stopAll().then(() => process.exit(0));
});
console.log('SLEEPER ' + sleeper.child.pid);
setInterval(() => {}, 1000);
`,
	);
	// parent.js: runs owner.js as `npm start` runs scripts/start.js, and prints the owner's pid
	fs.writeFileSync(
		path.join(dir, 'parent.js'),
		`const { spawn } = require('child_process');
const owner = spawn(process.execPath, [${JSON.stringify(path.join(dir, 'owner.js'))}, process.argv[2]], { stdio: ['ignore', 'inherit', 'inherit'] });
console.log('OWNER ' + owner.pid);
setInterval(() => {}, 1000);
`,
	);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Running (a zombie waiting for a parent that does not reap it counts as gone). */
function alive(pid: number): boolean {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
	} catch {
		return false;
	}
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		if (check()) return true;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	return check();
}

/** Starts `script`, resolves with the pids it prints (e.g. {SLEEPER: 123}). */
function startScript(script: string, why: string, expected: string[]): Promise<{ child: ChildProcess; pids: Record<string, number> }> {
	const child = spawn(process.execPath, [path.join(dir, script), why], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
	const pids: Record<string, number> = {};
	let text = '';
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`no pids from ${script}: ${text}`)), 15_000);
		child.stdout!.on('data', (chunk) => {
			text += chunk;
			for (const m of text.matchAll(/^(\w+) (\d+)$/gm)) pids[m[1]] = Number(m[2]);
			if (expected.every((name) => pids[name])) {
				clearTimeout(timer);
				resolve({ child, pids });
			}
		});
	});
}

const cases: Array<[string, NodeJS.Signals, string]> = [
	['SIGINT (Ctrl-C)', 'SIGINT', 'SIGINT'],
	['SIGTERM to its own pid', 'SIGTERM', 'SIGTERM'],
	['SIGHUP (its terminal closed)', 'SIGHUP', 'SIGHUP'],
];

describe('the owner stops everything it started', () => {
	test.each(cases)('on %s', async (_name, signal, reason) => {
		const why = path.join(dir, `why-${signal}`);
		const { child, pids } = await startScript('owner.js', why, ['SLEEPER']);
		expect(alive(pids.SLEEPER)).toBe(true);
		process.kill(child.pid!, signal);
		expect(await until(() => !alive(pids.SLEEPER) && !alive(child.pid!), 15_000)).toBe(true);
		expect(fs.readFileSync(why, 'utf8')).toBe(reason);
	});

	test('when its parent dies (the npm that ran it is killed)', async () => {
		const why = path.join(dir, 'why-parent');
		const { child, pids } = await startScript('parent.js', why, ['OWNER', 'SLEEPER']);
		process.kill(child.pid!, 'SIGKILL');
		expect(await until(() => !alive(pids.SLEEPER) && !alive(pids.OWNER), 15_000)).toBe(true);
		expect(fs.readFileSync(why, 'utf8')).toBe('parent exited');
	});

	test('when it is killed outright (SIGKILL runs none of its handlers): the watchdog stops it', async () => {
		const why = path.join(dir, 'why-kill');
		const { child, pids } = await startScript('owner.js', why, ['SLEEPER']);
		process.kill(child.pid!, 'SIGKILL');
		expect(await until(() => !alive(pids.SLEEPER), 15_000)).toBe(true);
		expect(fs.existsSync(why)).toBe(false);
	});
});
