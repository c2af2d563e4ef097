import { sleep } from 'n8n-workflow';

/**
 * Background work of an active trigger in this process (scheduled recovery and catch-up passes):
 * one loop per key, started at an activation and stopped at deactivation. A loop sleeps with
 * n8n-workflow's `sleep` in slices of at most a second, so a stop is seen within one (its
 * `sleepWithAbort` is not in every n8n: 2.40's n8n-workflow has none), then runs its step; the
 * step answers how long to wait before the next.
 */

const loops = new Map<string, AbortController>();
const SLICE_MS = 1000;

/** The loops that have not ended yet (a stopped loop ends within a slice, after its step). */
const running = new Set<Promise<void>>();

/** Whether a loop runs for this key in this process. */
export function loopRuns(key: string): boolean {
	return loops.has(key);
}

/** Stops every loop in this process, as a stopped n8n does. */
export function stopAllLoops(): void {
	for (const key of [...loops.keys()]) stopLoop(key);
}

/** Resolves once every loop has ended: stopped ones after the step they are in, if any. */
export async function loopsEnded(): Promise<void> {
	while (running.size > 0) await Promise.all([...running]);
}

/** Stops the loop of this key, if one runs. */
export function stopLoop(key: string): void {
	loops.get(key)?.abort();
	loops.delete(key);
}

/**
 * Starts (or restarts) the loop of `key`: `step` runs after `firstInMs`, then again after the
 * milliseconds it answers. A step that throws ends the loop; `onEnd` hears why.
 */
export function startLoop(key: string, firstInMs: number, step: () => Promise<number>, onEnd: (error: unknown) => void): void {
	stopLoop(key);
	const controller = new AbortController();
	loops.set(key, controller);
	const run = async () => {
		let wait = Math.max(0, firstInMs);
		for (;;) {
			for (let left = wait; left > 0 && !controller.signal.aborted; left -= SLICE_MS) await sleep(Math.min(left, SLICE_MS));
			if (controller.signal.aborted) return;
			wait = Math.max(0, await step());
		}
	};
	const ended: Promise<void> = run()
		.catch((error: unknown) => {
			if (loops.get(key) === controller) loops.delete(key);
			onEnd(error);
		})
		.finally(() => running.delete(ended));
	running.add(ended);
}
