'use strict';
/*
 * The n8n processes of a live phase (e2e/live-phase.js): regular mode is one `n8n start` on n8n's
 * default SQLite; queue mode as people scale it is `n8n start` (production webhooks off), `n8n
 * worker`s, `n8n webhook` processes behind a round-robin proxy (lib/proxy.js), Redis and
 * PostgreSQL. A Topology picks the ports and environments, starts and restarts the processes in the
 * order a deployment does, keeps the output of those a restart stopped, and stops everything.
 */
const assert = require('assert');
const path = require('path');
const { setTimeout: sleep } = require('timers/promises');

const { freePort } = require('./procs');
const { startRoundRobinProxy } = require('./proxy');
const { n8nEnv, n8nStart, startRedis } = require('./n8n');
const { useDatabase } = require('./executions');
const { startPostgres, postgresEnv } = require('./postgres');
const { DEADLINE_MS } = require('./wait');

/** The jobs each queue-mode worker runs at once (`n8n worker --concurrency`). */
const WORKER_CONCURRENCY = 2;
/** Queue mode's workers (a scenario's `workers` can ask for another number: bench/queue-race.js measures one). */
const QUEUE_WORKERS = 2;

/**
 * One handle for the workers of a run: output() is theirs together (a check that an execution ran
 * on "the worker" accepts any of them), waitFor(regex) resolves when any prints it, stop() stops all.
 */
function workersHandle(list) {
	return {
		list,
		output: () => list.map((proc) => proc.output()).join('\n'),
		waitFor: (regex, ms) => Promise.any(list.map((proc) => proc.waitFor(regex, ms))).catch((error) => {
			throw error.errors?.[0] ?? error;
		}),
		async stop(ms) {
			await Promise.all(list.map((proc) => proc.stop(ms)));
		},
	};
}

class Topology {
	/**
	 * Ports and environments for a phase: `queue` (queue mode on PostgreSQL and Redis), `webhookProcesses`
	 * (how many `n8n webhook` processes take the production webhooks behind the proxy), `workers`.
	 */
	static async create(info, userFolder, logs, { queue, webhookProcesses = 0, workers = 0 }) {
		const topo = new Topology(info, userFolder, logs, { queue, webhookProcesses, workers });
		await topo.plan();
		return topo;
	}

	constructor(info, userFolder, logs, { queue, webhookProcesses, workers }) {
		Object.assign(this, { info, userFolder, logDir: logs, queue, webhookProcesses, workerCount: queue ? workers : 0 });
		this.procs = [];
		this.proxy = undefined;
		this.main = undefined;
		this.worker = undefined;
		this.hooks = [];
		/** Output of the n8n processes stopped by restart() (for the checks on logs and secrets). */
		this.earlierMain = '';
		this.earlierWorker = '';
		this.earlierHooks = Array.from({ length: webhookProcesses }, () => '');
		this.restarts = 0;
	}

