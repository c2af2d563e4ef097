import type { IDataObject } from 'n8n-workflow';

/**
 * Recovery of missed deliveries, the pure part: which entries of a hook's delivery log to ask the
 * platform to redeliver, and the bounded ring of delivery GUIDs that already started an execution.
 * No request is made here (see recoveryPass.ts); everything is decided from the log and the state.
 */

/** One entry of `GET …/hooks/{hook_id}/deliveries` (the fields used here). */
export interface DeliveryLogEntry {
	id: number;
	guid: string;
	delivered_at: string;
	redelivery: boolean;
	status_code: number;
	event: string;
	action?: string | null;
}

/** The platform keeps a hook's deliveries (and redelivers them) for 3 days. */
export const LOG_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;

/** Bounds of recovery; a pass never does more than this. */
export const RECOVERY_LIMITS = {
	/** Redeliveries asked for by one pass at activation (the rest wait for the next pass, logged). */
	perActivation: 30,
	/** Redeliveries asked for by one pass at a delivery (it delays that delivery's execution). */
	perDelivery: 10,
	/** Redeliveries asked for by one scheduled pass (at 1 a second: 5 minutes). */
	perSchedule: 300,
	/**
	 * Redeliveries asked for in any hour by this process: the platform's secondary rate limit for
	 * content-creating requests is 80 a minute and 500 an hour (its REST API docs, "About secondary
	 * rate limits"); 450 leaves room for the workflow's own writes. The minute limit is kept by the
	 * spacing below (60 a minute).
	 */
	perHour: 450,
	/** A scheduled pass that left deliveries for later is followed by the next this soon. */
	continueAfterMs: 1000,
	/**
	 * A scheduled pass that asked for redeliveries is followed by one this soon (at most the
	 * interval): a redelivery that failed (n8n still starting) is asked for again.
	 */
	recheckAfterMs: 30 * 1000,
	/** Between two redelivery requests: the platform asks for at least 1 s between writes. */
	spacingMs: 1000,
	/**
	 * After its last redelivery request, an activation waits up to this long for the redeliveries
	 * to arrive: n8n saves the static data of the activation after it, and that save must contain
	 * their GUIDs (it would otherwise overwrite what the deliveries saved).
	 */
	arrivalWaitMs: 5000,
	/** A pass at a delivery runs at most this often (unless the first after an activation). */
	passIntervalMs: 5 * 60 * 1000,
	/** Each pass reads this far behind the last one: entries can reach the log a little late. */
	overlapMs: 2 * 60 * 1000,
	/** A redelivery we asked for and that has no logged attempt yet is waited for this long. */
	pendingMs: 10 * 60 * 1000,
	/**
	 * The log's times are the platform's, in whole seconds; a redelivery logged up to this much
	 * before our own clock's time of the request still counts as its outcome.
	 */
	clockSkewMs: 30 * 1000,
	/** A GUID whose redeliveries failed this many times is given up (it keeps failing). */
	maxRedeliveries: 3,
	/** GUIDs remembered as accepted (static data: about 40 bytes each). */
	ringSize: 500,
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * The redeliveries asked for in the last hour, against `RECOVERY_LIMITS.perHour`: `take(now)`
 * records one when there is room; `waitMs(now)` is how long until there is.
 */
export class RedeliveryBudget {
	private times: number[] = [];

	private prune(now: number): void {
		while (this.times.length > 0 && now - this.times[0] >= HOUR_MS) this.times.shift();
	}

	available(now: number): number {
		this.prune(now);
		return Math.max(0, RECOVERY_LIMITS.perHour - this.times.length);
	}

	take(now: number): boolean {
		if (this.available(now) <= 0) return false;
		this.times.push(now);
		return true;
	}

	waitMs(now: number): number {
		if (this.available(now) > 0) return 0;
		return this.times[this.times.length - RECOVERY_LIMITS.perHour] + HOUR_MS - now;
	}

	/** How many were asked for in the hour before `now`. */
	used(now: number): number {
		this.prune(now);
		return this.times.length;
	}
}

/** A delivery the platform counts as delivered: 2xx or 3xx (its `status=success` filter). */
export function succeeded(entry: DeliveryLogEntry): boolean {
	return entry.status_code >= 200 && entry.status_code < 400;
}

function timeOf(entry: DeliveryLogEntry): number {
	const time = Date.parse(entry.delivered_at);
	return Number.isFinite(time) ? time : 0;
}

export interface RedeliveryInput {
	/** Entries read from the log (any order; several attempts of one GUID share it). */
	entries: DeliveryLogEntry[];
	/** Only GUIDs with a failed attempt at or after this time (ms) are considered. */
	since: number;
	/** GUIDs this workflow accepted (they started an execution). */
	accepted: ReadonlySet<string>;
	/** GUIDs whose redelivery we asked for, with the time (ms) of the request. */
	requested: Readonly<Record<string, number>>;
	now: number;
	limit: number;
	/**
	 * Whether the workflow listens to this entry's event and action (events.ts mayMatch); an entry
	 * it would ignore is never asked for. Absent: every entry counts.
	 */
	wanted?: (entry: DeliveryLogEntry) => boolean;
}

export interface RedeliveryPlan {
	/** Ask for these, in this order (oldest event first); each is the GUID's latest attempt. */
	redeliver: DeliveryLogEntry[];
	/** Would be redelivered but over the limit: for the next pass (oldest first). */
	deferred: DeliveryLogEntry[];
	/** Failed again after `maxRedeliveries` redeliveries: not asked for any more. */
	givenUp: DeliveryLogEntry[];
	/** GUIDs asked for earlier whose redelivery has no logged outcome yet. */
	pending: string[];
	/** GUIDs the log shows as delivered (their entries in `requested` can be forgotten). */
	delivered: string[];
	/** Failed deliveries the workflow would ignore (not its events or actions): never asked for. */
	ignored: number;
	/**
	 * Where the next pass must start reading so that nothing undecided is skipped: the oldest
	 * failure deferred, or the oldest redelivery still pending, else `now`.
	 */
	nextSince: number;
}

/**
 * What to redeliver: every GUID that failed at or after `since`, was never delivered successfully
 * (no 2xx/3xx attempt in the log), is of an event and action the workflow listens to
 * (`wanted`), did not start an execution here, has no redelivery of ours
 * still on its way, and has not failed `maxRedeliveries` redeliveries already; oldest first (by
 * its first attempt), at most `limit`. Pings are never redelivered: they start nothing.
 */
export function chooseRedeliveries(input: RedeliveryInput): RedeliveryPlan {
	const byGuid = new Map<string, DeliveryLogEntry[]>();
	for (const entry of input.entries) {
		if (!entry || typeof entry.guid !== 'string' || entry.guid === '') continue;
		const attempts = byGuid.get(entry.guid) ?? [];
		attempts.push(entry);
		byGuid.set(entry.guid, attempts);
	}
	const candidates: Array<{ first: number; latest: DeliveryLogEntry }> = [];
	const givenUp: DeliveryLogEntry[] = [];
	const pending: string[] = [];
	const delivered: string[] = [];
	let ignored = 0;
	let nextSince = input.now;
	for (const [guid, attempts] of byGuid) {
		attempts.sort((a, b) => timeOf(a) - timeOf(b) || a.id - b.id);
		const latest = attempts[attempts.length - 1];
		if (attempts.some(succeeded)) {
			delivered.push(guid);
			continue;
		}
		if (latest.event === 'ping' || input.accepted.has(guid)) continue;
		if (input.wanted && !input.wanted(latest)) {
			ignored++;
			continue;
		}
		if (!attempts.some((attempt) => timeOf(attempt) >= input.since)) continue;
		const askedAt = input.requested[guid];
		const answered = (attempt: DeliveryLogEntry) => attempt.redelivery && timeOf(attempt) >= askedAt - RECOVERY_LIMITS.clockSkewMs;
		if (askedAt !== undefined && !attempts.some(answered) && input.now - askedAt < RECOVERY_LIMITS.pendingMs) {
			// asked for, and no attempt logged since: the redelivery is still on its way
			pending.push(guid);
			nextSince = Math.min(nextSince, askedAt);
			continue;
		}
		if (attempts.filter((attempt) => attempt.redelivery).length >= RECOVERY_LIMITS.maxRedeliveries) {
			givenUp.push(latest);
			continue;
		}
		candidates.push({ first: timeOf(attempts[0]), latest });
	}
	candidates.sort((a, b) => a.first - b.first || a.latest.id - b.latest.id);
	const limit = Math.max(0, input.limit);
	const deferred = candidates.slice(limit);
	if (deferred.length > 0) nextSince = Math.min(nextSince, deferred[0].first);
	return {
		redeliver: candidates.slice(0, limit).map((candidate) => candidate.latest),
		deferred: deferred.map((candidate) => candidate.latest),
		givenUp,
		pending,
		delivered,
		ignored,
		nextSince,
	};
}

/** When the platform first tried to deliver each GUID of the log (its oldest attempt), ISO. */
export function firstAttempts(entries: readonly DeliveryLogEntry[]): Map<string, string> {
	const first = new Map<string, { time: number; at: string }>();
	for (const entry of entries) {
		if (!entry || typeof entry.guid !== 'string' || entry.guid === '') continue;
		const time = timeOf(entry);
		const known = first.get(entry.guid);
		if (time > 0 && (!known || time < known.time)) first.set(entry.guid, { time, at: new Date(time).toISOString() });
	}
	return new Map([...first].map(([guid, { at }]) => [guid, at]));
}

/** `ring` with `guid` appended (once), keeping the newest `size`. */
export function remember(ring: readonly string[], guid: string, size = RECOVERY_LIMITS.ringSize): string[] {
	const next = ring.filter((entry) => entry !== guid);
	next.push(guid);
	return next.length > size ? next.slice(next.length - size) : next;
}

/** The union of two rings (order of `a`, then what only `b` has), keeping the newest `size`. */
export function mergeRings(a: readonly string[], b: readonly string[], size = RECOVERY_LIMITS.ringSize): string[] {
	const seen = new Set(a);
	const merged = [...a, ...b.filter((guid) => !seen.has(guid))];
	return merged.length > size ? merged.slice(merged.length - size) : merged;
}

/** What the trigger keeps for recovery in the node's static data. */
export interface RecoveryState extends IDataObject {
	/** The hook this state belongs to (a new hook starts over). */
	hookId: string;
	/** The log is reconciled up to here (ISO time): a pass reads from here (minus the overlap). */
	since: string;
	/** When the last pass ran (ms). */
	lastPassAt?: number;
	/** A pass is due at the first delivery after an activation. */
	recheck?: boolean;
	/** GUIDs that started an execution, oldest first (bounded). */
	accepted: string[];
	/** GUIDs whose redelivery we asked for → when (ms). */
	requested: IDataObject;
	/** GUIDs whose redelivery we asked for → when the platform first tried to deliver them (ISO). */
	originalAt?: IDataObject;
}

/**
 * The recovery state of `hookId`; when there is none (a new hook, or a hook activated by a version
 * without recovery) or another hook's, a fresh one: nothing before `now` is recovered, and the
 * first pass at a delivery comes one pass interval later.
 */
export function recoveryStateOf(stored: unknown, hookId: string, now: number): RecoveryState {
	const state = stored as RecoveryState | undefined;
	if (state && typeof state === 'object' && state.hookId === hookId && typeof state.since === 'string') {
		if (!Array.isArray(state.accepted)) state.accepted = [];
		if (!state.requested || typeof state.requested !== 'object') state.requested = {};
		if (!state.originalAt || typeof state.originalAt !== 'object') state.originalAt = {};
		return state;
	}
	return { hookId, since: new Date(now).toISOString(), lastPassAt: now, accepted: [], requested: {}, originalAt: {} };
}
