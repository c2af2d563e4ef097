/**
 * Work of this process on one key, one piece after another: n8n's processed-data store reads a
 * node's whole list and then writes it back, so two records of one process made at once would
 * lose one (packages/cli/src/deduplication/deduplication-helper.ts, handleHashedItems).
 */
const queues = new Map<string, Promise<unknown>>();

export function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
	const previous = queues.get(key) ?? Promise.resolve();
	const next = previous.then(work, work);
	queues.set(
		key,
		next.catch(() => undefined),
	);
	return next;
}
