/**
 * Client Info Trigger through n8n-core's HookContext (checkExists / create / delete) and
 * WebhookContext behind a real HTTP listener, with the strict stand-in registering webhooks and
 * delivering events to them over HTTP.
 */
import { WebhookContext } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';

import { ClientInfoOAuth2Api } from '../../credentials/ClientInfoOAuth2Api.credentials';
import { ClientInfoTrigger } from '../../nodes/ClientInfoTrigger/ClientInfoTrigger.node';
import { stopAllCatchUps } from '../../nodes/ClientInfoTrigger/catchUpRun';
import { secretsMatch, urlWithSecret } from '../../nodes/ClientInfoTrigger/webhook';
import type { Delivery, TriggerHarness } from '../helpers/triggerHarness';
import { createTriggerHarness } from '../helpers/triggerHarness';
import type { ClientInfoServer } from './harness';
import { API, credentialData, startServer } from './harness';

let srv: ClientInfoServer;
let harness: TriggerHarness | undefined;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	stopAllCatchUps();
	await harness?.close();
	harness = undefined;
	await srv.stop();
});

async function trigger(events: string[], tokens?: { access_token: string; refresh_token: string }): Promise<TriggerHarness> {
	harness = await createTriggerHarness({
		node: new ClientInfoTrigger(),
		parameters: { events },
		credentials: { clientInfoOAuth2Api: credentialData(srv, tokens) },
		credentialTypes: [new ClientInfoOAuth2Api()],
	});
	return harness;
}

/** POSTs JSON to `url` (the listener) and waits until the trigger has handled it. */
async function postTo(h: TriggerHarness, url: string, body: IDataObject): Promise<Delivery & { httpStatus: number }> {
	const count = h.deliveries.length;
	const response = await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
	await response.text();
	while (h.deliveries.length === count) await new Promise((resolve) => setImmediate(resolve));
	return { ...h.deliveries[h.deliveries.length - 1], httpStatus: response.status };
}

const hooks = () => Object.values(srv.state.webhooks);

