/**
 * The delivery log of a webhook: every attempt with its outcome (a refused connection is a failed
 * 502), GET …/deliveries newest first with cursor paging and the status filter, GET one delivery,
 * POST …/attempts redelivering the same GUID and body, the 3-day retention, one GUID per event
 * across hooks; response bodies validated against the OpenAPI description.
 */
import http from 'http';
import type { AddressInfo } from 'net';

import type { CodeHostingServer } from '../servers/codehosting/server';
import { call, links, startReceiver, startServer } from './harness';

let srv: CodeHostingServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
	srv = await startServer();
	receiver = await startReceiver();
});
afterEach(async () => {
	expect(srv.responseProblems).toEqual([]);
	await srv.stop();
	await receiver.close();
});

/** A loopback URL where nothing listens (connection refused). */
async function closedUrl(): Promise<string> {
	const server = http.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}/hook`;
}

async function createHook(url: string, path = '/repos/octo-user/hello-world/hooks', events = ['issues']) {
	const answer = await call(srv, 'POST', path, { body: { name: 'web', active: true, events, config: { url, content_type: 'json', secret: 's' } } });
	expect(answer.status).toBe(201);
	await srv.settle();
	return answer.json as { id: number };
}

const deliveriesPath = (id: number, base = '/repos/octo-user/hello-world/hooks') => `${base}/${id}/deliveries`;

test('each attempt is logged with its outcome: 200 delivered, 500 answered, refused connection → 502 "failed to connect"', async () => {
	const ok = await createHook(receiver.url);
	await srv.deliver(ok.id, 'issues', undefined, { action: 'opened' });
	const failing = await startReceiver(500);
	const five = await createHook(failing.url);
	await srv.deliver(five.id, 'issues', undefined, { action: 'opened' });
	await failing.close();
	const refused = await createHook(await closedUrl());
	await expect(srv.deliver(refused.id, 'issues', undefined, { action: 'opened' })).rejects.toThrow();

	const list = async (id: number) => (await call(srv, 'GET', deliveriesPath(id))).json as Array<Record<string, unknown>>;
	const [okIssue, okPing] = await list(ok.id);
	expect(okPing).toMatchObject({ event: 'ping', status_code: 200, status: 'OK', redelivery: false, action: null });
	expect(okIssue).toMatchObject({ event: 'issues', action: 'opened', status_code: 200, redelivery: false, repository_id: expect.any(Number) });
	expect(okIssue.delivered_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
	expect((await list(five.id))[0]).toMatchObject({ event: 'issues', status_code: 500, status: 'Invalid HTTP Response: 500' });
	const refusedLog = await list(refused.id);
	expect(refusedLog.map((entry) => [entry.event, entry.status_code, entry.status])).toEqual([
		['issues', 502, 'failed to connect'],
		['ping', 502, 'failed to connect'],
	]);
});

test('newest first, cursor paging through Link rel="next" (no page numbers), per_page up to 100, status filter', async () => {
	const hook = await createHook(receiver.url);
	for (let i = 0; i < 24; i++) await srv.deliver(hook.id, 'issues', undefined, { action: 'opened' });
	// 25 entries with the ping: pages of 10, 10, 5
	const ids: number[] = [];
	let path: string | undefined = `${deliveriesPath(hook.id)}?per_page=10`;
	let pages = 0;
	while (path) {
		const page = await call(srv, 'GET', path);
		expect(page.status).toBe(200);
		pages++;
		ids.push(...(page.json as Array<{ id: number }>).map((entry) => entry.id));
		const next = links(page.headers.get('link')).next;
		if (next) {
			expect(next).toMatch(/[?&]cursor=v1_\d+/);
			expect(next).not.toMatch(/[?&]page=/);
		}
		path = next ? next.slice(srv.url!.length) : undefined;
	}
	expect(pages).toBe(3);
	expect(ids).toHaveLength(25);
	expect([...ids].sort((a, b) => b - a)).toEqual(ids);
	expect(new Set(ids).size).toBe(25);

	const all = await call(srv, 'GET', `${deliveriesPath(hook.id)}?per_page=500`);
	expect(all.json).toHaveLength(25);
	expect(all.headers.get('link')).toBeNull();
	const defaultPage = await call(srv, 'GET', deliveriesPath(hook.id));
	expect(defaultPage.json).toHaveLength(25);
	expect((await call(srv, 'GET', `${deliveriesPath(hook.id)}?status=failure`)).json).toEqual([]);
	expect((await call(srv, 'GET', `${deliveriesPath(hook.id)}?status=success`)).json).toHaveLength(25);
	expect((await call(srv, 'GET', `${deliveriesPath(hook.id)}?cursor=page2`)).status).toBe(422);
	expect((await call(srv, 'GET', `${deliveriesPath(hook.id)}?status=broken`)).status).toBe(422);
});

test('POST …/attempts answers 202 and redelivers the same GUID, event and body; logged as a redelivery', async () => {
	const url = await closedUrl();
	const hook = await createHook(url);
	await expect(srv.deliver(hook.id, 'issues', undefined, { action: 'opened' })).rejects.toThrow();
	const [failed] = (await call(srv, 'GET', deliveriesPath(hook.id))).json as Array<{ id: number; guid: string }>;

	// now something listens at the hook's URL
	srv.hooks[0].config.url = receiver.url;
	const answer = await call(srv, 'POST', `${deliveriesPath(hook.id)}/${failed.id}/attempts`);
	expect(answer.status).toBe(202);
	await srv.settle();
	await receiver.waitFor(1);
	const [redelivered] = receiver.received;
	expect(redelivered.headers['x-github-delivery']).toBe(failed.guid);
	expect(redelivered.headers['x-github-event']).toBe('issues');
	expect(redelivered.body.toString()).toBe(srv.hooks[0].deliveries.find((d) => d.id === failed.id)!.requestBody);

	const log = (await call(srv, 'GET', deliveriesPath(hook.id))).json as Array<Record<string, unknown>>;
	expect(log[0]).toMatchObject({ guid: failed.guid, redelivery: true, status_code: 200 });
	expect(log.filter((entry) => entry.guid === failed.guid)).toHaveLength(2);

	const one = await call(srv, 'GET', `${deliveriesPath(hook.id)}/${failed.id}`);
	expect(one.status).toBe(200);
	expect(one.json).toMatchObject({ id: failed.id, guid: failed.guid, status_code: 502, request: { payload: { action: 'opened' } } });

	expect((await call(srv, 'POST', `${deliveriesPath(hook.id)}/999999/attempts`)).status).toBe(404);
});

test('organization hooks have the same log and redelivery', async () => {
	const hook = await createHook(receiver.url, '/orgs/octo-org/hooks', ['repository']);
	const log = await call(srv, 'GET', deliveriesPath(hook.id, '/orgs/octo-org/hooks'));
	expect(log.status).toBe(200);
	const [ping] = log.json as Array<{ id: number; guid: string; repository_id: number | null }>;
	expect(ping.repository_id).toBeNull();
	expect((await call(srv, 'POST', `${deliveriesPath(hook.id, '/orgs/octo-org/hooks')}/${ping.id}/attempts`)).status).toBe(202);
	await srv.settle();
	await receiver.waitFor(2);
	expect(receiver.received[1].headers['x-github-delivery']).toBe(ping.guid);
});

test('the log keeps 3 days: older entries are neither listed nor redelivered', async () => {
	const hook = await createHook(receiver.url);
	await srv.deliver(hook.id, 'issues', undefined, { action: 'opened' });
	const [entry] = (await call(srv, 'GET', deliveriesPath(hook.id))).json as Array<{ id: number }>;
	srv.ageDeliveries(hook.id, 3 * 24 * 3600 * 1000 + 1000);
	expect((await call(srv, 'GET', deliveriesPath(hook.id))).json).toEqual([]);
	expect((await call(srv, 'POST', `${deliveriesPath(hook.id)}/${entry.id}/attempts`)).status).toBe(404);
});

test('one event sent to two hooks carries one GUID', async () => {
	const second = await startReceiver();
	try {
		await createHook(receiver.url);
		await createHook(second.url);
		const created = await call(srv, 'POST', '/repos/octo-user/hello-world/issues', { body: { title: 'shared GUID' } });
		expect(created.status).toBe(201);
		await srv.settle();
		const issueDelivery = (r: typeof receiver) => r.received.find((d) => d.headers['x-github-event'] === 'issues')!;
		expect(issueDelivery(receiver).headers['x-github-delivery']).toBe(issueDelivery(second).headers['x-github-delivery']);
	} finally {
		await second.close();
	}
});
