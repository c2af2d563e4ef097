/**
 * The Code Hosting Trigger's webhook lifecycle (n8n's checkExists / create / delete through
 * n8n-core's HookContext) against the local GitHub-like server over real HTTP, and deliveries
 * that the server itself sends (ping, signed, unsigned, wrongly signed) to the trigger's webhook
 * function behind a real listener (n8n-core's WebhookContext).
 */
import type http from 'http';
import { WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';

import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import { webhookEventsFor } from '../../nodes/CodeHostingTrigger/events';
import type { TriggerHarness } from '../helpers/triggerHarness';
import { createTriggerHarness } from '../helpers/triggerHarness';
import type { CodeHostingServer, Hook } from '../servers/codehosting/server';
import { createCodeHostingServer, LOGIN, ORG, OTHER_TOKEN, TOKEN } from '../servers/codehosting/server';

/** The credential type, recording every request n8n asks it to authenticate (all of the node's requests). */
class RecordingCodeHostingApi extends CodeHostingApi {
	urls: string[] = [];

	/** When set, requests are stopped here, before anything goes to the network. */
	block = false;

	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		this.urls.push(String(requestOptions.url));
		if (this.block) throw new Error('stopped by the test before the network');
		return await super.authenticate(credentials, requestOptions);
	}
}

interface Trigger {
	harness: TriggerHarness;
	credential: ICredentialDataDecryptedObject;
	credentialType: RecordingCodeHostingApi;
	state: IDataObject;
	/** The node's parameters, to change between calls like a user editing the workflow. */
	parameters: IDataObject;
	/** The server's hooks whose URL is this trigger's webhook URL. */
	hooks(): Hook[];
}

let srv: CodeHostingServer;
const open: TriggerHarness[] = [];

beforeAll(async () => {
	srv = createCodeHostingServer({ autoDeliver: false });
	await srv.start();
});

afterEach(async () => {
	await srv.settle(2000);
	while (open.length) await open.pop()!.close();
});

afterAll(async () => {
	await srv.stop();
});

async function trigger(options: {
	events: string[];
	scope?: 'repository' | 'organization';
	owner?: string;
	repository?: string;
	server?: string;
	token?: string;
	webhookBaseUrl?: string;
	options?: IDataObject;
}): Promise<Trigger> {
	const credential: ICredentialDataDecryptedObject = { server: options.server ?? srv.url, accessToken: options.token ?? TOKEN };
	const credentialType = new RecordingCodeHostingApi();
	const scope = options.scope ?? 'repository';
	const harness = await createTriggerHarness({
		node: new CodeHostingTrigger(),
		parameters: {
			authentication: 'accessToken',
			scope,
			owner: { __rl: true, mode: 'name', value: options.owner ?? (scope === 'organization' ? ORG : LOGIN) },
			...(scope === 'repository' ? { repository: { __rl: true, mode: 'name', value: options.repository ?? 'hello-world' } } : {}),
			events: options.events,
			options: options.options ?? {},
		},
		credentials: { codeHostingApi: credential },
		credentialTypes: [credentialType],
		webhookBaseUrl: options.webhookBaseUrl,
	});
	open.push(harness);
	return {
		harness,
		credential,
		credentialType,
		state: harness.staticData,
		parameters: harness.workflow.getNode('Trigger')!.parameters as IDataObject,
		hooks: () => srv.hooks.filter((hook) => hook.config.url === harness.webhookUrl),
	};
}

/** Requests the server received, as "METHOD /path" (without the /api/v3 prefix). */
const calls = () => srv.requests.map((request) => `${request.method} ${request.path}`);

/** Creates a hook directly on the server (as another tool or an earlier activation would have). */
async function createHookOnServer(endpoint: string, url: string, secret: string, events = ['push']): Promise<IDataObject> {
	const response = await fetch(`${srv.url}${endpoint}`, {
		method: 'POST',
		headers: {
			authorization: `Bearer ${TOKEN}`,
			'user-agent': 'lifecycle-test',
			accept: 'application/vnd.github+json',
			'content-type': 'application/json',
		},
		body: JSON.stringify({ name: 'web', active: true, events, config: { url, content_type: 'json', secret } }),
	});
	expect(response.status).toBe(201);
	return (await response.json()) as IDataObject;
}

