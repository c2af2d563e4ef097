'use strict';
/*
 * The pack installed the way users install it: from an npm registry, through n8n's
 * community-packages REST API (what the owner does in Settings → Community Nodes).
 *
 * A local verdaccio (e2e/lib/registry.js) gets the `npm pack` tarball; n8n starts with a fresh user
 * folder (no pack preinstalled) and a wrapper named `npm` first on its PATH that sends its npm calls
 * there (n8n passes --registry=https://registry.npmjs.org, and another registry needs a license).
 * As the owner: POST /rest/community-packages installs, every node of package.json's n8n.nodes
 * must be in /types/nodes.json, a workflow using the pack runs (its Manual Trigger swapped for a
 * Webhook trigger, activated through the REST API, checked with its expect.js); then a higher
 * version is published, GET /rest/community-packages must offer it, PATCH updates to it, and the
 * nodes load and the workflow runs again.
 */
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const { readPackageJson, declaredTypes } = require('./lib/pack');
const { freePort } = require('./lib/procs');
const { n8nEnv, n8nCli, n8nStart, readLatestExecution, maxExecutionId, restClient, waitForPublication } = require('./lib/n8n');
const { RUNTIME_NAME, startRegistry, npmWrapper, repackWithVersion, nextPatch } = require('./lib/registry');
const { ensureRuntimeAsync } = require('./lib/ensure-async');
const { buildCredentials, secrets } = require('./credentials');

/** The e2e workflow run with the pack installed from the registry. */
const WORKFLOW_BASE = 'governance-project';

const { waitUntil } = require('./lib/wait');

/**
 * Runs the phase for n8n `version` (runtime `info`). `h` has the runner's helpers:
 * { test, log, checkRun, webhookVariant, servers, tarball, workDir }.
 * Returns the phase's duration in ms.
 */
