'use strict';
/*
 * n8n's executions, read from its database (SQLite, or PostgreSQL in queue mode) by e2e/lib/db-reader.js under the runtime's own
 * Node: `queryOnce` for a single question (a short-lived process), `startDbReader` for many (one
 * long-lived process, so polling costs no process start per query).
 */
const path = require('path');
const { spawn } = require('child_process');

const { runProcess } = require('./procs');

const READER = path.join(__dirname, 'db-reader.js');

/** User folders whose n8n keeps its data in PostgreSQL (queue mode): user folder → postgres:// URL. */
const postgresOf = new Map();

/** The n8n processes of `userFolder` use the PostgreSQL database at `url` (null: back to its SQLite file). */
function useDatabase(userFolder, url) {
	if (url) postgresOf.set(userFolder, url);
	else postgresOf.delete(userFolder);
}

function readerArgs(info, userFolder, extra = []) {
	return [READER, info.dir, postgresOf.get(userFolder) ?? path.join(userFolder, '.n8n', 'database.sqlite'), ...extra];
}

function answerOf(line) {
	const answer = JSON.parse(line);
	if (answer.error) throw new Error(`reading executions failed: ${answer.error}`);
	return answer.value;
}

/** One query (see db-reader.js for the ops) in its own process. */
async function queryOnce(info, userFolder, query) {
	const res = await runProcess(info.node, readerArgs(info, userFolder), {
		env: info.env,
		timeoutMs: 60_000,
		input: `${JSON.stringify({ ...query, id: 1 })}\n`,
	});
	const line = res.stdout.trim().split('\n').pop();
	if (res.code !== 0 || !line) throw new Error(`reading executions failed (exit ${res.code}): ${res.stderr}`);
	return answerOf(line);
}

/**
 * Marks the workflows `ids` active in the database of `userFolder`, while n8n is stopped: the same
 * UPDATE as n8n's CLI (db-reader.js `activate`), in one process for all of them.
 */
async function activateInDatabase(info, userFolder, ids) {
	if (!ids.length) return 0;
	const res = await runProcess(info.node, readerArgs(info, userFolder, ['--write']), {
		env: info.env,
		timeoutMs: 60_000,
		input: `${JSON.stringify({ op: 'activate', ids, id: 1 })}\n`,
	});
	const line = res.stdout.trim().split('\n').pop();
	if (res.code !== 0 || !line) throw new Error(`activating workflows failed (exit ${res.code}): ${res.stderr}`);
	const answer = JSON.parse(line);
	if (answer.error) throw new Error(`activating workflows failed: ${answer.error}`);
	return answer.value;
}

/** A long-lived reader: { query(q) → Promise, stop() }. */
function startDbReader(info, userFolder) {
	const child = spawn(info.node, readerArgs(info, userFolder), { env: info.env, stdio: ['pipe', 'pipe', 'pipe'] });
	let buffer = '';
	let stderr = '';
	let nextId = 1;
	const waiting = new Map();
	child.stdout.on('data', (chunk) => {
		buffer += chunk;
		let index;
		while ((index = buffer.indexOf('\n')) !== -1) {
			const line = buffer.slice(0, index);
			buffer = buffer.slice(index + 1);
			const { id } = JSON.parse(line);
			const w = waiting.get(id);
			waiting.delete(id);
			try {
				w.resolve(answerOf(line));
			} catch (error) {
				w.reject(error);
			}
		}
	});
	child.stderr.on('data', (chunk) => (stderr += chunk));
	child.on('exit', (code) => {
		for (const w of waiting.values()) w.reject(new Error(`database reader exited ${code}: ${stderr}`));
		waiting.clear();
	});
	const query = (q) =>
		new Promise((resolve, reject) => {
			const id = nextId++;
			waiting.set(id, { resolve, reject });
			child.stdin.write(`${JSON.stringify({ ...q, id })}\n`);
		});
	return { query, stop: () => child.kill('SIGKILL'), child };
}

/**
 * The newest execution of `workflowId` with an id above `afterId`, shaped like the IRun that
 * `n8n execute` prints: { id, status, finished, mode, data }; null when there is none.
 */
async function readLatestExecution(info, userFolder, workflowId, { afterId = 0 } = {}) {
	const [latest] = await queryOnce(info, userFolder, { op: 'executions', workflowId, after: afterId, limit: 1 });
	if (!latest) return null;
	const { id, status, finished, mode, data } = latest;
	return { id, status, finished, mode, data };
}

/** Highest execution id in the database so far (0 if none). */
function maxExecutionId(info, userFolder) {
	return queryOnce(info, userFolder, { op: 'maxId' });
}

module.exports = { queryOnce, activateInDatabase, startDbReader, readLatestExecution, maxExecutionId, useDatabase };