describe('webhook lifecycle', () => {
	test('create registers the chosen subscriptions with a secret URL; checkExists sees it; delete removes it', async () => {
		const h = await trigger(['request_completed', 'client_created']);
		expect(await h.hook('checkExists')).toBe(false);
		expect(srv.requests).toHaveLength(0);

		expect(await h.hook('create')).toBe(true);
		expect(hooks()).toHaveLength(1);
		const [hook] = hooks();
		const registered = new URL(hook.url);
		expect(`${registered.origin}${registered.pathname}`).toBe(h.webhookUrl);
		expect(registered.searchParams.get('secret')).toMatch(/^[0-9a-f]{64}$/);
		expect(hook.subscriptions).toEqual(['request_completed', 'client_created']);
		expect(hook.enabled).toBe(true);
		const post = srv.apiRequests().find((request) => request.method === 'POST');
		expect(JSON.parse(post?.body ?? '')).toEqual({ url: hook.url, subscriptions: ['request_completed', 'client_created'], enabled: true });
		expect(h.staticData).toMatchObject({ webhookId: hook.id, secret: registered.searchParams.get('secret') });

		expect(await h.hook('checkExists')).toBe(true);
		expect(srv.apiRequests().pop()).toMatchObject({ method: 'GET', path: `${API}/webhooks/${hook.id}` });

		expect(await h.hook('delete')).toBe(true);
		expect(hooks()).toHaveLength(0);
		expect(srv.apiRequests().pop()).toMatchObject({ method: 'DELETE', path: `${API}/webhooks/${hook.id}` });
		expect(h.staticData.webhookId).toBeUndefined();
		expect(h.staticData.secret).toBeUndefined();
		expect(await h.hook('checkExists')).toBe(false);
	});

	test('every registration gets a new secret', async () => {
		const h = await trigger(['request_completed']);
		await h.hook('create');
		const first = h.staticData.secret;
		await h.hook('delete');
		await h.hook('create');
		expect(h.staticData.secret).not.toBe(first);
		expect(hooks()).toHaveLength(1);
	});

	test('a webhook deleted on the platform: checkExists says no and forgets it, create registers again', async () => {
		const h = await trigger(['request_completed']);
		await h.hook('create');
		srv.state.webhooks = {};
		expect(await h.hook('checkExists')).toBe(false);
		expect(h.staticData.webhookId).toBeUndefined();
		expect(await h.hook('create')).toBe(true);
		expect(hooks()).toHaveLength(1);
	});

	test('changed events: checkExists removes the old webhook, create registers the new set', async () => {
		const h = await trigger(['request_completed']);
		await h.hook('create');
		const oldId = h.staticData.webhookId as string;
		(h.workflow.getNode('Trigger')?.parameters as IDataObject).events = ['request_completed', 'field_approved'];
		expect(await h.hook('checkExists')).toBe(false);
		expect(srv.state.webhooks[oldId]).toBeUndefined();
		await h.hook('create');
		expect(hooks().map((hook) => hook.subscriptions)).toEqual([['request_completed', 'field_approved']]);
	});

	test('create with a stale webhook stored deletes that one first, leaving no orphan', async () => {
		const h = await trigger(['comment_created']);
		await h.hook('create');
		await h.hook('create');
		expect(hooks()).toHaveLength(1);
	});

	test('a platform that cannot show one webhook (405): register again, the old one deleted', async () => {
		const h = await trigger(['comment_created']);
		await h.hook('create');
		srv.failNext({ method: 'GET', path: /^\/partner_api\/v1\/webhooks\//, status: 405, body: { error: 'method_not_allowed' } });
		expect(await h.hook('checkExists')).toBe(false);
		await h.hook('create');
		expect(hooks()).toHaveLength(1);
	});

	test('delete of a webhook that is already gone succeeds', async () => {
		const h = await trigger(['request_completed']);
		await h.hook('create');
		srv.state.webhooks = {};
		expect(await h.hook('delete')).toBe(true);
		expect(h.staticData.webhookId).toBeUndefined();
	});

	test('errors are not swallowed: a missing scope fails the activation with the platform\'s 403', async () => {
		const tokens = srv.issueTokens({ scopes: ['read_clients'] });
		const h = await trigger(['request_completed'], tokens);
		await expect(h.hook('create')).rejects.toMatchObject({ httpCode: '403' });
		expect(h.staticData.webhookId).toBeUndefined();
	});

	test('no events chosen: a clear error before any request', async () => {
		const h = await trigger([]);
		await expect(h.hook('create')).rejects.toThrow('Choose at least one value for Events');
		expect(srv.requests).toHaveLength(0);
	});

	test('an expired token during activation is refreshed like in the action node', async () => {
		const h = await trigger(['request_completed'], srv.issueTokens({ expired: true }));
		expect(await h.hook('create')).toBe(true);
		expect(srv.stats.tokenRequests).toHaveLength(1);
		expect(hooks()).toHaveLength(1);
	});
});

describe('deliveries and the secret check', () => {
	test('an event delivered by the platform starts the workflow with its payload', async () => {
		const h = await trigger(['request_completed', 'field_approved']);
		await h.hook('create');
		const [result] = await srv.deliver('request_completed', { request: { id: 'r1', name: 'Tax 2025', status: 'completed' } });
		expect(result.status).toBe(200);
		const delivery = h.deliveries[h.deliveries.length - 1];
		expect(delivery.items).toHaveLength(1);
		expect(delivery.items?.[0].json).toMatchObject({ event: 'request_completed', data: { request: { id: 'r1', status: 'completed' } } });
		expect(JSON.stringify(delivery.items)).not.toContain(String(h.staticData.secret));
	});

	test('events not subscribed are not delivered by the platform', async () => {
		const h = await trigger(['request_completed']);
		await h.hook('create');
		expect(await srv.deliver('client_created', { client: { id: 'c1' } })).toEqual([]);
		expect(h.deliveries).toHaveLength(0);
	});

	test('without the secret: 401 and no workflow run', async () => {
		const h = await trigger(['request_completed']);
		await h.hook('create');
		const delivery = await postTo(h, h.webhookUrl, { event: 'request_completed', data: {} });
		expect(delivery.httpStatus).toBe(401);
		expect(delivery.items).toBeUndefined();
	});

	test('with a wrong secret (same length, or longer): 401 and no workflow run', async () => {
		const h = await trigger(['request_completed']);
		await h.hook('create');
		const secret = String(h.staticData.secret);
		const wrong = `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`;
		for (const candidate of [wrong, `${secret}0`, secret.slice(0, 32)]) {
			const delivery = await postTo(h, urlWithSecret(h.webhookUrl, candidate), { event: 'request_completed', data: {} });
			expect(delivery.httpStatus).toBe(401);
			expect(delivery.items).toBeUndefined();
		}
	});

	test('before activation (no secret stored) every call is refused', async () => {
		const h = await trigger(['request_completed']);
		const delivery = await postTo(h, urlWithSecret(h.webhookUrl, ''), { event: 'request_completed' });
		expect(delivery.httpStatus).toBe(401);
	});

	test('with the secret but an event not chosen: answered, no run', async () => {
		const h = await trigger(['request_completed']);
		await h.hook('create');
		const delivery = await postTo(h, urlWithSecret(h.webhookUrl, String(h.staticData.secret)), { event: 'comment_created', data: {} });
		expect(delivery.httpStatus).toBe(200);
		expect(delivery.items).toBeUndefined();
		expect(delivery.body).toEqual({ received: true, ignored: 'comment_created' });
	});

	test('a call reads no node parameter: activation stored the events (an older activation reads them once)', async () => {
		const h = await trigger(['request_completed']);
		await h.hook('create');
		expect(h.staticData.events).toEqual(['request_completed']);
		const url = urlWithSecret(h.webhookUrl, String(h.staticData.secret));
		const reads = jest.spyOn(WebhookContext.prototype, 'getNodeParameter');
		try {
			await postTo(h, url, { event: 'request_completed', data: { id: 'r1' } });
			await postTo(h, url, { event: 'comment_created', data: {} });
			expect(reads).not.toHaveBeenCalled();
			delete h.staticData.events;
			const first = await postTo(h, url, { event: 'request_completed', data: { id: 'r2' } });
			expect(first.items).toHaveLength(1);
			expect(reads.mock.calls.map(([name]) => name)).toEqual(['events']);
			expect(h.staticData.events).toEqual(['request_completed']);
		} finally {
			reads.mockRestore();
		}
	});

	test('secretsMatch compares in constant time over digests and refuses empty values', () => {
		expect(secretsMatch('abc', 'abc')).toBe(true);
		expect(secretsMatch('abc', 'abd')).toBe(false);
		expect(secretsMatch('abc', 'abcd')).toBe(false);
		expect(secretsMatch('', '')).toBe(false);
		expect(secretsMatch(undefined, 'abc')).toBe(false);
		expect(secretsMatch('abc', undefined)).toBe(false);
	});
});