	async plan() {
		const mainPort = await freePort();
		this.baseUrl = `http://127.0.0.1:${mainPort}`;
		// 127.0.0.1, not localhost: n8n's own GitHub Trigger refuses webhook URLs containing "//localhost"
		const common = { WEBHOOK_URL: `http://127.0.0.1:${mainPort}/`, N8N_PORT: String(mainPort) };
		// queue mode's scaling set-up: `n8n webhook` processes behind a round-robin proxy receive the
		// production webhooks (the platform is given the proxy's URL); the main takes none of them
		this.webhookPorts = [];
		for (let i = 0; i < this.webhookProcesses; i++) this.webhookPorts.push(await freePort());
		this.proxyPort = this.webhookProcesses ? await freePort() : undefined;
		if (this.webhookProcesses) {
			common.WEBHOOK_URL = `http://127.0.0.1:${this.proxyPort}/`;
			// the editor's own URL (n8n builds the OAuth callback on it, else on WEBHOOK_URL), as a
			// scaled deployment sets it: the webhook processes serve no /rest
			common.N8N_EDITOR_BASE_URL = `${this.baseUrl}/`;
		}
		// queue mode on PostgreSQL, as n8n's scaling docs ask (lib/postgres.js): every process of
		// the run (main, worker, webhook processes, the CLI's import and activation) shares one cluster
		this.postgresPort = this.queue ? await freePort() : undefined;
		if (this.queue) {
			Object.assign(common, {
				EXECUTIONS_MODE: 'queue',
				QUEUE_BULL_REDIS_HOST: '127.0.0.1',
				QUEUE_BULL_REDIS_PORT: String(await freePort()),
				...postgresEnv(this.postgresPort),
			});
		}
		this.common = common;
		// each process its own event log: the processes share one user folder here (one container each
		// in a deployment), and a worker starting in queue mode marks as crashed every execution the
		// log shows started and not finished, also those another worker is running (n8n's
		// message-event-bus.js, `unfinishedExecutions`: seen on 2.8.4 with two workers)
		const eventLog = (name) => ({ N8N_EVENTBUS_LOGWRITER_LOGBASENAME: `n8nEventLog-${name}` });
		const { info, userFolder } = this;
		this.mainEnv = n8nEnv(info, userFolder, { ...common, ...eventLog('main'), N8N_RUNNERS_BROKER_PORT: String(await freePort()) });
		if (this.webhookProcesses) this.mainEnv.N8N_DISABLE_PRODUCTION_MAIN_PROCESS = 'true';
		this.workerEnvs = [];
		for (let i = 0; i < this.workerCount; i++) {
			this.workerEnvs.push(n8nEnv(info, userFolder, {
				...common,
				...eventLog(`worker-${i + 1}`),
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
				QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
			}));
		}
		this.webhookEnvs = [];
		for (const [i, port] of this.webhookPorts.entries()) {
			this.webhookEnvs.push(n8nEnv(info, userFolder, { ...common, ...eventLog(`webhook-${i + 1}`), N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: String(await freePort()) }));
		}
	}

	/** The URL the platforms are given for production webhooks (the main, or the proxy). */
	get webhookBase() {
		return this.common.WEBHOOK_URL;
	}

	/** Queue mode: PostgreSQL (the user folder's n8n then uses it) and Redis. */
	async startStores() {
		if (!this.queue) return;
		const postgres = await startPostgres(this.postgresPort, path.join(this.logDir, 'postgres.log'));
		this.procs.push(postgres);
		useDatabase(this.userFolder, postgres.url);
		this.procs.push(await startRedis(Number(this.common.QUEUE_BULL_REDIS_PORT), path.join(path.dirname(this.logDir), 'redis'), path.join(this.logDir, 'redis.log')));
	}

	/** `n8n start` (run: 1 at start, 2… after each restart); resolves when its editor is accessible. */
	async startMain(run) {
		this.main = n8nStart('n8n-main', this.info, this.mainEnv, ['start'], path.join(this.logDir, `main${run > 1 ? `-${run}` : ''}.log`));
		this.procs.push(this.main);
		return this.main;
	}

	/** Starts the workers (run: 1 at start, 2… after each restart); one handle for all of them. */
	async startWorkers(run) {
		if (!this.queue) return undefined;
		const list = this.workerEnvs.map((env, i) =>
			n8nStart(`n8n-worker-${i + 1}`, this.info, env, ['worker', `--concurrency=${WORKER_CONCURRENCY}`], path.join(this.logDir, `worker-${i + 1}${run > 1 ? `-${run}` : ''}.log`)),
		);
		this.procs.push(...list);
		await Promise.all(list.map((proc) => proc.waitFor(/n8n worker is now ready/, 180_000)));
		this.worker = workersHandle(list);
		return this.worker;
	}

	/** Starts the `n8n webhook` processes (after the main: n8n's docs start them last). */
	async startWebhookProcesses(run) {
		const started = [];
		for (const [i, env] of this.webhookEnvs.entries()) {
			const proc = n8nStart(`n8n-webhook-${i + 1}`, this.info, env, ['webhook'], path.join(this.logDir, `webhook-${i + 1}${run > 1 ? `-${run}` : ''}.log`));
			this.procs.push(proc);
			started.push(proc);
		}
		for (const proc of started) await proc.waitFor(/Webhook listener waiting for requests/, 180_000);
		this.hooks = started;
		return started;
	}

