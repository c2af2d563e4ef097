/**
 * Appends `items` to `target`, one push per item, and answers `target`. `target.push(...items)`
 * hands every item to one call as an argument: past about 100,000 items V8 throws "Maximum call
 * stack size exceeded" (an Access → Review of 1,000 repositories × 300 people did). Nothing in the
 * pack spreads an unbounded array into a call (test/shared/noSpreadCalls.test.ts).
 */
export function append<T>(target: T[], items: readonly T[]): T[] {
	for (const item of items) target.push(item);
	return target;
}

/** The largest of `values` (-Infinity when there are none), without spreading them into one call. */
export function maxOf(values: readonly number[]): number {
	let most = -Infinity;
	for (const value of values) if (value > most) most = value;
	return most;
}
