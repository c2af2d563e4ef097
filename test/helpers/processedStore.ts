import type { IDataObject } from 'n8n-workflow';

/**
 * n8n's processed-data store as it works (DeduplicationHelper, mode "entries"): a record reads the
 * node's whole list, then (after an await) writes it back with the new entries; a removal the same.
 * For the triggers' once.ts tests; `calls` lists each call, `lists` the stored list per scope.
 */
export function processedStore() {
	const lists = new Map<string, string[]>();
	const calls: Array<{ op: 'record' | 'remove'; items: string[]; scope: string; options: IDataObject }> = [];
	const tick = async () => await new Promise((resolve) => process.nextTick(resolve));
	return {
		calls,
		lists,
		async checkProcessedAndRecord(items: string[], scope: string, options: IDataObject) {
			calls.push({ op: 'record', items, scope, options });
			await tick();
			const list = [...(lists.get(scope) ?? [])];
			await tick();
			const result = { new: [] as string[], processed: [] as string[] };
			for (const item of items) {
				if (list.includes(item)) result.processed.push(item);
				else {
					result.new.push(item);
					list.push(item);
				}
			}
			const max = Number(options.maxEntries ?? 0);
			lists.set(scope, max > 0 ? list.slice(-max) : list);
			return result;
		},
		async removeProcessed(items: string[], scope: string, options: IDataObject) {
			calls.push({ op: 'remove', items, scope, options });
			await tick();
			const list = lists.get(scope) ?? [];
			await tick();
			lists.set(scope, list.filter((item) => !items.includes(item)));
		},
	};
}

export type ProcessedStore = ReturnType<typeof processedStore>;
