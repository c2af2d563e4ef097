/**
 * The Code Hosting Trigger's webhook lifecycle (n8n's checkExists / create / delete through
 * n8n-core's HookContext) against the local GitHub-like server over real HTTP: activation,
 * adoption of a leftover hook, deactivation, and what is refused before any request.
 */
import type http from 'http';

import type { IDataObject } from 'n8n-workflow';

import { webhookEventsFor } from '../../nodes/CodeHostingTrigger/events';
import type { CodeHostingServer, Hook } from '../servers/codehosting/server';
import { LOGIN, ORG, OTHER_TOKEN } from '../servers/codehosting/server';
import { useTriggerKit } from './triggerKit';

const kit = useTriggerKit();
const { trigger, calls, createHookOnServer, lastItems } = kit;
let srv: CodeHostingServer;
beforeAll(() => {
	srv = kit.srv;
});

describe('activation (create)', () => {
	test('repository scope: one hook with exactly the needed events, JSON, and the fresh secret kept in static data', async () => {
		const events = ['newStar', 'newIssue', 'updatedIssue', 'newCommit', 'newPush', 'newTag'];
		const t = await trigger({ events });

		expect(await t.harness.hook('checkExists')).toBe(false);
		expect(srv.requests).toHaveLength(0); // nothing stored yet: no need to ask
		const beforeCreate = Date.now();
		expect(await t.harness.hook('create')).toBe(true);
		const afterCreate = Date.now();

		const hooks = t.hooks();
		expect(hooks).toHaveLength(1);
		const [hook] = hooks;
		expect(hook.scope).toBe('repository');
		expect(hook.target).toBe(`${LOGIN}/hello-world`);
		expect(hook.active).toBe(true);
		expect([...hook.events].sort()).toEqual(webhookEventsFor(events));
		expect(webhookEventsFor(events)).toEqual(['create', 'issues', 'push', 'star']);
		expect(hook.config.content_type).toBe('json');
		expect(hook.config.secret).toMatch(/^[0-9a-f]{64}$/);
		expect(t.state).toEqual({
			webhookId: String(hook.id),
			webhookSecret: hook.config.secret,
			webhookEndpoint: `/repos/${LOGIN}/hello-world/hooks`,
			// the delivery filter, so that a delivery reads no node parameter
			filter: { events: ['newStar', 'newIssue', 'updatedIssue', 'newCommit', 'newPush', 'newTag'], statusField: 'Status', recover: true, recoveryIntervalMs: 300_000 },
			// Recover Missed Deliveries: a new hook has no log, nothing before now is recovered
			recovery: { hookId: String(hook.id), since: expect.any(String), lastPassAt: expect.any(Number), accepted: [], requested: {}, originalAt: {} },
		});
		const since = Date.parse((t.state.recovery as IDataObject).since as string);
		expect(since).toBeGreaterThanOrEqual(beforeCreate);
		expect(since).toBeLessThanOrEqual(afterCreate);
		expect(calls()).toEqual([`POST /repos/${LOGIN}/hello-world/hooks`]);
		expect(await t.harness.hook('checkExists')).toBe(true);
	});

	test('organization scope: one organization hook with the needed events', async () => {
		const events = ['newRepository', 'projectItemStatusChanged', 'newIssue', 'newCollaborator'];
		const t = await trigger({ events, scope: 'organization' });
		expect(await t.harness.hook('create')).toBe(true);

		const hooks = t.hooks();
		expect(hooks).toHaveLength(1);
		expect(hooks[0].scope).toBe('organization');
		expect(hooks[0].target).toBe(ORG);
		expect([...hooks[0].events].sort()).toEqual(webhookEventsFor(events));
		expect(webhookEventsFor(events)).toEqual(['issues', 'member', 'projects_v2_item', 'repository']);
		expect(hooks[0].config.content_type).toBe('json');
		expect(hooks[0].config.secret).toBe(t.state.webhookSecret);
		expect(t.state.webhookEndpoint).toBe(`/orgs/${ORG}/hooks`);
		expect(calls()).toEqual([`POST /orgs/${ORG}/hooks`]);
		expect(await t.harness.hook('checkExists')).toBe(true);
	});

	test('every activation gets a fresh random secret', async () => {
		const t = await trigger({ events: ['newStar'] });
		const other = await trigger({ events: ['newStar'] });
		const secrets: string[] = [];
		for (let i = 0; i < 3; i++) {
			await t.harness.hook('create');
			secrets.push(String(t.state.webhookSecret));
			expect(t.hooks()[0].config.secret).toBe(t.state.webhookSecret);
			await t.harness.hook('delete');
		}
		await other.harness.hook('create');
		secrets.push(String(other.state.webhookSecret));
		expect(new Set(secrets).size).toBe(4);
		for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{64}$/);
	});

	test("the server's ping reaches the trigger, is answered 200 and starts nothing", async () => {
		const t = await trigger({ events: ['newIssue'] });
		await t.harness.hook('create');
		await srv.settle();
		const [hook] = t.hooks();
		// The automatic ping right after creation reached the trigger and started nothing.
		expect(hook.deliveries.map((delivery) => delivery.event)).toEqual(['ping']);
		expect(t.harness.deliveries).toHaveLength(1);
		expect(t.harness.deliveries[0].items).toBeUndefined();
		// Here the trigger already knows the secret when the ping arrives (static data is shared in
		// memory), so the ping's signature checks out.
		expect(t.harness.deliveries[0].status).toBe(200);
		expect(hook.deliveries[0].status_code).toBe(200);

		// A ping delivered now that activation is complete is verified and answered 200.
		const ping = await srv.deliver(hook.id, 'ping');
		expect(ping.status).toBe(200);
		expect(JSON.parse(ping.body)).toMatchObject({ ping: true });
		expect(t.harness.deliveries).toHaveLength(2);
		expect(lastItems(t)).toBeUndefined();
	});
});