	/** The round-robin proxy in front of the webhook processes (once, after their first start). */
	async startProxy() {
		if (!this.webhookProcesses) return undefined;
		// MCP's sessions live in one process: n8n's docs ask for every /mcp… request to reach one
		// webhook replica (MCP Server Trigger, "Configuring … with webhook replicas")
		this.proxy = await startRoundRobinProxy(this.proxyPort, this.webhookPorts, { pinned: /^\/mcp(-test)?\// });
		return this.proxy;
	}

	/**
	 * Stops n8n (the webhook processes and workers, then the main, as a deployment does), runs
	 * `whileStopped()` (deliveries made meanwhile meet a refused connection), starts the same
	 * processes again on the same ports, user folder and Redis, and resolves when the main has
	 * activated its workflows: { healthyAt: ms when /healthz first answered 200, readyAt: ms of
	 * "Editor is now accessible" }.
	 */
	async restart(whileStopped) {
		this.restarts++;
		for (const [i, proc] of this.hooks.entries()) {
			await proc.stop(15_000);
			this.earlierHooks[i] += proc.output();
		}
		if (this.worker) {
			await this.worker.stop(15_000);
			this.earlierWorker += this.worker.output();
		}
		await this.main.stop(15_000);
		this.earlierMain += this.main.output();
		if (whileStopped) await whileStopped();
		// the receivers first: the main's recovery pass at start asks the platform to redeliver at
		// once, and the scenarios' pass interval (0.25 min) gives its three tries under a minute,
		// less than a webhook process takes to start on a loaded machine (103 s seen): started after
		// the main, the redeliveries met the proxy's 502 three times (given up), and one a starting
		// webhook process's 200 "n8n is starting up. Please wait" (n8n answers so before it is ready,
		// and runs nothing). Production intervals (5 min) give the three tries 10-15 minutes.
		if (this.webhookProcesses) await this.startWebhookProcesses(this.restarts + 1);
		const main = await this.startMain(this.restarts + 1);
		let healthyAt;
		const started = Date.now();
		while (healthyAt === undefined && Date.now() - started < 180_000 && main.exitCode === undefined) {
			const ok = await fetch(`${this.baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
			if (ok) healthyAt = Date.now();
			else await sleep(100);
		}
		assert.ok(healthyAt, `n8n did not answer /healthz after the restart\n${main.output().slice(-3000)}`);
		await main.waitFor(/Editor is now accessible/, 180_000);
		const readyAt = Date.now();
		if (this.queue) await this.startWorkers(this.restarts + 1);
		return { healthyAt, readyAt };
	}

	/** The output of every n8n process of the phase, also of those a restart stopped. */
	logs() {
		return {
			main: this.earlierMain + this.main.output(),
			worker: this.earlierWorker + (this.worker ? this.worker.output() : ''),
			webhooks: this.hooks.map((proc, i) => this.earlierHooks[i] + proc.output()),
		};
	}

	/** Queue mode: execution `id` ran on a worker (its "started" line there) and not on the main. */
	async ranOnWorker(id) {
		// an execution of a trigger that ran before another scenario restarted n8n is in the
		// output of the processes that restart() stopped
		const startedLine = new RegExp(`Worker started execution ${id}\\b`);
		const finishedLine = new RegExp(`Worker finished execution ${id}\\b`);
		if (!finishedLine.test(this.earlierWorker)) await this.worker.waitFor(finishedLine, DEADLINE_MS);
		assert.match(this.earlierWorker + this.worker.output(), startedLine, `no worker ran execution ${id}`);
		assert.doesNotMatch(this.earlierMain + this.main.output(), startedLine, 'the main process ran it');
	}

	/** Stops the proxy and every process, newest first; the user folder goes back to SQLite. */
	async stop() {
		if (this.proxy) await this.proxy.stop();
		for (const proc of this.procs.reverse()) await proc.stop(15_000).catch(() => {});
		useDatabase(this.userFolder, null);
	}
}

module.exports = { Topology, QUEUE_WORKERS, WORKER_CONCURRENCY };
