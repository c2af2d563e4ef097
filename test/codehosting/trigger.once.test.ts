/**
 * Each delivery GUID runs the workflow once across n8n processes (nodes/CodeHostingTrigger/once.ts):
 * the trigger's execute() records the GUID in n8n's processed-data store and hands on nothing for
 * a GUID that ran before. A pure-logic test: the store is a stand-in that behaves like n8n's
 * (DeduplicationHelper.checkProcessedAndRecord, mode "entries": it reads the whole list, then
 * writes it back, with awaits between), and the execute context is a plain object.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ProcessedStore } from '../helpers/processedStore';
import { processedStore } from '../helpers/processedStore';

import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import { PROCESSED_GUIDS_KEPT } from '../../nodes/CodeHostingTrigger/once';

type Store = ProcessedStore;

// once.ts remembers per process (module) and trigger the GUIDs it recorded last: each test is a
// workflow of its own
let workflowId = 0;
beforeEach(() => {
	workflowId++;
});

function context(guid: string | undefined, store: Partial<Store> | undefined, options: { mode?: string; recover?: boolean } = {}) {
	const logs: Array<[string, string]> = [];
	const items: INodeExecutionData[] = guid === undefined ? [{ json: { event: 'newIssue' } }] : [{ json: { event: 'newIssue', deliveryId: guid } }];
	const ctx = {
		getInputData: () => items,
		getMode: () => options.mode ?? 'webhook',
		getNodeParameter: (name: string, _index: number, fallback: unknown) => (name === 'recoverMissedDeliveries' ? (options.recover ?? fallback) : fallback),
		getNode: () => ({ id: 'node-1', name: 'Code Hosting Trigger' }),
		getWorkflow: () => ({ id: `wf-${workflowId}` }),
		helpers: store ? { checkProcessedAndRecord: store.checkProcessedAndRecord } : {},
		logger: { info: (m: string) => logs.push(['info', m]), warn: (m: string) => logs.push(['warn', m]), debug: () => {}, error: () => {} },
	};
	return { ctx: ctx as unknown as IExecuteFunctions, items, logs };
}

const execute = (ctx: IExecuteFunctions) => new CodeHostingTrigger().execute.call(ctx);

test('a GUID runs once: the first execution hands its items on, a later one with the same GUID hands on nothing (the workflow stops at the trigger)', async () => {
	const store = processedStore();
	const first = context('guid-1', store);
	expect(await execute(first.ctx)).toEqual([first.items]);
	const again = context('guid-1', store);
	expect(await execute(again.ctx)).toEqual([[]]);
	expect(again.logs).toEqual([['info', 'Code Hosting Trigger "Code Hosting Trigger": delivery guid-1 ran this workflow before; this execution stops here']]);
	const other = context('guid-2', store);
	expect(await execute(other.ctx)).toEqual([other.items]);
	expect(store.calls.map((call) => call.options)).toEqual(Array(3).fill({ mode: 'entries', maxEntries: PROCESSED_GUIDS_KEPT }));
	expect(store.calls.every((call) => call.scope === 'node')).toBe(true);
});

test('records of one process are made one after another: 20 different GUIDs at once are all kept (n8n\'s store reads, then writes the whole list)', async () => {
	const store = processedStore();
	const runs = Array.from({ length: 20 }, (_, i) => context(`guid-${i}`, store));
	const outputs = await Promise.all(runs.map((run) => execute(run.ctx)));
	expect(outputs.map((output) => output[0].length)).toEqual(Array(20).fill(1));
	expect([...(store.lists.get('node') ?? [])].sort()).toEqual(runs.map((_, i) => `guid-${i}`).sort());
	// and each of them, repeated at once, stops
	const repeats = await Promise.all(runs.map((_, i) => execute(context(`guid-${i}`, store).ctx)));
	expect(repeats.map((output) => output[0].length)).toEqual(Array(20).fill(0));
});

test('the editor\'s test events, Recover Missed Deliveries off and items without a GUID are handed on without a record', async () => {
	const store = processedStore();
	for (const run of [context('guid-1', store, { mode: 'manual' }), context('guid-1', store, { mode: 'manual' }), context('guid-1', store, { recover: false }), context(undefined, store)]) {
		expect(await execute(run.ctx)).toEqual([run.items]);
	}
	expect(store.calls).toEqual([]);
});

test('two processes making the trigger\'s first record at once: the one whose insert fails on the row\'s key tries again, finds the GUID and stops', async () => {
	// n8n's first record inserts the row (workflowId, context); the other process's insert of the
	// same row, with the same GUID, landed between this one's read and its insert
	const lists = new Map<string, string[]>();
	let calls = 0;
	const store = {
		async checkProcessedAndRecord(items: string[], scope: string) {
			calls++;
			const existing = lists.get(scope);
			await new Promise((resolve) => setImmediate(resolve));
			if (!existing) {
				if (calls === 1) {
					lists.set(scope, [...items]);
					throw new Error('duplicate key value violates unique constraint "PK_ca04b9d8dc72de268fe07a65773"');
				}
				lists.set(scope, [...items]);
				return { new: items, processed: [] };
			}
			const processed = items.filter((item) => existing.includes(item));
			return { new: items.filter((item) => !existing.includes(item)), processed };
		},
	};
	const run = context('guid-1', store as unknown as Store);
	expect(await execute(run.ctx)).toEqual([[]]);
	expect(calls).toBe(2);
	expect(run.logs).toEqual([['info', 'Code Hosting Trigger "Code Hosting Trigger": delivery guid-1 ran this workflow before; this execution stops here']]);
	// a different GUID in that race: the second try records it and it runs
	lists.clear();
	calls = 0;
	const otherStore = {
		async checkProcessedAndRecord(items: string[], scope: string) {
			calls++;
			if (calls === 1) {
				lists.set(scope, ['guid-of-the-other-process']);
				throw new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: processed_data.workflowId, processed_data.context');
			}
			const existing = lists.get(scope) ?? [];
			const processed = items.filter((item) => existing.includes(item));
			lists.set(scope, [...existing, ...items.filter((item) => !existing.includes(item))]);
			return { new: items.filter((item) => !existing.includes(item)), processed };
		},
	};
	const other = context('guid-2', otherStore as unknown as Store);
	expect(await execute(other.ctx)).toEqual([other.items]);
	expect(calls).toBe(2);
	expect(lists.get('node')).toEqual(['guid-of-the-other-process', 'guid-2']);
	expect(other.logs).toEqual([]);
});

test('when n8n\'s store cannot be used the delivery runs (a warning says why): an event is never lost', async () => {
	let tries = 0;
	const broken = {
		checkProcessedAndRecord: async () => {
			tries++;
			return Promise.reject(new Error('SQLITE_BUSY: database is locked'));
		},
	};
	const run = context('guid-1', broken as unknown as Store);
	expect(await execute(run.ctx)).toEqual([run.items]);
	expect(tries).toBe(2);
	expect(run.logs).toEqual([['warn', 'Code Hosting Trigger "Code Hosting Trigger": could not check delivery guid-1 against n8n\'s processed-data store: SQLITE_BUSY: database is locked. It runs.']]);
	// an n8n without the store (no helper): handed on
	const without = context('guid-1', undefined);
	expect(await execute(without.ctx)).toEqual([without.items]);
});

test('two workers recording different GUIDs at the same moment: the write that lost the other\'s GUID is mended by that worker\'s next record, and a repeat of the lost GUID then stops', async () => {
	// two n8n processes: two copies of the module, each with its own memory of what it recorded
	type RunOnce = typeof import('../../nodes/CodeHostingTrigger/once').runDeliveryOnce;
	const workers: RunOnce[] = [];
	for (let i = 0; i < 2; i++) {
		jest.isolateModules(() => {
			workers.push((require('../../nodes/CodeHostingTrigger/once') as { runDeliveryOnce: RunOnce }).runDeliveryOnce);
		});
	}
	const [a, b] = workers;
	const store = processedStore();
	store.lists.set('node', ['guid-older']);
	// both read the list before either writes (n8n's store: read, then write the whole list back)
	const first = context('guid-a', store);
	const second = context('guid-b', store);
	const outputs = await Promise.all([a.call(first.ctx), b.call(second.ctx)]);
	expect(outputs).toEqual([[first.items], [second.items]]);
	expect(store.lists.get('node')).toEqual(['guid-older', 'guid-b']); // guid-a's record was lost
	// worker a's next delivery writes guid-a again, and says so
	const next = context('guid-c', store);
	expect(await a.call(next.ctx)).toEqual([next.items]);
	expect(store.calls.at(-1)?.items).toEqual(['guid-c', 'guid-a']);
	expect(store.lists.get('node')).toEqual(['guid-older', 'guid-b', 'guid-c', 'guid-a']);
	expect(next.logs).toEqual([['info', 'Code Hosting Trigger "Code Hosting Trigger": 1 delivery record(s) of this process were lost to another process\'s write at the same moment; recorded again: guid-a']]);
	// guid-a redelivered to worker b: it ran before, the execution stops at the trigger
	const repeat = context('guid-a', store);
	expect(await b.call(repeat.ctx)).toEqual([[]]);
	// a worker sends at most RECORDED_HERE_KEPT of its earlier GUIDs, newest kept
	const { RECORDED_HERE_KEPT } = await import('../../nodes/CodeHostingTrigger/once');
	for (let i = 0; i < RECORDED_HERE_KEPT + 5; i++) await a.call(context(`guid-many-${i}`, store).ctx);
	const last = store.calls.at(-1)?.items ?? [];
	expect(last).toHaveLength(RECORDED_HERE_KEPT + 1);
	expect(last[0]).toBe(`guid-many-${RECORDED_HERE_KEPT + 4}`);
	expect(last.at(-1)).toBe(`guid-many-${RECORDED_HERE_KEPT + 3}`);
	expect(last).not.toContain('guid-a');
});
