'use strict';
/*
 * PostgreSQL for the queue-mode runs (issue 40): n8n's scaling docs name it for queue mode ("a
 * distributed system … over SQLite isn't supported"; n8n 2.40.7 logs "Scaling mode is not
 * officially supported with sqlite" at start). Debian's postgresql (apt-get when missing, as Redis
 * and Chromium), one cluster per run: its own data folder, port and log, started before n8n's
 * import and stopped after the run. As root, PostgreSQL refuses to run: the server runs as Debian's
 * `postgres` user (setpriv), its data folder in a fresh temporary folder that user owns.
 *
 * The cluster favours speed over durability (fsync, synchronous_commit and full_page_writes off):
 * a crash of this test machine may lose the database, which is thrown away after the run anyway;
 * what n8n relies on across processes (transactions, row locks, unique keys) is unchanged.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { startProcess } = require('./procs');
const { aptInstall } = require('./apt');

const USER = 'n8n';
const DATABASE = 'postgres';

/** Folder of PostgreSQL's server programs (initdb, postgres): the newest under /usr/lib/postgresql, else the PATH. */
function binFolder() {
	const root = '/usr/lib/postgresql';
	if (fs.existsSync(root)) {
		const versions = fs
			.readdirSync(root)
			.filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
			.sort((a, b) => Number(b) - Number(a));
		if (versions.length) return path.join(root, versions[0], 'bin');
	}
	const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
	return which.status === 0 ? path.dirname(which.stdout.trim()) : null;
}

/** Installs Debian's postgresql unless its server programs are there; returns their folder. */
function ensurePostgres() {
	return binFolder() ?? aptInstall('postgresql', binFolder);
}

/** n8n's environment for the cluster on `port` (n8n's DB_* variables). */
function postgresEnv(port) {
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(port),
		DB_POSTGRESDB_DATABASE: DATABASE,
		DB_POSTGRESDB_USER: USER,
		DB_POSTGRESDB_PASSWORD: USER,
	};
}

/** The cluster on `port` for e2e/lib/db-reader.js. */
const postgresUrl = (port) => `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`;

/** As root: the uid/gid of Debian's `postgres` user, which runs the server; otherwise null (run as ourselves). */
function serverUser() {
	if (!process.getuid || process.getuid() !== 0) return null;
	const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
	const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
	if (uid.status !== 0 || gid.status !== 0) throw new Error('running as root, and there is no `postgres` user to run PostgreSQL as (install postgresql)');
	return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** [command, args] that runs `program args` as the server's user. */
function asServerUser(user, program, args) {
	if (!user) return [program, args];
	return ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', program, ...args]];
}

/**
 * Starts a new cluster on 127.0.0.1:`port` and resolves once it accepts connections:
 * { env (n8n's DB_* variables), url (for e2e/lib/db-reader.js), stop() }. The server's log goes to `logFile`.
 */
async function startPostgres(port, logFile) {
	const bin = ensurePostgres();
	const user = serverUser();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-pg-'));
	const data = path.join(dir, 'data');
	if (user) fs.chownSync(dir, user.uid, user.gid);
	const [initCmd, initArgs] = asServerUser(user, path.join(bin, 'initdb'), ['-D', data, '-U', USER, '--auth=trust', '-E', 'UTF8', '--no-sync']);
	const init = spawnSync(initCmd, initArgs, { encoding: 'utf8', cwd: dir });
	if (init.status !== 0) throw new Error(`initdb failed (${init.status}): ${init.stderr || init.stdout}`);
	const [cmd, args] = asServerUser(user, path.join(bin, 'postgres'), [
		'-D', data,
		'-p', String(port),
		'-k', dir,
		'-c', 'listen_addresses=127.0.0.1',
		'-c', 'fsync=off',
		'-c', 'synchronous_commit=off',
		'-c', 'full_page_writes=off',
		'-c', 'max_connections=200',
	]);
	const proc = startProcess('postgres', cmd, args, { cwd: dir, logFile });
	await proc.waitFor(/database system is ready to accept connections/, 60_000);
	return {
		port,
		url: postgresUrl(port),
		env: postgresEnv(port),
		proc,
		async stop(ms = 15_000) {
			await proc.stop(ms);
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}

module.exports = { ensurePostgres, startPostgres, postgresEnv, postgresUrl };
