'use strict';
/*
 * Running a pinned n8n headless: its environment, its CLI commands, the JSON that
 * `n8n execute --rawOutput` prints, executions read back from its SQLite database, and Redis
 * for queue mode.
 */
const fs = require('fs');
const { spawnSync } = require('child_process');
const { runProcess, startProcess } = require('./procs');
const { aptInstall } = require('./apt');
const { readLatestExecution, maxExecutionId } = require('./executions');
const { setTimeout: sleep } = require('timers/promises');

/**
 * Environment for an n8n process of runtime `info` (from runtime.ensureN8n) with user folder
 * `userFolder`. `extra` overrides (ports, queue settings).
 */
function n8nEnv(info, userFolder, extra = {}) {
	return {
		...info.env,
		N8N_USER_FOLDER: userFolder,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_SECURE_COOKIE: 'false',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: 'localhost',
		N8N_LOG_LEVEL: process.env.N8N_E2E_LOG_LEVEL || 'info',
		DB_TYPE: 'sqlite',
		// SQLite in WAL mode with a pool of read connections, n8n 2.x's default and what 1.x asks for
		// in its start-up warnings; 1.x's default (no pool, rollback journal) let a queue-mode worker
		// fail an execution with SQLITE_BUSY while the main and two webhook processes read the same
		// file (n8n 1.123.81, load 15: `Problem with execution 2: SQLITE_BUSY: database is locked`)
		DB_SQLITE_POOL_SIZE: '3',
		...extra,
	};
}

/** Runs one n8n CLI command: { code, signal, stdout, stderr, ms }. */
function n8nCli(info, env, args, options = {}) {
	return runProcess(info.node, [info.n8nBin, ...args], { env, timeoutMs: 300_000, ...options });
}

/** Starts a long-running n8n command (start, worker): see procs.startProcess; `nodeArgs` go to Node before n8n's bin. */
function n8nStart(name, info, env, args, logFile, nodeArgs = []) {
	return startProcess(name, info.node, [...nodeArgs, info.n8nBin, ...args], { env, logFile });
}

/**
 * The IRun JSON that `n8n execute --rawOutput` prints among its log lines: the first line that
 * is `{` up to the `}` line that closes it.
 */
function parseRunOutput(stdout) {
	const lines = stdout.split('\n');
	for (let start = 0; start < lines.length; start++) {
		if (lines[start] !== '{') continue;
		for (let end = start + 1; end < lines.length; end++) {
			if (lines[end] !== '}') continue;
			try {
				return JSON.parse(lines.slice(start, end + 1).join('\n'));
			} catch {
				// a nested '}' line that is not the end: keep going
			}
		}
	}
	return undefined;
}

/**
 * Makes imported workflows active before `n8n start`: n8n 1.x `update:workflow --id X
 * --active=true`, n8n 2.x `publish:workflow --id X` (2.x runs the published version).
 */
async function activateWorkflows(info, env, ids) {
	const major = Number(info.version.split('.')[0]);
	for (const id of ids) {
		const args = major >= 2 ? ['publish:workflow', `--id=${id}`] : ['update:workflow', `--id=${id}`, '--active=true'];
		const res = await n8nCli(info, env, args);
		if (res.code !== 0 || /GOT ERROR|Error updating database/.test(res.stdout + res.stderr)) {
			throw new Error(`n8n ${args.join(' ')} failed\n${(res.stdout + res.stderr).slice(-3000)}`);
		}
	}
}

const BROWSER_ID = 'n8n-nodes-governance-connectors-e2e';
const DEFAULT_OWNER = { email: 'dev@example.com', firstName: 'Dev', lastName: 'User', password: 'Governance-dev-1' };

/**
 * Creates n8n's owner account unless it exists (a fresh instance shows the setup page).
 * Returns true when it created it.
 */
