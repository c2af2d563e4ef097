/**
 * Recover Missed Deliveries end to end against the local GitHub-like server: the trigger's
 * listener is stopped (deliveries meet a refused connection and are logged as failed, as on the
 * platform), then an activation reads the hook's delivery log and asks for each missed delivery
 * again; every GUID starts one execution; a pass at a delivery recovers what failed while n8n
 * ran; the log's pages and the requests made are counted.
 */
import type { IDataObject } from 'n8n-workflow';

import { RECOVERY_LIMITS } from '../../nodes/CodeHostingTrigger/recovery';
import type { CodeHostingServer, Hook } from '../servers/codehosting/server';
import { TOKEN } from '../servers/codehosting/server';
import type { Trigger } from './triggerKit';
import { pause, started, useRecoveryKit } from './recoveryKit';

const recovery = useRecoveryKit();
const { kit, defaults, active, openIssues, redeliveryRequests, logReads } = recovery;
const { trigger, calls } = kit;
let srv: CodeHostingServer;
const realNow = () => Date.now();
/** How long to wait for redeliveries (they arrive after the 202, asynchronously). */
const WAIT_MS = 10_000;

beforeAll(() => {
	srv = recovery.srv;
});

/** The GUIDs of the issue events the hook's log has, in the order they were first sent. */
const issueGuids = (hook: Hook) => [...new Set(hook.deliveries.filter((d) => d.event === 'issues').map((d) => d.guid))];

/** Waits until the trigger has handled `n` deliveries (redeliveries arrive after the 202). */
async function deliveriesHandled(t: Trigger, n: number): Promise<void> {
	const until = realNow() + WAIT_MS;
	while (t.harness.deliveries.length < n && realNow() < until) await pause(20);
	await t.harness.settle();
	expect(t.harness.deliveries.length).toBeGreaterThanOrEqual(n);
}

/** Waits until every GUID of `guids` started an execution. */
async function startedAll(t: Trigger, guids: string[]): Promise<void> {
	const until = realNow() + WAIT_MS;
	while (!guids.every((guid) => started(t).includes(guid)) && realNow() < until) await pause(20);
	await t.harness.settle();
	expect(guids.filter((guid) => !started(t).includes(guid))).toEqual([]);
}

/**
 * An active trigger on New Issue (New Repository for organization scope). Recovery Interval 0 by
 * default: these tests are about the passes at activations and deliveries (the scheduled passes
 * have their own file, trigger.recoverySchedule.test.ts).
 */
const activeTrigger = (options: { recoverMissedDeliveries?: boolean; scope?: 'organization' } = {}) => recovery.activeTrigger({ recoveryInterval: 0, ...options });

