'use strict';
/*
 * Reads n8n's database, SQLite or PostgreSQL; run with a runtime's own Node (its sqlite3 is built
 * for it, its pg is the one n8n uses):
 *   node e2e/lib/db-reader.js <runtime folder> <database.sqlite | postgres://user@host:port/db>
 * Queries are JSON lines on stdin, answers JSON lines on stdout ({id, value} or {id, error}), so
 * one process can serve many queries (the benches poll) or just one (stdin closed after it).
 * Ops:
 *   {op:'maxId'}                         highest execution id (0 if none)
 *   {op:'count', workflowId}             executions of a workflow
 *   {op:'status', workflowId, after}     [{status, n, stopped (ms)}] of executions with id > after
 *   {op:'staticData', workflowId}        the workflow's static data as n8n saved it (object or null)
 *   {op:'processedData', workflowId}     the entries of n8n's processed-data store for the workflow,
 *                                        per context (node): {context: [md5 base64 of each value]}
 *   {op:'executions', workflowId, after, limit?}
 *                                        newest first: [{id, status, finished, mode, startedAt,
 *                                        stoppedAt (ms), data (IRunExecutionData)}]
 * With `--write` after the database (the one op that writes; n8n must not be running):
 *   {op:'activate', ids}                 marks the workflows active at their current version, the
 *                                        one UPDATE n8n's own CLI makes (`update:workflow --id
 *                                        --active=true` on 1.x, `publish:workflow --id` on 2.x:
 *                                        @n8n/db WorkflowRepository updateActiveState /
 *                                        publishVersion), for all of them in one process instead of
 *                                        one n8n CLI process (4 to 10 s) each; answers how many
 */
const path = require('path');
const readline = require('readline');

const [runtimeDir, database, mode] = process.argv.slice(2);
const write = mode === '--write';
const flatted = require(path.join(runtimeDir, 'node_modules', 'flatted'));
const postgres = /^postgres(ql)?:\/\//.test(database);

/**
 * `all(sql, params)` → rows, and `close()`, for either database. The SQL is written once with `?`
 * placeholders and "quoted" camelCase columns (PostgreSQL folds unquoted names to lower case;
 * SQLite accepts the quotes).
 */
function openDatabase() {
	if (postgres) {
		const { Client } = require(path.join(runtimeDir, 'node_modules', 'pg'));
		const client = new Client({ connectionString: database });
		const connected = client.connect();
		return {
			async all(sql, params) {
				await connected;
				let n = 0;
				const { rows } = await client.query(sql.replace(/\?/g, () => `$${++n}`), params);
				return rows;
			},
			close: () => connected.then(() => client.end(), () => {}),
		};
	}
	const sqlite3 = require(path.join(runtimeDir, 'node_modules', 'sqlite3'));
	const db = new sqlite3.Database(database, write ? sqlite3.OPEN_READWRITE : sqlite3.OPEN_READONLY);
	db.configure('busyTimeout', 10000);
	return {
		all: (sql, params) => new Promise((resolve, reject) => db.all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows)))),
		close: () => db.close(),
	};
}
const db = openDatabase();

/** n8n's dates: Date objects from PostgreSQL; from SQLite 'YYYY-MM-DD hh:mm:ss.sss' in UTC (or numbers). */
function time(value) {
	if (value === null || value === undefined) return null;
	if (value instanceof Date) return value.getTime();
	if (typeof value === 'number') return value;
	const text = String(value).replace(' ', 'T');
	return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
}

const ID = 'CAST(e.id AS INTEGER)';
const queries = {
	async activate(q) {
		if (!write) throw new Error('activate needs --write');
		let n = 0;
		for (const id of q.ids) {
			const [row] = await db.all('SELECT "versionId" AS "versionId" FROM workflow_entity WHERE id = ?', [String(id)]);
			if (!row) throw new Error(`workflow ${id} is not in the database`);
			// a version n8n can run: what publishVersion checks on 2.x (1.x has the table too)
			const [version] = await db.all('SELECT "versionId" AS "versionId" FROM workflow_history WHERE "workflowId" = ? AND "versionId" = ?', [String(id), row.versionId]);
			if (!version) throw new Error(`workflow ${id}: its version ${row.versionId} is not in workflow_history`);
			await db.all('UPDATE workflow_entity SET active = ?, "activeVersionId" = "versionId" WHERE id = ?', [true, String(id)]);
			n++;
		}
		return n;
	},
	async processedData(q) {
		const rows = await db.all('SELECT context, value FROM processed_data WHERE "workflowId" = ?', [q.workflowId]);
		const entries = {};
		for (const row of rows) {
			const value = typeof row.value === 'string' ? JSON.parse(row.value) : row.value;
			entries[row.context] = Array.isArray(value?.data) ? value.data : [];
		}
		return entries;
	},
	async staticData(q) {
		const [row] = await db.all('SELECT "staticData" AS "staticData" FROM workflow_entity WHERE id = ?', [q.workflowId]);
		if (!row?.staticData) return null;
		return typeof row.staticData === 'string' ? JSON.parse(row.staticData) : row.staticData;
	},
	async maxId() {
		const [row] = await db.all(`SELECT MAX(${ID}) AS m FROM execution_entity e`, []);
		return Number(row?.m ?? 0);
	},
	async count(q) {
		const [row] = await db.all('SELECT COUNT(*) AS n FROM execution_entity WHERE "workflowId" = ?', [q.workflowId]);
		return Number(row?.n ?? 0);
	},
	async status(q) {
		const rows = await db.all(
			`SELECT e.status AS status, COUNT(*) AS n, MAX(e."stoppedAt") AS stopped FROM execution_entity e WHERE e."workflowId" = ? AND ${ID} > ? GROUP BY e.status`,
			[q.workflowId, Number(q.after ?? 0)],
		);
		return rows.map((r) => ({ status: r.status, n: Number(r.n), stopped: time(r.stopped) }));
	},
	async executions(q) {
		const limit = q.limit === undefined || q.limit === null ? '' : ` LIMIT ${Number(q.limit)}`;
		const rows = await db.all(
			`SELECT e.id AS id, e.status AS status, e.finished AS finished, e.mode AS mode, e."startedAt" AS "startedAt", e."stoppedAt" AS "stoppedAt", d.data AS data
			 FROM execution_entity e JOIN execution_data d ON d."executionId" = e.id
			 WHERE e."workflowId" = ? AND ${ID} > ? ORDER BY ${ID} DESC${limit}`,
			[q.workflowId, Number(q.after ?? 0)],
		);
		return rows.map((row) => ({
			id: String(row.id),
			status: row.status,
			finished: !!row.finished,
			mode: row.mode,
			startedAt: time(row.startedAt),
			stoppedAt: time(row.stoppedAt),
			data: flatted.parse(row.data),
		}));
	},
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
	run(q).then(
		(value) => ({ id: q.id, value }),
		(err) => ({ id: q.id, error: err.message }),
	).then((answer) => {
		pending--;
		process.stdout.write(`${JSON.stringify(answer)}\n`);
		finish();
	});
}).on('close', () => {
	closed = true;
	finish();
});