/** The items of the execution the last delivery started (undefined: none started). */
const lastItems = (t: Trigger): INodeExecutionData[] | undefined => t.harness.deliveries[t.harness.deliveries.length - 1]?.items;

beforeEach(() => srv.resetRequests());

describe('activation (create)', () => {
	test('repository scope: one hook with exactly the needed events, JSON, and the fresh secret kept in static data', async () => {
		const events = ['newStar', 'newIssue', 'updatedIssue', 'newCommit', 'newPush', 'newTag'];
		const t = await trigger({ events });

		expect(await t.harness.hook('checkExists')).toBe(false);
		expect(srv.requests).toHaveLength(0); // nothing stored yet: no need to ask
		expect(await t.harness.hook('create')).toBe(true);

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
			filter: { events: ['newStar', 'newIssue', 'updatedIssue', 'newCommit', 'newPush', 'newTag'], statusField: 'Status' },
		});
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

describe('deliveries from the server to the activated trigger', () => {
	let t: Trigger;
	let hook: Hook;

	beforeEach(async () => {
		t = await trigger({ events: ['newIssue', 'newCommit'] });
		await t.harness.hook('create');
		await srv.settle();
		[hook] = t.hooks();
		t.harness.deliveries.length = 0;
	});

	test('a signed issues/opened delivery starts one execution with the issue', async () => {
		const payload = srv.examplePayload('issues', 'opened');
		const result = await srv.deliver(hook.id, 'issues', payload);
		expect(result.status).toBe(200);
		const items = lastItems(t);
		expect(items).toHaveLength(1);
		expect(items![0].json).toMatchObject({
			event: 'newIssue',
			webhookEvent: 'issues',
			action: 'opened',
			deliveryId: result.guid,
			issue: { number: (payload.issue as IDataObject).number, title: (payload.issue as IDataObject).title },
		});
		expect(hook.last_response.code).toBe(200);
	});

	test('a signed push with two commits starts one execution with one item per commit', async () => {
		const payload = srv.examplePayload('push');
		const commit = { id: 'a'.repeat(40), message: 'first', author: { name: 'A', email: 'a@example.com' } };
		payload.commits = [commit, { ...commit, id: 'b'.repeat(40), message: 'second' }];
		const result = await srv.deliver(hook.id, 'push', payload);
		expect(result.status).toBe(200);
		const items = lastItems(t)!;
		expect(items.map((item) => (item.json.commit as IDataObject).id)).toEqual(['a'.repeat(40), 'b'.repeat(40)]);
		expect(items.every((item) => item.json.event === 'newCommit' && item.json.deliveryId === result.guid)).toBe(true);
	});

	test('a signed delivery of a non-matching action is acknowledged and starts nothing', async () => {
		const result = await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'edited'));
		expect(result.status).toBe(200);
		expect(t.harness.deliveries).toHaveLength(1);
		expect(lastItems(t)).toBeUndefined();
	});

	test.each(['wrong', 'missing'] as const)('a delivery with a %s signature → 401 and no execution', async (signature) => {
		const result = await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'), { signature });
		expect(result.status).toBe(401);
		expect(t.harness.deliveries).toHaveLength(1);
		expect(t.harness.deliveries[0].status).toBe(401);
		expect(lastItems(t)).toBeUndefined();
		expect(hook.last_response.code).toBe(401);
	});
});

