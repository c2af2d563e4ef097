'use strict';
/*
 * Reads n8n's SQLite database; run with a runtime's own Node (its sqlite3 is built for it):
 *   node e2e/lib/db-reader.js <runtime folder> <database.sqlite>
 * Queries are JSON lines on stdin, answers JSON lines on stdout ({id, value} or {id, error}), so
 * one process can serve many queries (the benches poll) or just one (stdin closed after it).
 * Ops:
 *   {op:'maxId'}                         highest execution id (0 if none)
 *   {op:'count', workflowId}             executions of a workflow
 *   {op:'status', workflowId, after}     [{status, n, stopped (ms)}] of executions with id > after
 *   {op:'staticData', workflowId}        the workflow's static data as n8n saved it (object or null)
 *   {op:'executions', workflowId, after, limit?}
 *                                        newest first: [{id, status, finished, mode, startedAt,
 *                                        stoppedAt (ms), data (IRunExecutionData)}]
 */
const path = require('path');
const readline = require('readline');

const [runtimeDir, dbFile] = process.argv.slice(2);
const sqlite3 = require(path.join(runtimeDir, 'node_modules', 'sqlite3'));
const flatted = require(path.join(runtimeDir, 'node_modules', 'flatted'));

const db = new sqlite3.Database(dbFile, sqlite3.OPEN_READONLY);
db.configure('busyTimeout', 10000);

/** SQLite keeps n8n's dates as 'YYYY-MM-DD hh:mm:ss.sss' in UTC (or as numbers). */
function time(value) {
	if (value === null || value === undefined) return null;
	if (typeof value === 'number') return value;
	const text = String(value).replace(' ', 'T');
	return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
}

const queries = {
	staticData: (q, done) =>
		db.get('SELECT staticData FROM workflow_entity WHERE id = ?', [q.workflowId], (err, row) => {
			if (err || !row?.staticData) return done(err, null);
			try {
				done(null, typeof row.staticData === 'string' ? JSON.parse(row.staticData) : row.staticData);
			} catch (error) {
				done(error);
			}
		}),
	maxId: (q, done) => db.get('SELECT MAX(CAST(id AS INTEGER)) AS m FROM execution_entity', (err, row) => done(err, Number(row?.m ?? 0))),
	count: (q, done) =>
		db.get('SELECT COUNT(*) AS n FROM execution_entity WHERE workflowId = ?', [q.workflowId], (err, row) => done(err, row?.n)),
	status: (q, done) =>
		db.all(
			'SELECT status, COUNT(*) AS n, MAX(stoppedAt) AS stopped FROM execution_entity WHERE workflowId = ? AND CAST(id AS INTEGER) > ? GROUP BY status',
			[q.workflowId, Number(q.after ?? 0)],
			(err, rows) => done(err, rows?.map((r) => ({ status: r.status, n: r.n, stopped: time(r.stopped) }))),
		),
	executions: (q, done) =>
		db.all(
			`SELECT e.id, e.status, e.finished, e.mode, e.startedAt, e.stoppedAt, d.data FROM execution_entity e
			 JOIN execution_data d ON d.executionId = e.id
			 WHERE e.workflowId = ? AND CAST(e.id AS INTEGER) > ? ORDER BY CAST(e.id AS INTEGER) DESC LIMIT ?`,
			[q.workflowId, Number(q.after ?? 0), Number(q.limit ?? -1)],
			(err, rows) =>
				done(
					err,
					rows?.map((row) => ({
						id: String(row.id),
						status: row.status,
						finished: !!row.finished,
						mode: row.mode,
						startedAt: time(row.startedAt),
						stoppedAt: time(row.stoppedAt),
						data: flatted.parse(row.data),
					})),
				),
		),
};

let pending = 0;
let closed = false;
const finish = () => closed && pending === 0 && db.close();
readline.createInterface({ input: process.stdin }).on('line', (line) => {
	const q = JSON.parse(line);
	const run = queries[q.op];
	if (!run) {
		process.stdout.write(`${JSON.stringify({ id: q.id, error: `unknown op ${q.op}` })}\n`);
		return;
	}
	pending++;
	run(q, (err, value) => {
		pending--;
		process.stdout.write(`${JSON.stringify(err ? { id: q.id, error: err.message } : { id: q.id, value })}\n`);
		finish();
	});
}).on('close', () => {
	closed = true;
	finish();
});
