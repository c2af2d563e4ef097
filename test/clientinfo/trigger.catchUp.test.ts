/**
 * Catch-up of the Client Info Trigger (nodes/ClientInfoTrigger/catchUpRun.ts) through n8n-core's
 * HookContext and WebhookContext behind a real HTTP listener, against the strict stand-in: what
 * changed while n8n was down, or while a delivery failed, starts the workflow once, marked
 * `recovered: true`, with no delivery needed; the platform's copy of such a change starts nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import { ClientInfoOAuth2Api } from '../../credentials/ClientInfoOAuth2Api.credentials';
import { ClientInfoTrigger } from '../../nodes/ClientInfoTrigger/ClientInfoTrigger.node';
import { catchUpRuns, stopAllCatchUps } from '../../nodes/ClientInfoTrigger/catchUpRun';
import type { TriggerHarness } from '../helpers/triggerHarness';
import { createTriggerHarness } from '../helpers/triggerHarness';
import type { ClientInfoServer } from './harness';
import { API, credentialData, startServer } from './harness';
import { until, UNTIL_TEST_TIMEOUT_MS } from '../helpers/until';

let srv: ClientInfoServer;
let harness: TriggerHarness | undefined;
jest.setTimeout(UNTIL_TEST_TIMEOUT_MS);
/** Minutes: 0.02 is 1.2 s. */
const SHORT = 0.02;

beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	stopAllCatchUps();
	await harness?.close();
	harness = undefined;
	await srv.stop();
});

async function trigger(events: string[], catchUpInterval?: number): Promise<TriggerHarness> {
	harness = await createTriggerHarness({
		node: new ClientInfoTrigger(),
		parameters: { events, options: catchUpInterval === undefined ? {} : { catchUpInterval } },
		credentials: { clientInfoOAuth2Api: credentialData(srv) },
		credentialTypes: [new ClientInfoOAuth2Api()],
	});
	const warnings: string[] = [];
	const errors: string[] = [];
	const infos: string[] = [];
	harness.logger.warn = (message: string) => warnings.push(message);
	harness.logger.error = (message: string) => errors.push(message);
	harness.logger.info = (message: string) => infos.push(message);
	Object.assign(harness, { warnings, errors, infos });
	return harness;
}

/** What each started execution was about: [event, request or client id, recovered]. */
function started(h: TriggerHarness): Array<[string, string, boolean]> {
	return h.deliveries
		.filter((delivery) => delivery.items)
		.map((delivery) => {
			const json = delivery.items![0].json;
			const data = json.data as IDataObject;
			const subject = (data.request ?? data.client) as IDataObject;
			return [String(json.event), String(subject.id), json.recovered === true];
		});
}

const listReads = () => srv.apiRequests().filter((request) => request.method === 'GET' && /\/(requests|clients)$/.test(request.path));

