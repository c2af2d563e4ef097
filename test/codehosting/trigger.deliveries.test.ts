/**
 * Deliveries that the local GitHub-like server itself sends (ping, signed, unsigned, wrongly
 * signed) to an activated Code Hosting Trigger behind a real listener (n8n-core's
 * WebhookContext): what starts an execution, what is refused, and the work done per delivery.
 */
import { WebhookContext } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';

import { webhookEventsFor } from '../../nodes/CodeHostingTrigger/events';
import type { CodeHostingServer, Hook } from '../servers/codehosting/server';
import { LOGIN } from '../servers/codehosting/server';
import type { Trigger } from './triggerKit';
import { useTriggerKit } from './triggerKit';

const kit = useTriggerKit();
const { trigger, calls, lastItems } = kit;
let srv: CodeHostingServer;
beforeAll(() => {
	srv = kit.srv;
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

	test('a delivery reads no node parameter but the credential choice (to ask the hook\'s log whether it is a redelivery): activation stored the filter', async () => {
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
		// the two deliveries that start an execution ask the log (replay.ts); the ignored one nothing
		expect(reads.mock.calls.map(([name]) => name)).toEqual(['authentication', 'authentication']);
	});

	test('options changed without the events: checkExists keeps the hook and deliveries use the new options', async () => {
		const t = await trigger({ events: ['newCardInColumn'], options: { columnId: '1' } });
		await t.harness.hook('create');
		await srv.settle();
		t.parameters.options = { columnId: '2' };
		expect(await t.harness.hook('checkExists')).toBe(true);
		expect(t.state.filter).toEqual({ events: ['newCardInColumn'], columnId: '2', statusField: 'Status', recover: true, recoveryIntervalMs: 300_000 });
		const [hook] = t.hooks();
		const card = srv.examplePayload('project_card', 'created');
		(card.project_card as IDataObject).column_id = 2;
		await srv.deliver(hook.id, 'project_card', card);
		// the first delivery after an activation also looks for missed deliveries, after answering
		await t.harness.settle();
		expect(lastItems(t)).toHaveLength(1);
	});

	test('a hook activated by an earlier version (no stored filter): the first delivery reads the parameters once and stores them', async () => {
		const t = await trigger({ events: ['newIssue'] });
		await t.harness.hook('create');
		await srv.settle();
		t.harness.deliveries.length = 0; // the creation ping
		delete t.state.filter;
		delete t.state.recovery;
		const [hook] = t.hooks();
		const reads = countParameterReads();
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'));
		expect(reads.mock.calls.map(([name]) => name).sort()).toEqual(['authentication', 'events', 'options', 'recoverMissedDeliveries']);
		expect(t.state.filter).toEqual({ events: ['newIssue'], statusField: 'Status', recover: true, recoveryIntervalMs: 300_000 });
		reads.mockClear();
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'));
		expect(reads.mock.calls.map(([name]) => name)).toEqual(['authentication']);
		expect(t.harness.deliveries.map((d) => d.items?.length)).toEqual([1, 1]);
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