describe('at activation', () => {
	test('n8n down, 20 deliveries fail; at startup (init) all 20 are redelivered oldest first and each starts one execution', async () => {
		const { t, hook } = await activeTrigger();
		await openIssues(1, 'before');
		expect(started(t)).toHaveLength(1);
		await t.harness.pause();
		await openIssues(20);
		const missed = issueGuids(hook).slice(1);
		expect(missed).toHaveLength(20);
		expect(hook.deliveries.filter((d) => missed.includes(d.guid)).every((d) => d.status_code === 502 && d.status === 'failed to connect')).toBe(true);

		await t.harness.resume();
		srv.resetRequests();
		expect(await t.harness.hook('checkExists', 'init')).toBe(true);
		// the activation returns once every redelivery arrived: n8n saves its static data next,
		// and that save must hold all 20 accepted GUIDs
		expect(started(t).slice(1).sort()).toEqual([...missed].sort());
		expect((t.state.recovery as IDataObject).accepted).toEqual(expect.arrayContaining(missed));
		await deliveriesHandled(t, 21);
		expect(started(t).slice(1).sort()).toEqual([...missed].sort());
		// asked for oldest first
		const guidOf = (call: string) => hook.deliveries.find((d) => d.id === Number(/deliveries\/(\d+)\/attempts$/.exec(call)![1]))!.guid;
		expect(redeliveryRequests().map(guidOf)).toEqual(missed);
		// one page of the log (22 entries) and one request per redelivery, nothing else
		expect(logReads()).toHaveLength(1);
		expect(redeliveryRequests()).toHaveLength(20);
		expect(calls()).toHaveLength(1 + 1 + 20); // + the GET of the hook by checkExists

		// the next activation with nothing missed: one read, no redelivery, no execution
		srv.resetRequests();
		const before = t.harness.deliveries.length;
		expect(await t.harness.hook('checkExists', 'init')).toBe(true);
		await srv.settle();
		expect(redeliveryRequests()).toEqual([]);
		expect(logReads()).toHaveLength(1);
		expect(t.harness.deliveries.length).toBe(before);
	});

	test('failed deliveries of actions the trigger does not listen to (issues closed, for New Issue) are never asked for', async () => {
		const { t, hook } = await activeTrigger();
		await t.harness.pause();
		await openIssues(3);
		const closedPayload = { ...(srv.examplePayload('issues', 'opened') as IDataObject), action: 'closed' };
		// refused (n8n is down): logged as failed
		for (let i = 0; i < 2; i++) await expect(srv.deliver(hook.id, 'issues', closedPayload)).rejects.toThrow(/ECONNREFUSED/);
		await srv.settle();
		const failed = hook.deliveries.filter((d) => d.event === 'issues' && d.status_code === 502);
		expect(failed.map((d) => d.action).sort()).toEqual(['closed', 'closed', 'opened', 'opened', 'opened']);
		const opened = failed.filter((d) => d.action === 'opened').map((d) => d.guid);

		await t.harness.resume();
		srv.resetRequests();
		expect(await t.harness.hook('checkExists', 'init')).toBe(true);
		await startedAll(t, opened);
		const askedFor = redeliveryRequests().map((call) => hook.deliveries.find((d) => d.id === Number(/deliveries\/(\d+)\/attempts$/.exec(call)![1]))!.action);
		expect(askedFor).toEqual(['opened', 'opened', 'opened']);
		expect(started(t).sort()).toEqual([...opened].sort());
	});

	test('a redelivery of a delivery that did arrive starts nothing (its GUID was accepted)', async () => {
		const { t, hook } = await activeTrigger();
		await openIssues(1);
		const [arrived] = hook.deliveries.filter((d) => d.event === 'issues');
		expect(started(t)).toEqual([arrived.guid]);
		const response = await fetch(`${srv.url}/repos/octo-user/hello-world/hooks/${hook.id}/deliveries/${arrived.id}/attempts`, {
			method: 'POST',
			headers: { authorization: `Bearer ${TOKEN}`, 'user-agent': 'recovery-test', accept: 'application/vnd.github+json' },
		});
		expect(response.status).toBe(202);
		await deliveriesHandled(t, 2);
		expect(t.harness.deliveries[1]).toMatchObject({ status: 200, body: { ok: true, duplicate: true, deliveryId: arrived.guid } });
		expect(t.harness.deliveries[1].items).toBeUndefined();
		expect(started(t)).toEqual([arrived.guid]);
	});

	test('the first activation recovers nothing from before it (a new hook has no log)', async () => {
		const { t } = await activeTrigger();
		srv.resetRequests();
		expect(await t.harness.hook('checkExists', 'activate')).toBe(true);
		expect(redeliveryRequests()).toEqual([]);
	});

	test(`more than ${defaults.perActivation} missed: ${defaults.perActivation} per activation, oldest first, the rest logged and recovered at the next pass; the log is read in pages of 100, no more than needed`, async () => {
		const { t, hook } = await activeTrigger();
		await t.harness.pause();
		await openIssues(130);
		const missed = issueGuids(hook);
		await t.harness.resume();
		const warn = jest.spyOn(t.harness.logger, 'warn');
		srv.resetRequests();
		await t.harness.hook('checkExists', 'init');
		// the activation asked for the 30 oldest, in order
		const guidOf = (call: string) => hook.deliveries.find((d) => d.id === Number(/deliveries\/(\d+)\/attempts$/.exec(call)![1]))!.guid;
		expect(redeliveryRequests().map(guidOf)).toEqual(missed.slice(0, defaults.perActivation));
		// 131 entries (130 + the ping): ceil(131 / 100) = 2 pages
		expect(logReads()).toHaveLength(2);
		expect(warn.mock.calls.map(([message]) => message).join('\n')).toMatch(new RegExp(`${130 - defaults.perActivation} more failed deliveries wait for the next pass`));
		await deliveriesHandled(t, defaults.perActivation);
		expect([...started(t)].sort()).toEqual(missed.slice(0, defaults.perActivation).sort());

		// then a delivery runs a pass once the pass interval has passed (at most perDelivery each), oldest first
		RECOVERY_LIMITS.passIntervalMs = 1000;
		RECOVERY_LIMITS.perDelivery = 25;
		let expected = defaults.perActivation;
		while (expected < 130) {
			await pause(1100);
			srv.resetRequests();
			await openIssues(1, 'later');
			const wanted = Math.min(RECOVERY_LIMITS.perDelivery, 130 - expected);
			await startedAll(t, missed.slice(expected, expected + wanted));
			expect(redeliveryRequests().map(guidOf)).toEqual(missed.slice(expected, expected + wanted));
			expected += wanted;
		}
		const all = started(t);
		expect(new Set(all).size).toBe(all.length);
		expect(all.filter((guid) => missed.includes(guid)).sort()).toEqual([...missed].sort());
	}, 60_000);

	test('redeliveries are paced: at least spacingMs between two requests', async () => {
		RECOVERY_LIMITS.spacingMs = 150;
		const { t } = await activeTrigger();
		await t.harness.pause();
		await openIssues(4);
		await t.harness.resume();
		srv.resetRequests();
		await t.harness.hook('checkExists', 'init');
		const times = srv.requests.filter((r) => /\/attempts$/.test(r.path)).map((r) => r.at);
		expect(times).toHaveLength(4);
		for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(140);
		await deliveriesHandled(t, 4);
	});

	test('a log that cannot be read is a warning in n8n\'s log, never a failed activation', async () => {
		const { t, hook } = await activeTrigger();
		// the last pass (the hook's creation) lies more than a pass interval back
		RECOVERY_LIMITS.passIntervalMs = 1000;
		await pause(1100);
		const warn = jest.spyOn(t.harness.logger, 'warn');
		srv.failNext({ method: 'GET', path: new RegExp(`/hooks/${hook.id}/deliveries$`), status: 403, body: { message: 'Resource not accessible by personal access token' } });
		expect(await t.harness.hook('checkExists', 'init')).toBe(true);
		expect(warn).toHaveBeenCalledTimes(1);
		expect(warn.mock.calls[0][0]).toMatch(/could not read the delivery log of webhook .*Resource not accessible.*admin:repo_hook/s);
		expect(warn.mock.calls[0][0]).not.toContain(TOKEN);
		expect(redeliveryRequests()).toEqual([]);
		// a delivery right after does not try again: the failed read counts as the pass of this interval
		srv.resetRequests();
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'));
		await t.harness.settle();
		expect(logReads()).toEqual([]);
		expect(warn).toHaveBeenCalledTimes(1);
	});

	test('n8n not listening yet when the platform redelivers: the first delivery after the activation recovers them again', async () => {
		const { t, hook } = await activeTrigger();
		await t.harness.pause();
		await openIssues(3);
		const missed = issueGuids(hook);
		// activation while still not listening: the redeliveries fail too
		await t.harness.hook('checkExists', 'init');
		await srv.settle();
		expect(hook.deliveries.filter((d) => d.redelivery && d.status_code === 502)).toHaveLength(3);
		await t.harness.resume();
		srv.resetRequests();
		await openIssues(1, 'first after');
		await deliveriesHandled(t, 4);
		expect(redeliveryRequests()).toHaveLength(3);
		expect(started(t)).toHaveLength(4);
		expect(started(t).filter((guid) => missed.includes(guid)).sort()).toEqual([...missed].sort());
		// that delivery was answered before the pass ran (200 at once)
		expect(hook.deliveries.find((d) => d.requestBody.includes('first after'))!.status_code).toBe(200);
	});

	test('organization scope: the organization hook\'s log', async () => {
		const { t, hook } = await activeTrigger({ scope: 'organization' });
		await t.harness.pause();
		await srv.deliver(hook.id, 'repository', srv.examplePayload('repository', 'created')).catch(() => undefined);
		await t.harness.resume();
		srv.resetRequests();
		await t.harness.hook('checkExists', 'init');
		await deliveriesHandled(t, 1);
		expect(logReads()).toEqual([`GET /orgs/octo-org/hooks/${hook.id}/deliveries`]);
		expect(redeliveryRequests()).toHaveLength(1);
		expect(started(t)).toHaveLength(1);
	});
});