describe('catch-up', () => {
	test('10 status changes while n8n is down: 10 executions after the start, each once, recovered; then a live 11th: 1 more', async () => {
		const h = await trigger(['request_completed'], SHORT);
		const ids = srv.addRequests(11);
		expect(await h.hook('create')).toBe(true);
		expect(listReads()).toHaveLength(1);
		expect(Object.keys((h.staticData.catchUp as IDataObject).requests as IDataObject)).toHaveLength(11);

		// n8n stops: its memory is gone, the platform's deliveries fail
		stopAllCatchUps();
		await h.pause();
		for (const id of ids.slice(0, 10)) expect((await srv.setRequestStatus(id, 'completed'))[0].status).toBe(0);
		await h.resume();
		expect(await h.hook('checkExists', 'init')).toBe(true);
		await until('10 recovered executions', () => started(h).length >= 10);
		await h.settle();
		expect(started(h).sort()).toEqual(ids.slice(0, 10).map((id) => ['request_completed', id, true]).sort());

		const [live] = await srv.setRequestStatus(ids[10], 'completed');
		expect(live.status).toBe(200);
		const reads = listReads().length;
		await until('two more passes', () => listReads().length >= reads + 2);
		await h.settle();
		expect(started(h)).toHaveLength(11);
		expect(started(h)[10]).toEqual(['request_completed', ids[10], false]);
	});

	const checkpoints = (h: TriggerHarness) => h.deliveries.filter((delivery) => (delivery.body as IDataObject | undefined)?.checkpoint === true);

	test('after every pass the state is saved through the webhook URL: a checkpoint call that starts nothing (n8n >= 2.38 saves no static data of a call that starts an execution)', async () => {
		const h = await trigger(['request_completed'], SHORT);
		const ids = srv.addRequests(2);
		await h.hook('create');
		h.staticData.catchUp = { requests: {}, clients: {}, at: '' }; // what a lost save leaves behind
		await until('a checkpoint after a pass', () => checkpoints(h).length >= 1);
		expect(listReads().length).toBeGreaterThanOrEqual(2);
		expect(checkpoints(h).every((delivery) => delivery.items === undefined)).toBe(true);
		expect(started(h)).toEqual([]);
		expect(Object.keys((h.staticData.catchUp as IDataObject).requests as IDataObject).sort()).toEqual([...ids].sort());
	});

	test('a delivery that changed the state is followed by a checkpoint within seconds, not at the next pass; a checkpoint without the secret is refused', async () => {
		const h = await trigger(['request_completed'], 1);
		const ids = srv.addRequests(2);
		await h.hook('create');
		const reads = listReads().length;
		h.staticData.catchUp = { requests: {}, clients: {}, at: '' }; // what a lost save leaves behind
		expect((await srv.setRequestStatus(ids[0], 'completed'))[0].status).toBe(200);
		await until('a checkpoint after the delivery', () => checkpoints(h).length >= 1);
		expect(listReads().length).toBe(reads); // no pass ran (the interval is a minute)
		const saved = h.staticData.catchUp as IDataObject;
		expect(saved.requests).toEqual({ [ids[0]]: { s: 'completed' }, [ids[1]]: { s: 'published' } });
		expect(started(h)).toEqual([['request_completed', ids[0], false]]);
		const refused = await fetch(h.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ catchUpCheckpoint: { requests: {}, clients: {}, at: '' } }) });
		expect(refused.status).toBe(401);
		expect((h.staticData.catchUp as IDataObject).requests).toEqual(saved.requests);
	});

	test('a delivery n8n answered 503 while it ran is emitted within one interval, with no delivery after it', async () => {
		const h = await trigger(['request_published', 'client_created'], SHORT);
		const [id] = srv.addRequests(1, { status: 'draft' });
		await h.hook('create');
		h.answerWith(503);
		expect((await srv.setRequestStatus(id, 'published'))[0].status).toBe(503);
		h.answerWith(undefined);
		await until('the recovered execution', () => started(h).length === 1);
		expect(started(h)).toEqual([['request_published', id, true]]);
		const item = h.deliveries.find((delivery) => delivery.items)!.items![0].json;
		expect(item).toMatchObject({ event: 'request_published', recovered: true, data: { request: { id, status: 'published', name: 'Bulk request 0' } } });
		expect(JSON.stringify(item)).not.toContain(String(h.staticData.secret));
	});

	test('the platform\'s copy of a change catch-up already sent starts nothing; a later change does', async () => {
		const h = await trigger(['request_completed', 'request_archived'], SHORT);
		const [id] = srv.addRequests(1);
		await h.hook('create');
		srv.state.requests[id].status = 'completed'; // changed with no delivery (yet)
		await until('the recovered execution', () => started(h).length === 1);
		const [late] = await srv.deliver('request_completed', { request: { ...srv.state.requests[id] } });
		expect(JSON.parse(late.body ?? '{}')).toEqual({ received: true, duplicate: 'request_completed' });
		await srv.setRequestStatus(id, 'archived');
		await h.settle();
		expect(started(h)).toEqual([
			['request_completed', id, true],
			['request_archived', id, false],
		]);
		const reads = listReads().length;
		await until('another pass', () => listReads().length > reads);
		expect(started(h)).toHaveLength(2);
	});

	test('what the workflow does not listen to is never emitted; new requests and clients are', async () => {
		const h = await trigger(['request_created', 'client_created'], SHORT);
		const [old] = srv.addRequests(1);
		await h.hook('create');
		await srv.setRequestStatus(old, 'completed'); // not subscribed, not delivered
		const [fresh] = srv.addRequests(1, { prefix: 'New' });
		const [newClient] = srv.addClients(1);
		await until('two recovered executions', () => started(h).length === 2);
		const reads = listReads().length;
		await until('another pass', () => listReads().length > reads);
		expect(started(h)).toEqual([
			['request_created', fresh, true],
			['client_created', newClient, true],
		]);
	});

	test('lists that cannot be read are a warning and emit nothing; the next pass emits the change', async () => {
		const h = (await trigger(['request_completed'], SHORT)) as TriggerHarness & { warnings: string[] };
		const [id] = srv.addRequests(1);
		await h.hook('create');
		srv.failNext({ method: 'GET', path: `${API}/requests`, status: 403, body: { error: 'forbidden' } });
		srv.state.requests[id].status = 'completed';
		await until('the warning', () => h.warnings.some((warning) => warning.includes("catch-up could not read the platform's lists")));
		expect(started(h)).toEqual([]);
		await until('the recovered execution', () => started(h).length === 1);
		expect(started(h)).toEqual([['request_completed', id, true]]);
	});

	test('a send n8n refuses is sent again by a later pass, once', async () => {
		const h = (await trigger(['request_completed'], SHORT)) as TriggerHarness & { errors: string[] };
		const [a, b] = srv.addRequests(2);
		await h.hook('create');
		h.answerWith(503);
		await srv.setRequestStatus(a, 'completed');
		await srv.setRequestStatus(b, 'completed');
		await until('a refused send', () => h.errors.some((error) => /sending request_completed of request/.test(error)));
		h.answerWith(undefined);
		await until('two recovered executions', () => started(h).length === 2);
		const reads = listReads().length;
		await until('another pass', () => listReads().length > reads);
		expect(started(h).sort()).toEqual([a, b].map((id) => ['request_completed', id, true]).sort());
	});

	test('n8n cannot reach its own webhook URL (an authenticating proxy answers 403): the first failed checkpoint is an error naming WEBHOOK_URL and what stops working, then warnings; working again is said once', async () => {
		const h = (await trigger(['request_completed'], SHORT)) as TriggerHarness & { warnings: string[]; errors: string[]; infos: string[] };
		srv.addRequests(1);
		await h.hook('create');
		const [registered] = Object.values(srv.state.webhooks as Record<string, IDataObject>);
		h.answerWith(403);
		await until('an error about the checkpoint', () => h.errors.length >= 1);
		const [error] = h.errors;
		expect(error).toContain('WEBHOOK_URL');
		expect(error).toContain('saving the catch-up state');
		expect(error).toContain('not caught up');
		expect(error).toContain('Recovery Interval to 0');
		expect(error).toContain(h.webhookUrl);
		const registeredSecret = new URL(String(registered.url)).searchParams.get('secret') as string;
		expect(registeredSecret).toMatch(/^[0-9a-f]{64}$/);
		expect(error).not.toContain(registeredSecret);
		// later failures: warnings, no second error
		await until('a second failed checkpoint', () => h.warnings.some((warning) => warning.includes('saving the catch-up state through the webhook URL failed again')));
		expect(h.errors).toHaveLength(1);
		h.answerWith(undefined);
		await until('working again', () => h.infos.some((info) => info.includes('reaches its own webhook URL again')));
		expect(h.errors).toHaveLength(1);
	});

	test('a refused connection to the webhook URL (n8n not listening there) is the same error', async () => {
		const h = (await trigger(['request_completed'], SHORT)) as TriggerHarness & { errors: string[] };
		srv.addRequests(1);
		await h.hook('create');
		await h.pause();
		await until('an error about the checkpoint', () => h.errors.length >= 1);
		await h.resume();
		expect(h.errors[0]).toMatch(/could not reach its own webhook URL .*WEBHOOK_URL/);
	});

	test('interval 0: no list read, nothing kept; deactivation stops the passes and forgets', async () => {
		const off = await trigger(['request_completed'], 0);
		await off.hook('create');
		expect(listReads()).toHaveLength(0);
		expect(off.staticData.catchUp).toBeUndefined();
		await off.close();

		const h = await trigger(['request_completed'], SHORT);
		await h.hook('create');
		const webhookId = String(h.staticData.webhookId);
		const ctx = { getNode: () => h.workflow.getNode('Trigger'), getWorkflow: () => h.workflow } as unknown as Parameters<typeof catchUpRuns>[0];
		expect(h.staticData.catchUp).toBeDefined();
		expect(catchUpRuns(ctx, webhookId)).toBe(true);
		await h.hook('delete');
		expect(h.staticData.catchUp).toBeUndefined();
		expect(catchUpRuns(ctx, webhookId)).toBe(false);
	});

	test('default: every 5 minutes, with the lists read at activation', async () => {
		const h = await trigger(['request_completed']);
		await h.hook('create');
		expect(listReads().map((request) => request.query)).toEqual([{ sort_by: 'created_at', sort_direction: 'asc', limit: '200', offset: '0' }]);
		expect(h.staticData.catchUp).toMatchObject({ requests: {}, clients: {} });
	});

	test('in a process that runs no pass (an `n8n webhook` process): the catch-up\'s call is marked recovered, the platform\'s delivery is not (issue 50)', async () => {
		const h = await trigger(['request_published', 'request_completed'], SHORT);
		const [sent, live] = srv.addRequests(2, { status: 'draft' });
		await h.hook('create');
		// this process runs no pass: the calls come as they would to a webhook process behind a load balancer
		stopAllCatchUps();
		const url = Object.values(srv.state.webhooks)[0].url;
		const record = { ...srv.state.requests[sent], status: 'published' };
		const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'request_published', triggered_at: new Date().toISOString(), recovered: true, data: { request: record } }) });
		expect(answer.status).toBe(200);
		expect((await srv.setRequestStatus(live, 'completed'))[0].status).toBe(200);
		await until('both executions', () => started(h).length === 2);
		expect(started(h)).toEqual([
			['request_published', sent, true],
			['request_completed', live, false],
		]);
		const liveItem = h.deliveries.filter((delivery) => delivery.items)[1].items![0].json;
		expect(liveItem.recovered).toBeUndefined();
	});
});