describe('work per delivery', () => {
	/** getNodeParameter calls made while handling deliveries (n8n-core's WebhookContext). */
	function countParameterReads() {
		return jest.spyOn(WebhookContext.prototype, 'getNodeParameter');
	}

	afterEach(() => jest.restoreAllMocks());

	test('a delivery reads no node parameter: activation stored the filter', async () => {
		const t = await trigger({ events: ['newIssue', 'newCardInColumn'], options: { columnId: '42' } });
		await t.harness.hook('create');
		await srv.settle();
		t.harness.deliveries.length = 0; // the creation ping
		const [hook] = t.hooks();
		const reads = countParameterReads();
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'));
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'edited'));
		const card = srv.examplePayload('project_card', 'created');
		(card.project_card as IDataObject).column_id = 42;
		await srv.deliver(hook.id, 'project_card', card);
		expect(t.harness.deliveries.map((d) => d.items?.map((item) => item.json.event))).toEqual([['newIssue'], undefined, ['newCardInColumn']]);
		expect(reads).not.toHaveBeenCalled();
	});

	test('options changed without the events: checkExists keeps the hook and deliveries use the new options', async () => {
		const t = await trigger({ events: ['newCardInColumn'], options: { columnId: '1' } });
		await t.harness.hook('create');
		await srv.settle();
		t.parameters.options = { columnId: '2' };
		expect(await t.harness.hook('checkExists')).toBe(true);
		expect(t.state.filter).toEqual({ events: ['newCardInColumn'], columnId: '2', statusField: 'Status' });
		const [hook] = t.hooks();
		const card = srv.examplePayload('project_card', 'created');
		(card.project_card as IDataObject).column_id = 2;
		await srv.deliver(hook.id, 'project_card', card);
		expect(lastItems(t)).toHaveLength(1);
	});

	test('a hook activated by an earlier version (no stored filter): the first delivery reads the parameters once and stores them', async () => {
		const t = await trigger({ events: ['newIssue'] });
		await t.harness.hook('create');
		await srv.settle();
		t.harness.deliveries.length = 0; // the creation ping
		delete t.state.filter;
		const [hook] = t.hooks();
		const reads = countParameterReads();
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'));
		expect(reads.mock.calls.map(([name]) => name).sort()).toEqual(['events', 'options']);
		expect(t.state.filter).toEqual({ events: ['newIssue'], statusField: 'Status' });
		reads.mockClear();
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'));
		expect(reads).not.toHaveBeenCalled();
		expect(t.harness.deliveries.map((d) => d.items?.length)).toEqual([1, 1]);
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

describe('Enterprise server (https://HOST/api/v3)', () => {
	test('create, deliver, checkExists and delete under /api/v3 with a local webhook URL', async () => {
		const t = await trigger({ events: ['newStar'], server: `${srv.url}/api/v3` });
		expect(await t.harness.hook('create')).toBe(true);
		await srv.settle();
		const hooks = t.hooks();
		expect(hooks).toHaveLength(1);
		expect(hooks[0].config.secret).toBe(t.state.webhookSecret);
		expect(srv.requests.map((request) => `${request.method} ${request.rawPath}`)).toEqual([`POST /api/v3/repos/${LOGIN}/hello-world/hooks`]);

		await srv.deliver(hooks[0].id, 'star', srv.examplePayload('star', 'created'));
		expect(lastItems(t)?.[0].json).toMatchObject({ event: 'newStar', webhookEvent: 'star', action: 'created' });

		expect(await t.harness.hook('checkExists')).toBe(true);
		expect(await t.harness.hook('delete')).toBe(true);
		expect(t.hooks()).toHaveLength(0);
		expect(srv.requests.every((request) => request.rawPath.startsWith('/api/v3/'))).toBe(true);
	});
});

describe('newMention', () => {
	test("stores the connected account's login and matches a delivered comment that mentions it", async () => {
		const t = await trigger({ events: ['newMention'] });
		expect(await t.harness.hook('create')).toBe(true);
		expect(calls()).toEqual([`POST /repos/${LOGIN}/hello-world/hooks`, 'GET /user']);
		expect(t.state.login).toBe(LOGIN);
		const [hook] = t.hooks();
		expect([...hook.events].sort()).toEqual(webhookEventsFor(['newMention']));
		await srv.settle();

		const comment = (body: string) => {
			const payload = srv.examplePayload('issue_comment', 'created');
			(payload.comment as IDataObject).body = body;
			return payload;
		};
		const mentioned = await srv.deliver(hook.id, 'issue_comment', comment(`Could you look at this, @${LOGIN}?`));
		expect(mentioned.status).toBe(200);
		expect(lastItems(t)).toHaveLength(1);
		expect(lastItems(t)![0].json).toMatchObject({ event: 'newMention', webhookEvent: 'issue_comment', action: 'created', deliveryId: mentioned.guid });

		await srv.deliver(hook.id, 'issue_comment', comment(`Ping @${LOGIN}-bot and @other-user`));
		expect(lastItems(t)).toBeUndefined();
		await srv.deliver(hook.id, 'issue_comment', comment(`mail ${LOGIN}@example.com`));
		expect(lastItems(t)).toBeUndefined();

		expect(await t.harness.hook('delete')).toBe(true);
		expect(t.state.login).toBeUndefined();
	});
});
