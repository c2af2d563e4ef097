import type { IDataObject } from 'n8n-workflow';

import { nextLink } from '../shared';
import { inTurn } from '../shared/inTurn';
import { header } from '../shared/http/retry';
import { LOG_RETENTION_MS } from './recovery';

/**
 * Whether a delivery is a redelivery, told by the platform's delivery log to the process that
 * receives it, whoever asked for the redelivery (a pass of this or another n8n process, GitHub's
 * "Redeliver" button, a script) and in every topology (issue 50).
 *
 * A redelivery repeats its delivery's GUID (`X-GitHub-Delivery`); the hook's log keeps every
 * attempt. A delivery new to n8n (its GUID never ran the workflow: n8n's processed-data store,
 * once.ts, stops the others) is a redelivery exactly when the log holds a *failed* attempt of its
 * GUID at the time it arrives: the attempt under way is logged only once n8n has answered, so the
 * check runs before the answer, and a live delivery never finds itself.
 *
 * The read: `GET …/deliveries?status=failure&per_page=100` (newest first), conditional
 * (If-None-Match): the failure log changes only when a delivery fails, so nearly every check is a
 * 304, which GitHub does not count against the rate limit. A 200 (new failures) is read back to
 * the newest failure this process knew, the first read back to the log's 3 days. What was read is
 * kept per process and hook: the GUIDs that failed, with their first attempt (`deliveredAt`).
 * Deliveries that arrive while a read is under way share the next one. GitHub logs a refused
 * connection as 502 "failed to connect to host" (and the stand-in a timeout as 504): within the
 * filter's 400–599.
 *
 * Why not a record of what the passes asked for, in n8n's processed-data store: n8n gives its
 * helpers only to a node's execute() (n8n-core's ExecuteContext and SupplyDataContext, 1.123 to
 * 2.40), not to the webhook methods and the timer where the passes run; writing there would take
 * one extra execution per pass, ordered before the redeliveries it announces, and would still
 * leave unmarked every redelivery someone else asked for.
 */

export const REPLAY_LIMITS = {
	/** A check reads pages until this long after it started; a longer read goes on at the next check. */
	deadlineMs: 5000,
	/** Entries per page (the platform's most). */
	perPage: 100,
};

/** One answer of the log: status (200 or 304), entries, headers (ETag, Link). */
export interface LogAnswer {
	statusCode: number;
	body: unknown;
	headers: IDataObject;
}

/** Reads a page of the hook's failure log: the first page (with `etag`, If-None-Match) or the page at `url` (a Link rel="next"). */
export type ReadFailures = (page: { etag?: string; url?: string }) => Promise<LogAnswer>;

interface Scan {
	/** When its first page was asked for (this process's clock). */
	startedAt: number;
	etag?: string;
	newestId: number;
	entries: Array<{ id: number; guid: string; at: number }>;
	next?: string;
}

interface FailureLog {
	/** GUID → its first failed attempt (ms). */
	first: Map<string, number>;
	etag?: string;
	/** The newest failure read (its log id). */
	newestId: number;
	/** When the last complete read started: every failure logged before is in `first`. */
	readFrom: number;
	/** A read that passed its deadline, continued at the next check. */
	scan?: Scan;
}

const logs = new Map<string, FailureLog>();

/** What the log says of one arrival; `unknown`: why it could not say (the caller falls back to what it knows). */
export interface Replay {
	recovered: boolean;
	deliveredAt?: string;
	unknown?: string;
	/** Requests this check made (pages), and how many were answered 304. */
	requests: number;
	notModified: number;
}

/** Forgets what this process read of the hook `key` (its webhook was deleted). */
export function forgetReplays(key: string): void {
	logs.delete(key);
}

function entriesOf(body: unknown): Array<{ id: number; guid: string; at: number }> {
	const entries: Array<{ id: number; guid: string; at: number }> = [];
	for (const entry of Array.isArray(body) ? (body as IDataObject[]) : []) {
		const at = Date.parse(String(entry?.delivered_at ?? ''));
		if (typeof entry?.guid === 'string' && entry.guid !== '' && Number.isFinite(at)) entries.push({ id: Number(entry.id), guid: entry.guid, at });
	}
	return entries;
}

/**
 * Whether `guid`, arrived at `arrivedAt` (this process's clock, before anything was answered), is
 * a redelivery, and when its delivery was first tried. Reads the hook's failure log through
 * `read` only when no read that started after the arrival has told already.
 */
export async function replayOf(key: string, guid: string, arrivedAt: number, read: ReadFailures, now: () => number = Date.now): Promise<Replay> {
	return await inTurn(`replay\u0000${key}`, async () => {
		let log = logs.get(key);
		if (!log) {
			log = { first: new Map(), newestId: 0, readFrom: -Infinity };
			logs.set(key, log);
		}
		const answer = (requests: number, notModified: number, unknown?: string): Replay => {
			const first = log!.first.get(guid);
			if (first !== undefined) return { recovered: true, deliveredAt: new Date(first).toISOString(), requests, notModified };
			return unknown ? { recovered: false, unknown, requests, notModified } : { recovered: false, requests, notModified };
		};
		const checkStarted = now();
		let requests = 0;
		let notModified = 0;
		// known as failed, or a read that began after this arrival saw every failure before it
		while (!log.first.has(guid) && log.readFrom < arrivedAt) {
			const overdue = () => requests > 0 && now() - checkStarted >= REPLAY_LIMITS.deadlineMs;
			const goesOn = () => answer(requests, notModified, `the failure log is longer than one check reads (${log!.scan?.entries.length ?? 0} entries so far); the next check goes on`);
			let scan = log.scan;
			if (!scan) {
				if (overdue()) return goesOn();
				const startedAt = now();
				const page = await read({ etag: log.etag });
				requests++;
				if (page.statusCode === 304) {
					notModified++;
					log.readFrom = startedAt;
					continue;
				}
				const entries = entriesOf(page.body);
				let newestId = log.newestId;
				for (const entry of entries) if (entry.id > newestId) newestId = entry.id;
				scan = { startedAt, etag: header(page.headers, 'etag'), newestId, entries, next: nextLink(page.headers) };
				log.scan = scan;
			}
			const oldestKept = now() - LOG_RETENTION_MS;
			const last = scan.entries[scan.entries.length - 1];
			// newest first: done at the newest failure known before, past the log's 3 days, or at the end
			if (scan.next !== undefined && last !== undefined && last.id > log.newestId && last.at >= oldestKept) {
				if (overdue()) return goesOn();
				const page = await read({ url: scan.next });
				requests++;
				for (const entry of entriesOf(page.body)) scan.entries.push(entry);
				scan.next = nextLink(page.headers);
				continue;
			}
			// complete: every failure logged before the scan started is known
			for (const entry of scan.entries) {
				if (entry.at < oldestKept) continue;
				const known = log.first.get(entry.guid);
				if (known === undefined || entry.at < known) log.first.set(entry.guid, entry.at);
			}
			for (const [known, at] of log.first) if (at < oldestKept) log.first.delete(known);
			log.etag = scan.etag;
			log.newestId = scan.newestId;
			log.readFrom = scan.startedAt;
			delete log.scan;
		}
		return answer(requests, notModified);
	});
}
