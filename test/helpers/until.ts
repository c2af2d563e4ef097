/**
 * Waiting on state in tests of background work (scheduled recovery, catch-up): `done()` is polled
 * every 20 ms until it holds, with a generous deadline that only a stuck schedule reaches on a
 * busy machine. Files that use it raise jest's limit above the deadline (UNTIL_TEST_TIMEOUT_MS).
 */
export const UNTIL_DEADLINE_MS = 120_000;
export const UNTIL_TEST_TIMEOUT_MS = 180_000;

export async function until(what: string, done: () => boolean, deadlineMs = UNTIL_DEADLINE_MS): Promise<void> {
	const end = Date.now() + deadlineMs;
	while (!done()) {
		if (Date.now() > end) throw new Error(`waited ${deadlineMs / 1000} s for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}
