#!/usr/bin/env node
'use strict';
/*
 * Starts every local platform test server found under test/servers/<name>/server.js.
 *
 * Library use (CommonJS):
 *   const { startServers } = require('./test/servers/run');
 *   const servers = await startServers({ ports: { governance: 0 } });
 *   servers.urls.governance            // http://127.0.0.1:PORT
 *   servers.get('governance').server   // the server object (state, requests, ...)
 *   await servers.reset();             // fresh servers (seeded state) on the same ports
 *   await servers.stop();
 *
 * Command line:
 *   node test/servers/run.js [--port NAME=PORT ...] [--json]
 * prints one "NAME URL" line per server (or a JSON object with --json) and keeps them running
 * until SIGINT/SIGTERM.
 *
 * Each server module exports a factory named create<Something>Server(opts) returning an object with
 * `async start(port = 0)` resolving to `{ url }` and `async stop()`. Servers listen on loopback only.
 */
const fs = require('fs');
const path = require('path');

const SERVERS_DIR = __dirname;

/** Names of the folders under test/servers that contain a server.js. */
function listServers() {
	return fs
		.readdirSync(SERVERS_DIR, { withFileTypes: true })
		.filter((d) => d.isDirectory() && fs.existsSync(path.join(SERVERS_DIR, d.name, 'server.js')))
		.map((d) => d.name)
		.sort();
}

/** The module of server NAME and its factory function. */
function loadServer(name) {
	const mod = require(path.join(SERVERS_DIR, name, 'server.js'));
	const factoryName = Object.keys(mod).find(
		(k) => /^create.*Server$/.test(k) && typeof mod[k] === 'function',
	);
	const factory =
		factoryName !== undefined
			? mod[factoryName]
			: typeof mod === 'function'
				? mod
				: typeof mod.default === 'function'
					? mod.default
					: undefined;
	if (!factory) {
		throw new Error(`test/servers/${name}/server.js exports no create*Server(opts) function`);
	}
	return { mod, factory };
}

/**
 * Starts the servers. `options.only` limits to some names; `options.required` lists the names
 * that must start (default: all; others that fail are skipped); `options.ports` maps a name to a port
 * (0 or missing = a free port); `options.serverOptions` maps a name to the options object passed
 * to its factory.
 */
async function startServers(options = {}) {
	const names = options.only ?? listServers();
	const ports = options.ports ?? {};
	const serverOptions = options.serverOptions ?? {};
	const entries = new Map();

	async function startOne(name, port) {
		const { mod, factory } = loadServer(name);
		const server = factory({ ...(serverOptions[name] ?? {}) });
		const started = await server.start(port ?? 0);
		const url = (started && started.url) || server.url;
		if (!url) throw new Error(`server ${name} did not report its url`);
		const actualPort = Number(new URL(url).port);
		const entry = { name, url, port: actualPort, server, module: mod };
		entries.set(name, entry);
		return entry;
	}

	// names in `options.required` (default: all) must start; the others are skipped with a warning
	// when they fail (for example a server still being written)
	const required = options.required ?? names;
	const skipped = {};
	try {
		for (const name of names) {
			try {
				await startOne(name, ports[name] ?? 0);
			} catch (error) {
				if (required.includes(name)) throw error;
				skipped[name] = error;
				process.stderr.write(`[servers] skipped ${name}: ${String(error.message).split('\n')[0]}\n`);
			}
		}
	} catch (error) {
		for (const entry of entries.values()) await entry.server.stop().catch(() => {});
		throw error;
	}

	const handle = {
		get urls() {
			return Object.fromEntries([...entries.values()].map((e) => [e.name, e.url]));
		},
		names: () => [...entries.keys()],
		skipped,
		get: (name) => entries.get(name),
		/** Stops every server and starts a fresh one (seeded state, no requests) on the same port. */
		async reset(only) {
			for (const entry of [...entries.values()]) {
				if (only && !only.includes(entry.name)) continue;
				await entry.server.stop();
				await startOne(entry.name, entry.port);
			}
		},
		async stop() {
			for (const entry of entries.values()) {
				await entry.server.stop().catch(() => {});
			}
		},
	};
	return handle;
}

module.exports = { startServers, listServers, loadServer };

if (require.main === module) {
	const args = process.argv.slice(2);
	const ports = {};
	let json = false;
	for (let i = 0; i < args.length; i++) {
		if (args[i] === '--json') json = true;
		else if (args[i] === '--port') {
			const [name, port] = String(args[++i] ?? '').split('=');
			ports[name] = Number(port);
		} else if (args[i] === '--help' || args[i] === '-h') {
			console.log('usage: node test/servers/run.js [--port NAME=PORT ...] [--json]');
			console.log(`servers: ${listServers().join(', ')}`);
			process.exit(0);
		}
	}
	startServers({ ports }).then(
		(servers) => {
			if (json) console.log(JSON.stringify(servers.urls));
			else for (const [name, url] of Object.entries(servers.urls)) console.log(`${name} ${url}`);
			const shutdown = () => servers.stop().then(() => process.exit(0));
			process.on('SIGINT', shutdown);
			process.on('SIGTERM', shutdown);
		},
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}
