import { sleep } from 'n8n-workflow';

/**
 * Client-side pacing for platforms that allow so many reads and writes in any window of time
 * (the client-information platform: 50 reads and 20 writes per 10 s, mission-spec §8).
 *
 * Each pacer keeps, per kind of call, the calls of the last window. A call may start when fewer
 * than `limit` calls are in flight or ended less than one window (plus a margin) ago. A call
 * counts from its start until one window after its answer came back: the platform saw it at some
 * moment in between, so the next call that takes its place reaches the platform a full window
 * later, whatever the network delay. A batch of N calls therefore finishes as fast as the limit
 * allows (the call N+1 after `limit` starts one window after call N's answer) and draws no 429.
 *
 * Pacers live in the process: one per key (credential and base URL), shared by every execution
 * of that process. n8n's queue-mode workers are separate processes, so each paces itself; two
 * workers on one credential can together exceed the limit, and the 429s that then come are
 * retried after `Retry-After` (see `hold`) by the request helper.
 */

export type CallKind = 'read' | 'write';

export interface PaceLimits {
	/** Reads allowed in any window. */
	reads: number;
	/** Writes allowed in any window. */
	writes: number;
	/** Length of the window in milliseconds. */
	windowMs: number;
	/** Extra distance kept from the window's edge, for clock and timer granularity. */
	marginMs: number;
}

/** How long to sleep between checks while every slot is taken by a call still in flight. */
const IN_FLIGHT_POLL_MS = 20;

interface Slot {
	/** When the answer came back; undefined while the call is in flight. */
	endedAt?: number;
}

class SlidingWindow {
	private readonly slots: Slot[] = [];

	constructor(
		private readonly limit: () => number,
		private readonly windowMs: () => number,
	) {}

	/** Milliseconds until a slot frees up (0 = one is free now; undefined = all in flight). */
	private waitFor(now: number): number | undefined {
		const window = this.windowMs();
		for (let index = this.slots.length - 1; index >= 0; index--) {
			const { endedAt } = this.slots[index];
			if (endedAt !== undefined && endedAt + window <= now) this.slots.splice(index, 1);
		}
		if (this.slots.length < Math.max(1, this.limit())) return 0;
		let earliest: number | undefined;
		for (const { endedAt } of this.slots) {
			if (endedAt === undefined) continue;
			const free = endedAt + window - now;
			if (earliest === undefined || free < earliest) earliest = free;
		}
		return earliest;
	}

	/** Takes a slot when possible now; the returned function marks the call as answered. */
	tryTake(now: number): { release: () => void } | { waitMs: number } {
		const wait = this.waitFor(now);
		if (wait === 0) {
			const slot: Slot = {};
			this.slots.push(slot);
			let released = false;
			return {
				release: () => {
					if (released) return;
					released = true;
					slot.endedAt = Date.now();
				},
			};
		}
		return { waitMs: wait === undefined ? IN_FLIGHT_POLL_MS : Math.max(1, wait) };
	}

	get size(): number {
		return this.slots.length;
	}
}

export class Pacer {
	private readonly windows: Record<CallKind, SlidingWindow>;

	private heldUntil = 0;

	constructor(private readonly limits: () => PaceLimits) {
		const windowMs = () => this.limits().windowMs + this.limits().marginMs;
		this.windows = {
			read: new SlidingWindow(() => this.limits().reads, windowMs),
			write: new SlidingWindow(() => this.limits().writes, windowMs),
		};
	}

	/**
	 * Waits until a call of this kind may start and takes its slot. Call the returned function
	 * as soon as the answer (or a network error) has come back.
	 */
	async acquire(kind: CallKind): Promise<() => void> {
		for (;;) {
			const now = Date.now();
			if (this.heldUntil > now) {
				await sleep(this.heldUntil - now);
				continue;
			}
			const taken = this.windows[kind].tryTake(now);
			if ('release' in taken) return taken.release;
			await sleep(taken.waitMs);
		}
	}

	/** Holds every call back for `waitMs` (after a 429 that says how long to wait). */
	hold(waitMs: number): void {
		this.heldUntil = Math.max(this.heldUntil, Date.now() + waitMs);
	}

	/** Calls counted in the current window, for tests. */
	inWindow(kind: CallKind): number {
		return this.windows[kind].size;
	}
}

const pacers = new Map<string, Pacer>();

/**
 * The process-wide pacer for `key` (for example the credential's id and base URL). `limits` is
 * read at every call, so a changed limit applies at once.
 */
export function pacerFor(key: string, limits: () => PaceLimits): Pacer {
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new Pacer(limits);
		pacers.set(key, pacer);
	}
	return pacer;
}

/** GET, HEAD and OPTIONS read; every other method writes. */
export function callKind(method: string): CallKind {
	return ['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase()) ? 'read' : 'write';
}
