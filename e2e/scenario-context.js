'use strict';
/*
 * What a trigger scenario's live(ctx) gets in a running n8n (e2e/live-phase.js): the n8n version and
 * mode, its REST client, the stand-ins it names, the workflow's executions, static data and
 * processed-data entries as n8n saved them, restarts, logs, and the checks every run gets.
 */
const assert = require('assert');
const { setTimeout: sleep } = require('timers/promises');

const { readLatestExecution, maxExecutionId } = require('./lib/n8n');
const { queryOnce } = require('./lib/executions');
const { waitUntil, DEADLINE_MS } = require('./lib/wait');
const { checkRun, serverContext } = require('./workflow-checks');

/**
 * The first execution of `entry` after #`after`, once finished and written (in queue mode it must
 * have run on a worker); `ready(execution)` can ask for more, named by `readyWhat` (e.g. a node
 * that runs after a Wait: n8n 1.x on SQLite can show the finished status with the data saved while
 * the execution waited). Fails after `timeoutMs` saying what it saw.
 */
async function waitForExecution(topo, entry, after, { timeoutMs = DEADLINE_MS, ready = () => true, readyWhat = 'ready' } = {}) {
	const finished = (e) => e && !['new', 'running', 'waiting'].includes(e.status);
	// n8n 1.x on SQLite writes the status and the data in two statements: a finished status
	// can still have the data of the execution's start (no node run yet)
	const written = (e) => Object.keys(e.data?.resultData?.runData ?? {}).length > 0 || Boolean(e.data?.resultData?.error);
	const execution = await waitUntil(
		`an execution of "${entry.workflow.name}" after #${after} that is finished, has its data written and is ${readyWhat}`,
		() => readLatestExecution(topo.info, topo.userFolder, entry.workflow.id, { afterId: after }),
		{
			timeoutMs,
			done: (e) => finished(e) && written(e) && ready(e),
			describe: (e) => (e ? `#${e.id} ${e.status}, nodes run: ${Object.keys(e.data?.resultData?.runData ?? {}).join(', ') || 'none'}` : 'no execution'),
		},
	);
	if (topo.queue) await topo.ranOnWorker(execution.id);
	return execution;
}

/**
 * The ctx of `entry`'s live(ctx) scenario: `topo` (lib/topology.js) is the running n8n, `servers`
 * the phase's stand-ins, `activate(entries)` activates workflows as the editor's toggle does.
 */
function scenarioContext({ entry, topo, servers, version, rest, activate }) {
	const { info, userFolder } = topo;
	const ctx = {
		assert,
		version,
		queue: topo.queue,
		baseUrl: topo.baseUrl,
		webhookBase: topo.webhookBase,
		workflow: entry.workflow,
		rest,
		sleep,
		waitUntil,
		lastExecutionId: () => maxExecutionId(info, userFolder),
		waitForExecution: (after, options) => waitForExecution(topo, entry, after, options),
		/** The run checks every workflow gets (secrets, pairedItem, expectError) + items(). */
		checkExecution(execution, check) {
			checkRun({ ...entry, expectation: { servers: entry.expectation.servers, expectError: undefined, check } }, execution, servers, topo.main.output() + (topo.worker ? topo.worker.output() : ''));
		},
		deactivate: () => rest('POST', `/workflows/${entry.workflow.id}/deactivate`, {}),
		/** Activates this workflow as the editor's toggle does (for `activateInScenario`). */
		activate: () => activate([entry]),
		logs: () => topo.logs(),
		/** The round-robin proxy in front of the webhook processes: {url, sent (per process), log}. */
		proxy: topo.proxy,
		/** This workflow's executions with an id above `after`, newest first: {id, status, mode, startedAt, stoppedAt (ms), data}. */
		executions: (after = 0) => queryOnce(info, userFolder, { op: 'executions', workflowId: entry.workflow.id, after }),
		/** This workflow's static data as n8n last saved it in its database. */
		staticData: () => queryOnce(info, userFolder, { op: 'staticData', workflowId: entry.workflow.id }),
		/** This workflow's entries in n8n's processed-data store: {context: [md5 base64 of each value]}. */
		processedData: () => queryOnce(info, userFolder, { op: 'processedData', workflowId: entry.workflow.id }),
		/** The workers of queue mode (0 in regular mode). */
		workers: topo.workerCount,
		restart: (whileStopped) => topo.restart(whileStopped),
		/** Fresh stand-ins `names` (seeded state, no requests, same ports); ctx[name] then reads the new ones. */
		async resetServers(names) {
			await servers.reset(names);
			Object.assign(ctx, serverContext(servers, names));
		},
	};
	Object.assign(ctx, serverContext(servers, entry.expectation.servers));
	return ctx;
}

module.exports = { scenarioContext, waitForExecution };