async function ensureOwner(baseUrl, owner = DEFAULT_OWNER) {
	const settings = await fetch(`${baseUrl}/rest/settings`).then((r) => r.json()).catch(() => undefined);
	if (settings?.data?.userManagement?.showSetupOnFirstLoad === false) return false;
	const res = await fetch(`${baseUrl}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
		body: JSON.stringify(owner),
	});
	if (!res.ok) throw new Error(`owner setup failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
	return true;
}

/** POST /rest/login: `{ cookie }`, or `{ failure, status }` when n8n refused. */
async function logIn(baseUrl, owner) {
	const res = await fetch(`${baseUrl}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
		body: JSON.stringify({ emailOrLdapLoginId: owner.email, email: owner.email, password: owner.password }),
	});
	if (!res.ok) return { failure: `${res.status} ${(await res.text()).slice(0, 300)}`, status: res.status };
	const cookie = (res.headers.getSetCookie?.() ?? [res.headers.get('set-cookie') ?? ''])
		.map((c) => c.split(';')[0])
		.filter(Boolean)
		.join('; ');
	return { cookie };
}

/**
 * Sets up the owner if needed and logs in. n8n 2.38.7 in queue mode (SQLite, main + worker on
 * one database) now and then does not see the owner it just set up: the login right after the
 * setup is refused, or a session is refused later. So a refused login is tried again (with the
 * setup again when n8n still offers it), a few times.
 */
async function ownerSession(baseUrl, owner) {
	let last;
	for (let attempt = 0; attempt < 6; attempt++) {
		if (attempt > 0) await sleep(500 * attempt);
		await ensureOwner(baseUrl, owner).catch((error) => {
			// the settings offered the setup, but the owner exists after all: log in
			if (!/already set ?up/i.test(error.message)) throw error;
		});
		const result = await logIn(baseUrl, owner);
		if (result.cookie) return result.cookie;
		last = result.failure;
		if (result.status !== 401) break;
		process.stderr.write(`[e2e] login refused (${String(last).split('\n')[0].slice(0, 120)}); trying again\n`);
	}
	throw new Error(`login failed: ${last}`);
}

/**
 * fetch(), where a read (GET) that fails before any answer (undici's "fetch failed": a kept-alive
 * socket n8n closed as it was reused, ECONNRESET under load) is sent again, up to 3 times, and
 * said on stderr. A write is never repeated: whether n8n received it is unknown.
 */
async function fetchRetryingReads(url, init = {}) {
	const read = !init.method || init.method === 'GET';
	for (let attempt = 1; ; attempt++) {
		try {
			return await fetch(url, init);
		} catch (error) {
			const cause = error?.cause?.code ?? error?.cause?.message ?? '';
			if (!read || attempt >= 4 || !/fetch failed/.test(String(error?.message))) throw error;
			process.stderr.write(`[e2e] GET ${url.replace(/^https?:\/\/[^/]+/, '')}: ${error.message} (${cause}); reading again\n`);
			await sleep(250 * attempt);
		}
	}
}

/**
 * Logs in to n8n's internal REST API (the one its editor uses) and returns
 * `rest(method, path, body)` resolving to the parsed `data` of the answer. A 401 logs in again
 * once and repeats the call (see ownerSession).
 */
async function restClient(baseUrl, owner = DEFAULT_OWNER) {
	let cookie = await ownerSession(baseUrl, owner);
	/** GET `urlPath` outside /rest (e.g. /types/nodes.json, which needs a session): parsed JSON. */
	rest.getJson = async (urlPath) => {
		const res = await fetchRetryingReads(`${baseUrl}${urlPath}`, { headers: { 'browser-id': BROWSER_ID, cookie } });
		const text = await res.text();
		if (!res.ok) throw new Error(`GET ${urlPath}: ${res.status} ${text.slice(0, 500)}`);
		return JSON.parse(text);
	};
	/** fetch() with the owner's session, for pages a browser visits (e.g. an OAuth callback). */
	rest.browse = (url, init = {}) => fetch(url, { ...init, headers: { ...(init.headers ?? {}), 'browser-id': BROWSER_ID, cookie } });
	return rest;
	async function rest(method, path, body) {
		for (let attempt = 0; ; attempt++) {
			const res = await fetchRetryingReads(`${baseUrl}/rest${path}`, {
				method,
				headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID, cookie },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await res.text();
			if (res.status === 401 && attempt === 0) {
				process.stderr.write(`[e2e] ${method} /rest${path} answered 401; logging in again\n`);
				cookie = await ownerSession(baseUrl, owner);
				continue;
			}
			if (!res.ok) throw new Error(`${method} /rest${path}: ${res.status} ${text.slice(0, 500)}`);
			try {
				return JSON.parse(text).data;
			} catch {
				return text;
			}
		}
	}
}

/**
 * n8n 2.40+ publishes (activates) workflows through its publication service
 * (N8N_USE_WORKFLOW_PUBLICATION_SERVICE, on by default): asynchronously, by an outbox consumer,
 * after n8n's start or after POST /rest/workflows/:id/activate has answered. Waits until
 * GET /rest/workflows/:id/publication-status reports `published` (every trigger node
 * `activated`); throws when it reports `failed` or `partial`, or after `timeoutMs`. Returns false
 * when n8n has no such endpoint (older n8n, which activates synchronously), else true.
 */
async function waitForPublication(rest, workflowId, { timeoutMs = 120_000, label = workflowId } = {}) {
	const until = Date.now() + timeoutMs;
	for (;;) {
		let publication;
		try {
			publication = await rest('GET', `/workflows/${workflowId}/publication-status`);
		} catch (error) {
			if (/: 404 /.test(String(error.message))) return false;
			throw error;
		}
		if (publication?.status === 'published') {
			const triggers = publication.triggers ?? [];
			if (triggers.length === 0 || !triggers.every((t) => t.status === 'activated')) {
				throw new Error(`workflow ${label}: published without activated triggers: ${JSON.stringify(triggers)}`);
			}
			return true;
		}
		if (['failed', 'partial'].includes(publication?.status)) {
			throw new Error(`workflow ${label} was not activated: publication ${publication.status}: ${JSON.stringify(publication.triggers)}`);
		}
		if (Date.now() > until) {
			throw new Error(`workflow ${label} was not activated within ${timeoutMs / 1000} s (publication status ${JSON.stringify(publication)})`);
		}
		await sleep(250);
	}
}

/** Installs Debian's redis-server unless it is there. */
function ensureRedis() {
	const which = () => {
		const res = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
		return res.status === 0 ? res.stdout.trim() : null;
	};
	return which() ?? aptInstall('redis-server', which);
}

/** Starts redis-server on 127.0.0.1:`port` without persistence; waits until it is ready. */
async function startRedis(port, dir, logFile) {
	const bin = ensureRedis();
	fs.mkdirSync(dir, { recursive: true });
	const proc = startProcess(
		'redis',
		bin,
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'],
		{ logFile },
	);
	await proc.waitFor(/Ready to accept connections/, 30_000);
	return proc;
}

module.exports = {
	waitForPublication,
	n8nEnv,
	n8nCli,
	n8nStart,
	parseRunOutput,
	readLatestExecution,
	maxExecutionId,
	activateWorkflows,
	ensureOwner,
	restClient,
	DEFAULT_OWNER,
	ensureRedis,
	startRedis,
};