describe('checkExists', () => {
	test('true after create, false once the hook was deleted on the server (and its ID forgotten)', async () => {
		const t = await trigger({ events: ['newStar'] });
		await t.harness.hook('create');
		const [hook] = t.hooks();
		expect(await t.harness.hook('checkExists')).toBe(true);

		delete srv.state.hooks[hook.id];
		srv.resetRequests();
		expect(await t.harness.hook('checkExists')).toBe(false);
		expect(calls()).toEqual([`GET /repos/${LOGIN}/hello-world/hooks/${hook.id}`]);
		expect(t.state.webhookId).toBeUndefined();

		// n8n then creates it anew: a plain create, no 422.
		srv.resetRequests();
		expect(await t.harness.hook('create')).toBe(true);
		expect(calls()).toEqual([`POST /repos/${LOGIN}/hello-world/hooks`]);
		expect(t.hooks()).toHaveLength(1);
		expect(await t.harness.hook('checkExists')).toBe(true);
	});

	test('false when the chosen events changed (more or fewer platform events)', async () => {
		const t = await trigger({ events: ['newStar', 'newIssue'] });
		await t.harness.hook('create');
		expect(await t.harness.hook('checkExists')).toBe(true);

		t.parameters.events = ['newStar', 'newIssue', 'newRelease'];
		expect(await t.harness.hook('checkExists')).toBe(false);

		t.parameters.events = ['newStar'];
		expect(await t.harness.hook('checkExists')).toBe(false);

		// Another trigger event on the same platform events needs no new hook.
		t.parameters.events = ['newIssue', 'updatedIssue', 'newStar'];
		expect(await t.harness.hook('checkExists')).toBe(true);
	});

	test('re-activation after the events changed replaces the hook: still one, with the new events', async () => {
		const t = await trigger({ events: ['newStar'] });
		await t.harness.hook('create');
		const [before] = t.hooks();
		t.parameters.events = ['newStar', 'newRelease'];
		expect(await t.harness.hook('checkExists')).toBe(false);
		expect(await t.harness.hook('create')).toBe(true);
		const hooks = t.hooks();
		expect(hooks).toHaveLength(1);
		expect(hooks[0].id).not.toBe(before.id);
		expect([...hooks[0].events].sort()).toEqual(['release', 'star']);
		expect(hooks[0].config.secret).toBe(t.state.webhookSecret);
	});

	test('false without a request when the scope or repository changed', async () => {
		const t = await trigger({ events: ['newIssue'] });
		await t.harness.hook('create');
		srv.resetRequests();
		t.parameters.scope = 'organization';
		t.parameters.owner = { __rl: true, mode: 'name', value: ORG };
		expect(await t.harness.hook('checkExists')).toBe(false);
		expect(srv.requests).toHaveLength(0);
	});
});

