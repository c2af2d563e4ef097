/**
 * Code Hosting Trigger → Other Events: any webhook event of the platform by name, or `*`. The
 * list of names is a generated file checked here against the installed @octokit webhook data;
 * deliveries go through the same signature check and read no node parameter.
 */
import fs from 'fs';
import path from 'path';

import { WebhookContext } from 'n8n-core';
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import { matchDelivery, subscribedEvents } from '../../nodes/CodeHostingTrigger/events';
import { PLATFORM_EVENTS } from '../../nodes/CodeHostingTrigger/platformEvents';
import type { CodeHostingServer } from '../servers/codehosting/server';
import { useTriggerKit } from './triggerKit';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const generator = require('../../scripts/generate-platform-events.js') as { installedEventNames(): string[]; render(names: string[]): string };

const kit = useTriggerKit();
const { trigger, calls, lastItems } = kit;
let srv: CodeHostingServer;
beforeAll(() => {
	srv = kit.srv;
});

describe('the list of platform events', () => {
	test('the generated file is what the installed webhook schema and examples give (re-run the script after an upgrade)', () => {
		const names = generator.installedEventNames();
		expect([...PLATFORM_EVENTS]).toEqual(names);
		const file = fs.readFileSync(path.join(__dirname, '../../nodes/CodeHostingTrigger/platformEvents.ts'), 'utf8');
		expect(file).toBe(generator.render(names));
		// every event that has example payloads, and those only in the schema (no examples yet)
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const examples = (require('@octokit/webhooks-examples') as Array<{ name: string }>).map((entry) => entry.name).filter((name) => name !== 'ping');
		expect(PLATFORM_EVENTS).toEqual(expect.arrayContaining(examples));
		expect(PLATFORM_EVENTS).toEqual(expect.arrayContaining(['custom_property', 'secret_scanning_alert', 'workflow_job']));
		expect(PLATFORM_EVENTS).not.toContain('ping');
	});

	test('the node offers otherEvents and, only with it, Platform Events: * then every event', () => {
		const properties = new CodeHostingTrigger().description.properties;
		const events = properties.find((p) => p.name === 'events')!;
		expect(events.options!.map((o) => (o as { value: string }).value)).toContain('otherEvents');
		const platform = properties.find((p) => p.name === 'platformEvents') as INodeProperties;
		expect(platform.type).toBe('multiOptions');
		expect(platform.displayOptions).toEqual({ show: { events: ['otherEvents'] } });
		expect(platform.options!.map((o) => (o as { value: string }).value)).toEqual(['*', ...PLATFORM_EVENTS]);
	});

	test('subscriptions and matching (pure)', () => {
		expect(subscribedEvents(['otherEvents'], ['label', 'check_run'])).toEqual(['check_run', 'label']);
		expect(subscribedEvents(['newIssue', 'otherEvents'], ['*', 'label'])).toEqual(['*']);
		expect(subscribedEvents(['newIssue', 'otherEvents'], ['issues', 'label'])).toEqual(['issues', 'label']);
		expect(subscribedEvents(['newIssue'], ['label'])).toEqual(['issues']);
		const context = { statusField: 'Status', platformEvents: ['issues'] };
		const opened = { action: 'opened', issue: { number: 1 } };
		expect(matchDelivery(['newIssue', 'otherEvents'], 'issues', 'd1', opened, context).map((i) => i.event)).toEqual(['newIssue']);
		expect(matchDelivery(['newIssue', 'otherEvents'], 'issues', 'd2', { ...opened, action: 'closed' }, context)).toEqual([
			{ action: 'closed', issue: { number: 1 }, event: 'otherEvents', webhookEvent: 'issues', deliveryId: 'd2' },
		]);
		expect(matchDelivery(['otherEvents'], 'label', 'd3', { action: 'created' }, context)).toEqual([]);
		expect(matchDelivery(['otherEvents'], 'gollum', 'd4', { pages: [] }, { statusField: 'Status', platformEvents: ['*'] })).toEqual([
			{ pages: [], event: 'otherEvents', webhookEvent: 'gollum', action: null, deliveryId: 'd4' },
		]);
	});
});

describe('activation', () => {
	test('registers the chosen platform events with the named ones; checkExists accepts exactly those', async () => {
		const t = await trigger({ events: ['newStar', 'otherEvents'] });
		t.parameters.platformEvents = ['label', 'check_run'];
		await t.harness.hook('create');
		expect(t.hooks()[0].events.sort()).toEqual(['check_run', 'label', 'star']);
		expect(await t.harness.hook('checkExists')).toBe(true);
		t.parameters.platformEvents = ['label'];
		expect(await t.harness.hook('checkExists')).toBe(false);
	});

	test('* subscribes to every event', async () => {
		const t = await trigger({ events: ['otherEvents'] });
		t.parameters.platformEvents = ['*'];
		await t.harness.hook('create');
		expect(t.hooks()[0].events).toEqual(['*']);
	});

	test('no platform event, or an unknown one, is refused before any request', async () => {
		for (const [platformEvents, message] of [
			[[], 'Choose at least one platform event for Other Events'],
			[['label', 'not_an_event'], 'Unknown platform event: not_an_event'],
		] as const) {
			const t = await trigger({ events: ['otherEvents'] });
			t.parameters.platformEvents = [...platformEvents];
			srv.resetRequests();
			await expect(t.harness.hook('create')).rejects.toThrow(message);
			expect(calls()).toEqual([]);
			expect(t.hooks()).toHaveLength(0);
		}
	});
});

describe('deliveries', () => {
	afterEach(() => jest.restoreAllMocks());

	test('chosen events are emitted as they come (event name, action, payload), signature checked, no parameter read but the credential choice', async () => {
		const t = await trigger({ events: ['newIssue', 'otherEvents'] });
		t.parameters.platformEvents = ['issues', 'label', 'deployment_status'];
		await t.harness.hook('create');
		await srv.settle();
		t.harness.deliveries.length = 0;
		const [hook] = t.hooks();
		const reads = jest.spyOn(WebhookContext.prototype, 'getNodeParameter');

		const label = srv.examplePayload('label', 'created');
		const result = await srv.deliver(hook.id, 'label', label);
		expect(result.status).toBe(200);
		expect(lastItems(t)!.map((item) => item.json)).toEqual([{ ...label, event: 'otherEvents', webhookEvent: 'label', action: 'created', deliveryId: result.guid, recovered: false, deliveredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);

		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'));
		expect(lastItems(t)!.map((item) => item.json.event)).toEqual(['newIssue']);
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'reopened'));
		expect(lastItems(t)!.map((item) => [item.json.event, item.json.action])).toEqual([['otherEvents', 'reopened']]);
		const deployment = srv.examplePayload('deployment_status');
		await srv.deliver(hook.id, 'deployment_status', deployment);
		expect(lastItems(t)![0].json).toMatchObject({ event: 'otherEvents', webhookEvent: 'deployment_status', deployment_status: deployment.deployment_status as IDataObject });
		expect(t.harness.deliveries).toHaveLength(4);

		const before = t.harness.deliveries.length;
		expect((await srv.deliver(hook.id, 'label', label, { signature: 'missing' })).status).toBe(401);
		expect((await srv.deliver(hook.id, 'label', label, { signature: 'wrong' })).status).toBe(401);
		expect(t.harness.deliveries.slice(before).every((delivery) => delivery.items === undefined)).toBe(true);
		// each delivery that started an execution asked the hook's log whether it is a redelivery (replay.ts)
		expect(reads.mock.calls.map(([name]) => name)).toEqual(Array(4).fill('authentication'));
	});
});
