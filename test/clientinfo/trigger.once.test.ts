/**
 * Each change runs the Client Info Trigger's workflow once across n8n processes
 * (nodes/ClientInfoTrigger/once.ts): the trigger's execute() records each change it hands on in
 * n8n's processed-data store and hands on nothing for a change that ran before. With `n8n webhook`
 * processes, the platform's delivery reaches a webhook process while the catch-up pass runs in the
 * main, which may send the same change again (`recovered: true`). A pure-logic test: the store is a
 * stand-in that behaves like n8n's (DeduplicationHelper, mode "entries": read the whole list, then
 * write it back, with awaits between), the execute context a plain object.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ProcessedStore } from '../helpers/processedStore';
import { processedStore } from '../helpers/processedStore';

import { ClientInfoTrigger } from '../../nodes/ClientInfoTrigger/ClientInfoTrigger.node';
import { PROCESSED_CHANGES_KEPT, changeOf } from '../../nodes/ClientInfoTrigger/once';

type Store = ProcessedStore;

const completed = (id: string, extra: IDataObject = {}) => ({ event: 'request_completed', data: { request: { id, status: 'completed' } }, ...extra });
const published = (id: string) => ({ event: 'request_published', data: { request: { id, status: 'published' } } });

function context(bodies: IDataObject[], store: Partial<Store> | undefined, options: { mode?: string; catchUpInterval?: number } = {}) {
	const logs: Array<[string, string]> = [];
	const items: INodeExecutionData[] = bodies.map((json) => ({ json }));
	const ctx = {
		getInputData: () => items,
		getMode: () => options.mode ?? 'webhook',
		getNodeParameter: (name: string, _index: number, fallback: unknown) =>
			name === 'options' ? (options.catchUpInterval === undefined ? {} : { catchUpInterval: options.catchUpInterval }) : fallback,
		getNode: () => ({ id: 'node-ci', name: 'Client Info Trigger' }),
		getWorkflow: () => ({ id: 'wf-ci' }),
		helpers: store ? { checkProcessedAndRecord: store.checkProcessedAndRecord, removeProcessed: store.removeProcessed } : {},
		logger: { info: (m: string) => logs.push(['info', m]), warn: (m: string) => logs.push(['warn', m]), debug: () => {}, error: () => {} },
	};
	return { ctx: ctx as unknown as IExecuteFunctions, items, logs };
}

const execute = async (ctx: IExecuteFunctions) => await new ClientInfoTrigger().execute.call(ctx);

test('a change delivered live at one process and sent again by a catch-up pass at another runs once: the second execution hands on nothing', async () => {
	const store = processedStore();
	const live = context([completed('r-1')], store);
	expect(await execute(live.ctx)).toEqual([live.items]);
	const recovered = context([completed('r-1', { recovered: true, triggered_at: '2026-11-28T16:00:00Z' })], store);
	expect(await execute(recovered.ctx)).toEqual([[]]);
	expect(recovered.logs).toEqual([['info', 'Client Info Trigger "Client Info Trigger": request:r-1:completed ran this workflow before; not handed on']]);
	// and the other way round: the pass first, the platform's late copy after it
	const first = context([completed('r-2', { recovered: true })], store);
	expect(await execute(first.ctx)).toEqual([first.items]);
	expect(await execute(context([completed('r-2')], store).ctx)).toEqual([[]]);
	expect(store.calls.filter((call) => call.op === 'record').map((call) => call.options)).toEqual(Array(4).fill({ mode: 'entries', maxEntries: PROCESSED_CHANGES_KEPT }));
});

test('a request that comes back to a status runs again: completed, reopened (published), completed again → three runs, and each repeat stops', async () => {
	const store = processedStore();
	const runs = [completed('r-1'), published('r-1'), completed('r-1')];
	for (const body of runs) {
		const run = context([body], store);
		expect(await execute(run.ctx)).toEqual([run.items]);
		expect(await execute(context([{ ...body, recovered: true }], store).ctx)).toEqual([[]]);
	}
	expect(store.lists.get('node')).toEqual(['request:r-1:completed']);
	expect(store.calls.filter((call) => call.op === 'remove').map((call) => call.items)).toEqual([
		['request:r-1:published', 'request:r-1:archived'],
		['request:r-1:completed', 'request:r-1:archived'],
		['request:r-1:published', 'request:r-1:archived'],
	]);
});

test('what a change is: created, a status; events a list cannot show and items without a subject are not changes', () => {
	expect(changeOf({ event: 'request_created', data: { request: { id: 7 } } })).toEqual({ key: 'request:7:created', stale: [] });
	expect(changeOf({ event: 'client_created', data: { client: { id: 'c-1' } } })).toEqual({ key: 'client:c-1:created', stale: [] });
	expect(changeOf({ event_type: 'request_archived', data: { request_id: 'r-9' } })).toEqual({ key: 'request:r-9:archived', stale: ['request:r-9:published', 'request:r-9:completed'] });
	for (const json of [
		{ event: 'request_viewed', data: { request: { id: 'r-1' } } },
		{ event: 'comment_created', data: { request: { id: 'r-1' } } },
		{ event: 'request_completed', data: {} },
		{ event: 'request_completed' },
		{ data: { request: { id: 'r-1' } } },
	]) {
		expect(changeOf(json as IDataObject)).toBeUndefined();
	}
});

test('one call with several items: a change that ran before is left out, the others are handed on, and items that are not changes pass unrecorded', async () => {
	const store = processedStore();
	await execute(context([completed('r-1')], store).ctx);
	const viewed = { event: 'request_viewed', data: { request: { id: 'r-1' } } };
	const run = context([completed('r-1'), completed('r-2'), viewed], store);
	const [output] = await execute(run.ctx);
	expect(output.map((item) => item.json)).toEqual([completed('r-2'), viewed]);
	expect(store.lists.get('node')).toEqual(['request:r-1:completed', 'request:r-2:completed']);
});

test("the editor's test events and catch-up turned off (Recovery Interval 0) are handed on without a record", async () => {
	const store = processedStore();
	for (const run of [context([completed('r-1')], store, { mode: 'manual' }), context([completed('r-1')], store, { mode: 'manual' }), context([completed('r-1')], store, { catchUpInterval: 0 }), context([completed('r-1')], store, { catchUpInterval: 0 })]) {
		expect(await execute(run.ctx)).toEqual([run.items]);
	}
	expect(store.calls).toEqual([]);
	// the default interval (5 minutes) and any other positive one record
	expect(await execute(context([completed('r-1')], store, { catchUpInterval: 0.25 }).ctx)).toHaveLength(1);
	expect(store.calls).toHaveLength(2);
});

test("when n8n's store cannot be used the change runs after a second try (a warning says why); an n8n without the store hands everything on", async () => {
	let tries = 0;
	const broken = {
		checkProcessedAndRecord: async () => {
			tries++;
			return await Promise.reject(new Error('SQLITE_BUSY: database is locked'));
		},
	};
	const run = context([completed('r-1')], broken as unknown as Store);
	expect(await execute(run.ctx)).toEqual([run.items]);
	expect(tries).toBe(2);
	expect(run.logs).toEqual([['warn', 'Client Info Trigger "Client Info Trigger": could not check request:r-1:completed against n8n\'s processed-data store: SQLITE_BUSY: database is locked. It runs.']]);
	const without = context([completed('r-1')], undefined);
	expect(await execute(without.ctx)).toEqual([without.items]);
});