describe('adopting an existing hook with the same URL (422)', () => {
	test('replaces it: afterwards one hook, with our secret and events', async () => {
		const t = await trigger({ events: ['newRelease'] });
		const stale = await createHookOnServer(`/repos/${LOGIN}/hello-world/hooks`, t.harness.webhookUrl, 'stale-secret');
		await srv.settle();
		srv.resetRequests();

		expect(await t.harness.hook('create')).toBe(true);
		const hooks = t.hooks();
		expect(hooks).toHaveLength(1);
		expect(hooks[0].id).not.toBe(stale.id);
		expect(hooks[0].config.secret).toBe(t.state.webhookSecret);
		expect(hooks[0].config.secret).not.toBe('stale-secret');
		expect(hooks[0].events).toEqual(['release']);
		expect(t.state.webhookId).toBe(String(hooks[0].id));
		expect(srv.requests.map((request) => request.method)).toEqual(['POST', 'GET', 'DELETE', 'POST']);
		expect(calls()[2]).toBe(`DELETE /repos/${LOGIN}/hello-world/hooks/${String(stale.id)}`);

		// Deliveries signed with our secret start executions.
		await srv.settle();
		await srv.deliver(hooks[0].id, 'release', srv.examplePayload('release', 'published'));
		expect(lastItems(t)?.[0].json).toMatchObject({ event: 'newRelease', action: 'published' });
	});

	test('on an organization too', async () => {
		const t = await trigger({ events: ['newRepository'], scope: 'organization' });
		await createHookOnServer(`/orgs/${ORG}/hooks`, t.harness.webhookUrl, 'stale-secret', ['repository']);
		expect(await t.harness.hook('create')).toBe(true);
		expect(t.hooks()).toHaveLength(1);
		expect(t.hooks()[0].config.secret).toBe(t.state.webhookSecret);
	});

	test('a 422 for another reason is reported and nothing is deleted', async () => {
		const t = await trigger({ events: ['newStar'] });
		const others = srv.hooks.length;
		srv.failNext({
			method: 'POST',
			path: `/repos/${LOGIN}/hello-world/hooks`,
			status: 422,
			body: { message: 'Validation Failed', errors: [{ resource: 'Hook', code: 'custom', message: 'Hook limit reached' }] },
		});
		await expect(t.harness.hook('create')).rejects.toThrow(/could not be registered: Validation Failed/);
		expect(srv.requests.map((request) => request.method)).toEqual(['POST', 'GET']);
		expect(srv.hooks).toHaveLength(others);
		expect(t.state.webhookId).toBeUndefined();
	});
});

describe('deactivation (delete)', () => {
	test('removes the hook and clears the stored state', async () => {
		const t = await trigger({ events: ['newStar'] });
		await t.harness.hook('create');
		const [hook] = t.hooks();
		srv.resetRequests();
		expect(await t.harness.hook('delete')).toBe(true);
		expect(calls()).toEqual([`DELETE /repos/${LOGIN}/hello-world/hooks/${hook.id}`]);
		expect(t.hooks()).toHaveLength(0);
		expect(srv.state.hooks[hook.id]).toBeUndefined();
		expect(t.state).toEqual({});
		expect(await t.harness.hook('checkExists')).toBe(false);
	});

	test('organization hook', async () => {
		const t = await trigger({ events: ['newRepository'], scope: 'organization' });
		await t.harness.hook('create');
		expect(await t.harness.hook('delete')).toBe(true);
		expect(t.hooks()).toHaveLength(0);
	});

	test('a hook that is already gone (404) is fine', async () => {
		const t = await trigger({ events: ['newStar'] });
		await t.harness.hook('create');
		const [hook] = t.hooks();
		delete srv.state.hooks[hook.id];
		srv.resetRequests();
		expect(await t.harness.hook('delete')).toBe(true);
		expect(calls()).toEqual([`DELETE /repos/${LOGIN}/hello-world/hooks/${hook.id}`]);
		expect(srv.requests).toHaveLength(1);
		expect(t.state).toEqual({});
	});

	test('nothing stored: nothing to delete, no request', async () => {
		const t = await trigger({ events: ['newStar'] });
		expect(await t.harness.hook('delete')).toBe(true);
		expect(srv.requests).toHaveLength(0);
	});

	test('a server error is reported, not swallowed; the hook and its state stay for the next try', async () => {
		const t = await trigger({ events: ['newStar'] });
		await t.harness.hook('create');
		const [hook] = t.hooks();
		srv.failNext({ method: 'DELETE', path: /\/hooks\/\d+$/, status: 500, body: { message: 'Server Error' } });
		const error = await t.harness.hook('delete').then(
			() => undefined,
			(caught: Error & { httpCode?: string }) => caught,
		);
		expect(error).toBeDefined();
		expect(error!.message).toMatch(/Server Error/);
		expect(error!.httpCode).toBe('500');
		expect(srv.state.hooks[hook.id]).toBeDefined();
		expect(t.state.webhookId).toBe(String(hook.id));

		// The next deactivation succeeds.
		expect(await t.harness.hook('delete')).toBe(true);
		expect(srv.state.hooks[hook.id]).toBeUndefined();
	});

	test('403 (a token without admin rights) is reported, not swallowed', async () => {
		const t = await trigger({ events: ['newStar'] });
		await t.harness.hook('create');
		const [hook] = t.hooks();
		t.credential.accessToken = OTHER_TOKEN;
		const error = await t.harness.hook('delete').then(
			() => undefined,
			(caught: Error & { httpCode?: string; description?: string }) => caught,
		);
		expect(error).toBeDefined();
		expect(error!.message).toMatch(/Must have admin rights to Repository/);
		expect(error!.httpCode).toBe('403');
		expect(srv.state.hooks[hook.id]).toBeDefined();
		expect(t.state.webhookId).toBe(String(hook.id));
		expect(JSON.stringify(error)).not.toContain(OTHER_TOKEN);
	});

	test('403 on an organization hook (plain member) is reported', async () => {
		const t = await trigger({ events: ['newRepository'], scope: 'organization' });
		await t.harness.hook('create');
		t.credential.accessToken = OTHER_TOKEN;
		await expect(t.harness.hook('delete')).rejects.toThrow(/admin access to the organization/);
		expect(t.hooks()).toHaveLength(1);
	});
});

