#!/usr/bin/env node
'use strict';
/*
 * npm start: try every node of the pack in a real n8n, without accounts anywhere.
 *
 * 1. installs the pinned n8n (default 2.38.7 on Node 24; the first time takes a few minutes,
 *    then it is cached in ~/.cache/n8n-nodes-governance-connectors);
 * 2. builds the pack, packs it with `npm pack` and installs the tarball into the throwaway user
 *    folder .n8n-dev/ the way n8n installs community packages;
 * 3. starts the local platform test servers (test/servers), imports credentials pointing at them
 *    and the example workflows of examples/;
 * 4. starts n8n on http://localhost:5678 with SQLite, creates the owner account on first start
 *    and prints where to open it and how to log in. Ctrl-C stops everything it started.
 *
 * Options: --n8n VERSION (1.123.81, 2.8.4, 2.38.7, 2.40.7), --port PORT (default 5678 or N8N_PORT),
 *          --fresh (delete the data folder first: a new database, owner and encryption key),
 *          --folder DIR (the data folder, default .n8n-dev or N8N_DEV_FOLDER).
 * Environment: N8N_DEV_EMAIL / N8N_DEV_PASSWORD for the owner account created on first start.
 */
const fs = require('fs');
const path = require('path');

const { DEFAULT_VERSION, VERSIONS, REPO_ROOT, ensureN8n } = require('../e2e/lib/runtime');
const { buildAndPack, installPack } = require('../e2e/lib/pack');
const { freePort, stopAll, onStopRequest } = require('../e2e/lib/procs');
const { n8nEnv, n8nCli, n8nStart, ensureOwner, DEFAULT_OWNER } = require('../e2e/lib/n8n');
const { startServers } = require('../test/servers/run');
const { buildCredentials, APPROVER } = require('../e2e/credentials');

const OWNER = {
	...DEFAULT_OWNER,
	email: process.env.N8N_DEV_EMAIL || DEFAULT_OWNER.email,
	password: process.env.N8N_DEV_PASSWORD || DEFAULT_OWNER.password,
};

function say(message) {
	console.log(`[start] ${message}`);
}

function parseArgs(argv) {
	const opts = {
		version: process.env.N8N_VERSION || DEFAULT_VERSION,
		port: Number(process.env.N8N_PORT) || 5678,
		fresh: false,
		folder: process.env.N8N_DEV_FOLDER || path.join(REPO_ROOT, '.n8n-dev'),
	};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--n8n') opts.version = argv[++i];
		else if (a.startsWith('--n8n=')) opts.version = a.slice(6);
		else if (a === '--port') opts.port = Number(argv[++i]);
		else if (a.startsWith('--port=')) opts.port = Number(a.slice(7));
		else if (a === '--fresh') opts.fresh = true;
		else if (a === '--folder') opts.folder = path.resolve(argv[++i]);
		else if (a.startsWith('--folder=')) opts.folder = path.resolve(a.slice(9));
		else if (a === '--help' || a === '-h') {
			console.log('usage: npm start -- [--n8n VERSION] [--port PORT] [--fresh] [--folder DIR]');
			process.exit(0);
		} else throw new Error(`unknown option ${a}`);
	}
	if (!VERSIONS[opts.version]) throw new Error(`unknown n8n version ${opts.version}; pinned: ${Object.keys(VERSIONS).join(', ')}`);
	return opts;
}