describe('while n8n runs', () => {
	test('a delivery n8n failed (500) is recovered by the pass of a delivery after the pass interval; not before', async () => {
		const { t, hook } = await activeTrigger();
		// n8n answered 500 (a proxy, a crash): the platform logs it as failed
		t.harness.answerWith(500);
		await openIssues(1, 'answered 500');
		t.harness.answerWith(undefined);
		const [lost] = issueGuids(hook);
		expect(hook.deliveries.find((d) => d.guid === lost)!.status_code).toBe(500);

		srv.resetRequests();
		await openIssues(1, 'soon after');
		await deliveriesHandled(t, 1);
		expect(logReads()).toEqual([]); // the last pass (at creation) is less than passIntervalMs ago

		// a shorter interval, and let it pass
		RECOVERY_LIMITS.passIntervalMs = 1000;
		await pause(1100);
		await openIssues(1, 'later');
		await deliveriesHandled(t, 3);
		expect(logReads()).toHaveLength(1);
		expect(redeliveryRequests()).toHaveLength(1);
		expect(started(t)).toContain(lost);
		expect(started(t)).toHaveLength(3);
	});
});

describe('Recover Missed Deliveries off', () => {
	test('no log read at activation, no redelivery, and a repeated GUID starts again', async () => {
		const { t, hook } = await activeTrigger({ recoverMissedDeliveries: false });
		expect(t.state.recovery).toBeUndefined();
		await t.harness.pause();
		await openIssues(2);
		await t.harness.resume();
		srv.resetRequests();
		expect(await t.harness.hook('checkExists', 'init')).toBe(true);
		expect(calls().filter((call) => call.includes('/deliveries'))).toEqual([]);
		const guid = 'c0ffee00-0000-4000-8000-000000000001';
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'), { guid });
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'), { guid });
		await t.harness.settle();
		expect(started(t)).toEqual([guid, guid]);
		expect((t.state as IDataObject).recovery).toBeUndefined();
	});
});