async function runRegistryPhase(version, info, h) {
	const started = Date.now();
	const { test, log, checkRun, webhookVariant, servers, tarball } = h;
	const label = `n8n ${version} from a local registry`;
	const base = path.join(h.workDir, version, 'registry');
	const userFolder = path.join(base, 'user');
	fs.mkdirSync(path.join(base, 'logs'), { recursive: true });
	// what is published: the tarball's package.json
	const packed = path.join(base, 'packed');
	fs.mkdirSync(packed, { recursive: true });
	const untar = spawnSync('tar', ['-xzf', tarball, '-C', packed, '--strip-components=1', 'package/package.json'], { encoding: 'utf8' });
	if (untar.status !== 0) throw new Error(`tar -xzf ${tarball} package/package.json failed: ${untar.stderr}`);
	const pkg = readPackageJson(packed);
	const { nodes: declaredNodes } = declaredTypes(packed);
	const newVersion = nextPatch(pkg.version);
	const entry = {
		base: WORKFLOW_BASE,
		workflow: JSON.parse(fs.readFileSync(path.join(__dirname, 'workflows', `${WORKFLOW_BASE}.json`), 'utf8')),
		expectation: require(`./workflows/${WORKFLOW_BASE}.expect.js`),
	};
	const procs = [];
	try {
		const registry = await test(`${label}: verdaccio started, ${pkg.name}@${pkg.version} published`, async () => {
			const runtime = await ensureRuntimeAsync(RUNTIME_NAME, { log });
			const reg = await startRegistry({ dir: path.join(base, 'verdaccio'), runtime });
			procs.push(reg);
			await reg.publish(tarball);
			const meta = await fetch(`${reg.url}${pkg.name}`).then((r) => r.json());
			assert.deepEqual(Object.keys(meta.versions ?? {}), [pkg.version], 'the registry serves the published version');
			log(`${version}: verdaccio on ${reg.url}`);
			return reg;
		});
		if (!registry) return Date.now() - started;

		const mainPort = await freePort();
		const baseUrl = `http://127.0.0.1:${mainPort}`;
		const wrapper = npmWrapper(path.join(base, 'npm-wrapper'), registry.url, { pathEnv: info.env.PATH });
		const env = n8nEnv(info, userFolder, {
			N8N_PORT: String(mainPort),
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			WEBHOOK_URL: `http://localhost:${mainPort}/`,
			PATH: `${wrapper.dir}${path.delimiter}${info.env.PATH}`,
		});
		const variant = webhookVariant(entry.workflow);
		const runEntry = { ...entry, workflow: { ...variant.workflow, active: false } };
		const ready = await test(`${label}: n8n started without the pack, owner set up`, async () => {
			await servers.reset();
			fs.mkdirSync(path.join(userFolder, 'import'), { recursive: true });
			const credFile = path.join(userFolder, 'import', 'credentials.json');
			fs.writeFileSync(credFile, JSON.stringify(buildCredentials(servers.urls)));
			const wfFile = path.join(userFolder, 'import', 'workflow.json');
			fs.writeFileSync(wfFile, JSON.stringify(runEntry.workflow));
			for (const args of [['import:credentials', `--input=${credFile}`], ['import:workflow', `--input=${wfFile}`]]) {
				const res = await n8nCli(info, env, args);
				if (res.code !== 0) throw new Error(`n8n ${args[0]} exited ${res.code ?? res.signal}\n${(res.stdout + res.stderr).slice(-3000)}`);
			}
			const main = n8nStart('n8n-main', info, env, ['start'], path.join(base, 'logs', 'main.log'));
			procs.push(main);
			await main.waitFor(/Editor is now accessible/, 180_000);
			const nodesDir = path.join(userFolder, '.n8n', 'nodes', 'node_modules', pkg.name);
			assert.ok(!fs.existsSync(nodesDir), 'the pack is not preinstalled');
			const rest = await restClient(baseUrl);
			assert.deepEqual(await rest('GET', '/community-packages'), [], 'no community package installed yet');
			return { main, rest };
		});
		if (!ready) return Date.now() - started;
		const { main, rest } = ready;

		/** Every declared node type is in /types/nodes.json; the package folder has `expected`. */
		async function checkLoaded(expected) {
			// n8n rewrites the static nodes.json after an install: until it is done the file may be
			// the old one or cut short, so read it again for up to 180 s
			let missing = declaredNodes;
			let unreadable;
			await waitUntil('every node type of the pack in /types/nodes.json', async () => {
				try {
					const names = new Set((await rest.getJson('/types/nodes.json')).map((t) => t.name));
					missing = declaredNodes.filter((n) => !names.has(n));
					unreadable = undefined;
				} catch (error) {
					unreadable = error;
				}
				return missing.length === 0 && !unreadable;
			}).catch(() => {});
			if (unreadable) throw unreadable;
			assert.deepEqual(missing, [], 'node types of the pack missing from /types/nodes.json');
			const installed = readPackageJson(path.join(userFolder, '.n8n', 'nodes', 'node_modules', pkg.name));
			assert.equal(installed.version, expected, 'version of the package folder n8n installed');
		}
		/** Activates the workflow (first time), calls its webhook and checks the execution. */
		let active = false;
		async function runWorkflow() {
			await servers.reset(entry.expectation.servers);
			if (!active) {
				const wf = await rest('GET', `/workflows/${runEntry.workflow.id}`);
				await rest('POST', `/workflows/${runEntry.workflow.id}/activate`, { versionId: wf.versionId });
				// n8n 2.40+ activates after answering (publication service): wait until it has
				await waitForPublication(rest, runEntry.workflow.id, { timeoutMs: 180_000 });
				active = true;
			}
			const before = await maxExecutionId(info, userFolder);
			const response = await fetch(`${baseUrl}/webhook/${variant.path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ e2e: 'registry' }),
				signal: AbortSignal.timeout(120_000),
			});
			const text = await response.text();
			assert.equal(response.status, 200, `webhook answered ${response.status}: ${text.slice(0, 500)}`);
			const execution = await waitUntil(
				'the execution, finished with its data written',
				() => readLatestExecution(info, userFolder, runEntry.workflow.id, { afterId: before }),
				{ done: (e) => e && !['new', 'running', 'waiting'].includes(e.status) && Object.keys(e.data?.resultData?.runData ?? {}).length > 0 },
			).catch(() => null);
			assert.ok(execution, 'no execution of the workflow');
			checkRun(runEntry, execution, servers, main.output());
		}
		/** The npm calls n8n made (through the wrapper) that name the package at `v`. */
		const npmCalls = (v) =>
			(fs.existsSync(wrapper.callsLog) ? fs.readFileSync(wrapper.callsLog, 'utf8') : '')
				.split('\n')
				.filter((l) => l.includes(`${pkg.name}@${v}`));
		/**
		 * n8n's npm fetched the tarball of version `v` from the local registry: verdaccio's log has
		 * the request (written once the response is done, so waited for up to 10 s), or npm's cache
		 * of the wrapper has an entry for that URL (written only after a download from it).
		 */
		const served = async (v) => {
			const file = `${pkg.name}-${v}.tgz`;
			const line = `req: 'GET /${pkg.name}/-/${file}'`;
			const logged = await registry.proc.waitFor(new RegExp(line.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')), 10_000).then(
				() => true,
				() => false,
			);
			return logged || cachedFrom(path.join(wrapper.dir, 'npm-cache'), `${registry.url}${pkg.name}/-/${file}`);
		};

		const installed = await test(`${label}: POST /rest/community-packages installs ${pkg.version}`, async () => {
			const res = await rest('POST', '/community-packages', { name: pkg.name, version: pkg.version });
			assert.equal(res.packageName, pkg.name);
			assert.equal(res.installedVersion, pkg.version);
			const types = (res.installedNodes ?? []).map((n) => n.type).sort();
			assert.deepEqual(types, [...declaredNodes].sort(), 'installedNodes of the answer');
			assert.ok(
				npmCalls(pkg.version).some((l) => /^pack .*--registry=https:\/\/registry\.npmjs\.org/.test(l)),
				`n8n did not run npm pack ${pkg.name}@${pkg.version} through the wrapper`,
			);
			assert.ok(await served(pkg.version), `the local registry did not serve the ${pkg.version} tarball; its log:\n${registry.proc.output().split('\n').filter((l) => /GET|error/i.test(l)).slice(-12).join('\n')}`);
			await checkLoaded(pkg.version);
			const list = await rest('GET', '/community-packages');
			assert.deepEqual(list.map((p) => [p.packageName, p.installedVersion]), [[pkg.name, pkg.version]]);
			return true;
		});
		if (!installed) return Date.now() - started;
		await test(`${label}: ${WORKFLOW_BASE} runs with the installed pack`, runWorkflow);

		const offered = await test(`${label}: ${newVersion} published and offered as an update`, async () => {
			const newTarball = repackWithVersion(tarball, newVersion, path.join(base, 'tarballs'));
			await registry.publish(newTarball);
			const list = await rest('GET', '/community-packages');
			assert.equal(list.length, 1);
			assert.equal(list[0].installedVersion, pkg.version);
			assert.equal(list[0].updateAvailable, newVersion, 'GET /rest/community-packages offers the new version');
			return true;
		});
		if (!offered) return Date.now() - started;
		const updated = await test(`${label}: PATCH /rest/community-packages updates to ${newVersion}`, async () => {
			const res = await rest('PATCH', '/community-packages', { name: pkg.name, version: newVersion });
			assert.equal(res.installedVersion, newVersion);
			assert.ok(npmCalls(newVersion).some((l) => l.startsWith('pack ')), `n8n did not run npm pack ${pkg.name}@${newVersion}`);
			assert.ok(await served(newVersion), `the local registry did not serve the ${newVersion} tarball`);
			const list = await rest('GET', '/community-packages');
			assert.deepEqual(list.map((p) => [p.packageName, p.installedVersion, p.updateAvailable]), [[pkg.name, newVersion, undefined]]);
			await checkLoaded(newVersion);
			return true;
		});
		if (updated) await test(`${label}: ${WORKFLOW_BASE} runs with the updated pack`, runWorkflow);
		await test(`${label}: no secret in n8n's log`, async () => {
			for (const secret of secrets()) assert.ok(!main.output().includes(secret), 'secret in the main log');
		});
	} finally {
		for (const proc of procs.reverse()) await proc.stop(15_000).catch(() => {});
	}
	return Date.now() - started;
}

/** Whether npm's cache in `cacheDir` has an entry for `url` (its index names the URL it was fetched from). */
function cachedFrom(cacheDir, url) {
	const index = path.join(cacheDir, '_cacache', 'index-v5');
	const walk = (dir) =>
		fs.existsSync(dir) &&
		fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
			const full = path.join(dir, entry.name);
			return entry.isDirectory() ? walk(full) : fs.readFileSync(full, 'utf8').includes(url);
		});
	return walk(index);
}

module.exports = { runRegistryPhase, WORKFLOW_BASE };