async function cli(info, env, args) {
	const res = await n8nCli(info, env, args);
	if (res.code !== 0) throw new Error(`n8n ${args.join(' ')} failed (exit ${res.code ?? res.signal})\n${(res.stdout + res.stderr).slice(-3000)}`);
	return res;
}

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	const started = Date.now();
	const USER_FOLDER = opts.folder;
	say(`n8n ${opts.version}${VERSIONS[opts.version].node ? ' on Node 24' : ''}: checking the runtime (the first install takes 3-5 minutes)`);
	const info = ensureN8n(opts.version);

	say('building and packing the node pack');
	const tarball = buildAndPack({ quiet: true });
	if (opts.fresh) fs.rmSync(USER_FOLDER, { recursive: true, force: true });
	fs.mkdirSync(USER_FOLDER, { recursive: true });
	installPack(USER_FOLDER, tarball, { env: info.env });
	fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	say(`pack installed into ${path.relative(REPO_ROOT, USER_FOLDER)}/.n8n/nodes`);

	const servers = await startServers({ required: [] });
	runningServers = servers;
	const env = n8nEnv(info, USER_FOLDER, {
		N8N_PORT: String(opts.port),
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		WEBHOOK_URL: `http://localhost:${opts.port}/`,
		N8N_EDITOR_BASE_URL: `http://localhost:${opts.port}`,
	});

	// credentials pointing at this run's servers (same ids, so a restart replaces them) + examples
	const importDir = path.join(USER_FOLDER, 'import');
	fs.rmSync(importDir, { recursive: true, force: true });
	fs.mkdirSync(path.join(importDir, 'workflows'), { recursive: true });
	const credFile = path.join(importDir, 'credentials.json');
	fs.writeFileSync(credFile, JSON.stringify(buildCredentials(servers.urls), null, 2));
	await cli(info, env, ['import:credentials', `--input=${credFile}`]);
	const exampleDir = path.join(REPO_ROOT, 'examples');
	const examples = fs.existsSync(exampleDir) ? fs.readdirSync(exampleDir).filter((f) => f.endsWith('.json')) : [];
	for (const file of examples) fs.copyFileSync(path.join(exampleDir, file), path.join(importDir, 'workflows', file));
	if (examples.length) await cli(info, env, ['import:workflow', '--separate', `--input=${path.join(importDir, 'workflows')}`]);
	say(`imported ${buildCredentials(servers.urls).length} credential(s) and ${examples.length} example workflow(s)`);

	say(`starting n8n on http://localhost:${opts.port}`);
	const n8n = n8nStart('n8n', info, env, ['start'], path.join(USER_FOLDER, 'n8n.log'));
	n8n.child.stdout.pipe(process.stdout);
	n8n.child.stderr.pipe(process.stderr);
	await n8n.waitFor(/Editor is now accessible/, 240_000);
	let created = false;
	try {
		created = await ensureOwner(`http://127.0.0.1:${opts.port}`, OWNER);
	} catch (error) {
		say(`could not create the owner account (${error.message}): set it up in the browser`);
	}

	console.log('');
	console.log('================================================================');
	console.log(` n8n ${opts.version} with n8n-nodes-governance-connectors is running:`);
	console.log(`   open http://localhost:${opts.port}`);
	console.log(`   log in as ${OWNER.email} / ${OWNER.password}${created ? ' (account created now)' : ' (account of the first start)'}`);
	console.log('   example workflows: Overview → Workflows; credentials point at:');
	console.log(`     approval steps (Wait, Basic Auth): POST {"approved": true} to the plan's resumeUrl as ${APPROVER.user} / ${APPROVER.password}`);
	for (const [name, url] of Object.entries(servers.urls)) console.log(`     ${name} test server ${url}`);
	console.log(`   data: ${path.relative(REPO_ROOT, USER_FOLDER)}/ (npm start -- --fresh to start over)`);
	console.log(`   ready in ${((Date.now() - started) / 1000).toFixed(0)} s. Ctrl-C stops n8n and the test servers.`);
	console.log('================================================================');

	const code = await n8n.exited;
	if (!stopping) {
		say(`n8n exited (${code}); stopping the test servers`);
		await servers.stop();
		process.exit(typeof code === 'number' && code !== 0 ? code : 1);
	}
}

// Ctrl-C, SIGTERM, SIGHUP or the death of the parent at any point: stop n8n (its whole process
// group) and the test servers. If this process is killed outright, procs.js's watchdog stops n8n.
let stopping = false;
let runningServers;
async function shutdown(why) {
	if (stopping) return;
	stopping = true;
	say(`${why}: stopping n8n and the test servers`);
	await stopAll();
	if (runningServers) await runningServers.stop();
	process.exit(0);
}
onStopRequest((why) => shutdown(why === 'SIGINT' ? 'Ctrl-C' : why));

main().catch(async (error) => {
	console.error(`[start] ${error.message}`);
	await stopAll();
	if (runningServers) await runningServers.stop();
	process.exit(1);
});