describe('recovered deliveries are marked', () => {
	/** The items each started execution began with, by GUID. */
	const itemsByGuid = (t: Trigger) =>
		new Map(t.harness.deliveries.filter((d) => d.items).map((d) => [String(d.items![0].json.deliveryId), d.items!.map((item) => item.json)]));

	test('a live delivery: recovered false and the time it arrived; a redelivery at startup: recovered true and the time of the platform\'s first attempt', async () => {
		const { t, hook } = await activeTrigger();
		const before = new Date().toISOString();
		await openIssues(1, 'live');
		const [live] = issueGuids(hook);
		await deliveriesHandled(t, 1);
		const liveItem = itemsByGuid(t).get(live)![0];
		expect(liveItem.recovered).toBe(false);
		expect(typeof liveItem.deliveredAt).toBe('string');
		expect(Date.parse(liveItem.deliveredAt as string)).toBeGreaterThanOrEqual(Date.parse(before));
		expect(liveItem.deliveredAt! >= before && liveItem.deliveredAt! <= new Date().toISOString()).toBe(true);

		await t.harness.pause();
		await openIssues(2, 'missed');
		const missed = issueGuids(hook).slice(1);
		// the platform's first attempts, a minute before the restart (an outage)
		const original = new Date(Date.now() - 60_000);
		original.setMilliseconds(0);
		for (const delivery of hook.deliveries.filter((d) => missed.includes(d.guid))) delivery.delivered_at = original.toISOString().replace('.000Z', 'Z');
		await t.harness.resume();
		expect(await t.harness.hook('checkExists', 'init')).toBe(true);
		await startedAll(t, missed);
		for (const guid of missed) {
			const [item] = itemsByGuid(t).get(guid)!;
			expect(item).toMatchObject({ recovered: true, deliveredAt: original.toISOString(), event: 'newIssue', deliveryId: guid });
			// the rest of the item is as a live one has it
			expect(Object.keys(item).sort()).toEqual(Object.keys(liveItem).sort());
		}
		// a live delivery after the recovery: not recovered
		await openIssues(1, 'after');
		const [after] = issueGuids(hook).slice(3);
		await deliveriesHandled(t, 4);
		expect(itemsByGuid(t).get(after)![0].recovered).toBe(false);
	});

	test('a delivery n8n failed while it ran, recovered by a pass at a later delivery: recovered true, original time; the later delivery: false', async () => {
		const { t, hook } = await activeTrigger();
		t.harness.answerWith(500);
		await openIssues(1, 'answered 500');
		t.harness.answerWith(undefined);
		const [lost] = issueGuids(hook);
		const firstAttempt = hook.deliveries.find((d) => d.guid === lost)!.delivered_at;
		RECOVERY_LIMITS.passIntervalMs = 0;
		await openIssues(1, 'later');
		const [later] = issueGuids(hook).slice(1);
		await startedAll(t, [lost, later]);
		expect(itemsByGuid(t).get(lost)![0]).toMatchObject({ recovered: true, deliveredAt: new Date(Date.parse(firstAttempt)).toISOString() });
		expect(itemsByGuid(t).get(later)![0]).toMatchObject({ recovered: false });
		// the redelivery itself came later than the first attempt: deliveredAt is not the redelivery's time
		const redelivery = hook.deliveries.filter((d) => d.guid === lost && d.redelivery);
		expect(redelivery).toHaveLength(1);
	});

	test('Recover Missed Deliveries off: every item recovered false', async () => {
		const { t, hook } = await activeTrigger({ recoverMissedDeliveries: false });
		await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'));
		await t.harness.settle();
		expect(t.harness.deliveries.filter((d) => d.items).map((d) => d.items![0].json.recovered)).toEqual([false]);
	});
});