describe('refused before any request', () => {
	test('organization-only events with repository scope: a clear error, no request', async () => {
		const t = await trigger({ events: ['newIssue', 'newRepository', 'projectItemStatusChanged'] });
		const error = await t.harness.hook('create').then(
			() => undefined,
			(caught: Error & { description?: string }) => caught,
		);
		expect(error?.message).toBe('newRepository, projectItemStatusChanged needs Scope: Organization');
		expect(error?.description).toMatch(/organization webhooks only/);
		expect(srv.requests).toHaveLength(0);
		expect(t.credentialType.urls).toEqual([]);
		expect(t.hooks()).toHaveLength(0);
		expect(t.state).toEqual({});
	});

	test('no events chosen: an error, no request', async () => {
		const t = await trigger({ events: [] });
		await expect(t.harness.hook('create')).rejects.toThrow(/at least one event/);
		expect(t.credentialType.urls).toEqual([]);
	});

	describe('api.github.com with a localhost webhook URL', () => {
		// Any request would be stopped by the credential before reaching the network; none may even get there.
		const http_ = require('http') as typeof http; // eslint-disable-line @typescript-eslint/no-require-imports
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const https_ = require('https') as typeof import('https');
		let spies: jest.SpyInstance[] = [];
		beforeEach(() => {
			spies = [jest.spyOn(https_, 'request'), jest.spyOn(http_, 'request')];
		});
		afterEach(() => spies.forEach((spy) => spy.mockRestore()));

		test.each([
			['http://localhost:5678/webhook'],
			['http://127.0.0.1:5678/webhook'],
			['http://[::1]:5678/webhook'],
		])('webhook base %s: activation fails naming WEBHOOK_URL, zero requests', async (webhookBaseUrl) => {
			const t = await trigger({ events: ['newStar'], server: 'https://api.github.com', webhookBaseUrl });
			t.credentialType.block = true;
			expect(t.harness.webhookUrl.startsWith(webhookBaseUrl)).toBe(true);

			expect(await t.harness.hook('checkExists')).toBe(false);
			const error = await t.harness.hook('create').then(
				() => undefined,
				(caught: Error & { description?: string }) => caught,
			);
			expect(error?.message).toMatch(/GitHub cannot reach n8n's webhook URL/);
			expect(error?.message).toContain(t.harness.webhookUrl);
			expect(error?.description).toMatch(/WEBHOOK_URL/);
			expect(t.credentialType.urls).toEqual([]);
			expect(spies[0]).not.toHaveBeenCalled();
			expect(spies[1]).not.toHaveBeenCalled();
			expect(t.state).toEqual({});
		});

		test('with a public webhook URL the same credential goes ahead (to api.github.com: stopped by the test)', async () => {
			const t = await trigger({ events: ['newStar'], server: 'https://api.github.com', webhookBaseUrl: 'https://n8n.example.com/webhook' });
			t.credentialType.block = true;
			const error = await t.harness.hook('create').then(
				() => undefined,
				(caught: Error) => caught,
			);
			expect(error?.message).not.toMatch(/WEBHOOK_URL|cannot reach/);
			expect(t.credentialType.urls).toEqual([`https://api.github.com/repos/${LOGIN}/hello-world/hooks`]);
			expect(spies[0]).not.toHaveBeenCalled();
		});
	});
});
