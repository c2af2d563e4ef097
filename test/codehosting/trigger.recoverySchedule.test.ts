/**
 * Recover Missed Deliveries on a schedule (nodes/CodeHostingTrigger/schedule.ts) against the local
 * GitHub-like server: while the trigger is active, the process that activated it reads the hook's
 * delivery log every Recovery Interval and asks for what failed, with no delivery needed; a
 * process with a schedule runs no pass inside a webhook call; a backlog goes on pass after pass
 * within the hourly budget; deactivation stops it. And the budget itself (recovery.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { RECOVERY_LIMITS, RedeliveryBudget } from '../../nodes/CodeHostingTrigger/recovery';
import { redeliveryBudget } from '../../nodes/CodeHostingTrigger/recoveryPass';
import { stopAllLoops } from '../../nodes/shared';
import type { CodeHostingServer } from '../servers/codehosting/server';
import type { Trigger } from './triggerKit';
import { pause, started, useRecoveryKit } from './recoveryKit';
import { until, UNTIL_TEST_TIMEOUT_MS } from '../helpers/until';

const recovery = useRecoveryKit();
const { kit, defaults, active, openIssues, redeliveryRequests, logReads } = recovery;
const { trigger, calls } = kit;
let srv: CodeHostingServer;
jest.setTimeout(UNTIL_TEST_TIMEOUT_MS);

beforeAll(() => {
	srv = recovery.srv;
});

const activeTrigger = (minutes: number) => recovery.activeTrigger({ recoveryInterval: minutes });

describe('scheduled passes', () => {
	test('a delivery n8n answered 503 in a quiet repository is recovered within one interval, with no delivery after it', async () => {
		const { t, hook } = await activeTrigger(0.02); // 1.2 s
		t.harness.answerWith(503);
		await openIssues(1, 'answered 503');
		const [failed] = hook.deliveries.filter((d) => d.event === 'issues');
		expect(failed.status_code).toBe(503);
		t.harness.answerWith(undefined);
		srv.resetRequests();
		await until('the scheduled pass to recover the delivery', () => started(t).includes(failed.guid));
		await t.harness.settle();
		expect(started(t)).toEqual([failed.guid]);
		expect(redeliveryRequests()).toHaveLength(1);
		expect(logReads().length).toBeGreaterThanOrEqual(1);
		// the next pass finds nothing to ask for
		const reads = logReads().length;
		await until('another scheduled pass', () => logReads().length > reads);
		expect(redeliveryRequests()).toHaveLength(1);
		expect(started(t)).toEqual([failed.guid]);
	});

	test('with a Recovery Interval the activation asks for nothing itself (n8n saves its static data when it returns, over what webhook processes saved meanwhile): the first scheduled pass, a moment later, asks for what was missed', async () => {
		const { t, hook } = await activeTrigger(60);
		stopAllLoops(); // n8n stops
		await t.harness.pause();
		await openIssues(3, 'missed');
		const missed = hook.deliveries.filter((d) => d.event === 'issues').map((d) => d.guid);
		await t.harness.resume();
		srv.resetRequests();
		expect(await t.harness.hook('checkExists', 'init')).toBe(true);
		expect(redeliveryRequests()).toEqual([]);
		await until('the 3 missed deliveries recovered by the first scheduled pass', () => missed.every((guid) => started(t).includes(guid)));
		await t.harness.settle();
		expect(redeliveryRequests()).toHaveLength(3);
		expect(started(t)).toEqual(missed);
	});

	test('with a schedule in this process, no pass runs inside a webhook call (however long since the last)', async () => {
		const { t } = await activeTrigger(60);
		RECOVERY_LIMITS.passIntervalMs = 0;
		srv.resetRequests();
		await openIssues(3, 'live');
		await t.harness.settle();
		expect(started(t)).toHaveLength(3);
		expect(logReads()).toEqual([]);
	});

	test('after an outage, a backlog larger than one pass goes on a moment later, pass after pass, and stops at the hourly budget (a warning says so)', async () => {
		RECOVERY_LIMITS.perSchedule = 5;
		RECOVERY_LIMITS.continueAfterMs = 50;
		RECOVERY_LIMITS.perActivation = 5;
		const { t, hook } = await activeTrigger(0.02);
		// n8n stops (its schedule with it: a pass meanwhile would ask for redeliveries that fail)
		stopAllLoops();
		await t.harness.pause();
		await openIssues(20, 'backlog');
		const missed = [...new Set(hook.deliveries.filter((d) => d.event === 'issues').map((d) => d.guid))];
		expect(missed).toHaveLength(20);
		const warn = jest.spyOn(t.harness.logger, 'warn');
		await t.harness.resume();
		srv.resetRequests();
		RECOVERY_LIMITS.perHour = redeliveryBudget.used(Date.now()) + 12;
		// n8n starts: a pass at its activation (5), then scheduled passes of 5 until the budget
		expect(await t.harness.hook('checkExists', 'init')).toBe(true);
		await until('12 recovered executions', () => started(t).length >= 12);
		await until('the warning about the budget', () => warn.mock.calls.some(([message]) => /hourly budget of \d+ redeliveries is spent/.test(String(message))));
		await t.harness.settle();
		expect(redeliveryRequests()).toHaveLength(12);
		// oldest first, each once
		expect(started(t)).toEqual(missed.slice(0, 12));
		// the rest waits for the budget: a pass a moment later asks for nothing
		await pause(300);
		expect(redeliveryRequests()).toHaveLength(12);
	});

	test('deactivation stops the schedule: no log is read after it', async () => {
		const { t } = await activeTrigger(0.01); // 0.6 s
		await until('a scheduled pass', () => logReads().length > 0);
		await t.harness.hook('delete');
		active.pop();
		srv.resetRequests();
		await pause(1500);
		expect(logReads()).toEqual([]);
	});

	test('with a Recovery Interval no webhook call runs a pass, also in a process without the schedule (a queue-mode webhook process, a follower main): one process asks for redeliveries', async () => {
		const { t } = await activeTrigger(5);
		// this process is now like n8n's webhook processes: the schedule runs in another one
		stopAllLoops();
		RECOVERY_LIMITS.passIntervalMs = 0;
		srv.resetRequests();
		await openIssues(2, 'live');
		await t.harness.settle();
		expect(started(t)).toHaveLength(2);
		expect(logReads()).toEqual([]);
		expect(redeliveryRequests()).toEqual([]);
	});

	test('Recovery Interval 0: no scheduled pass (a delivery after the pass interval runs one, as without the option)', async () => {
		const { t } = await activeTrigger(0);
		srv.resetRequests();
		await pause(700);
		expect(logReads()).toEqual([]);
		RECOVERY_LIMITS.passIntervalMs = 0;
		await openIssues(1, 'live');
		await t.harness.settle();
		expect(logReads()).toHaveLength(1);
	});

	test('a Recovery Interval below 0 is refused with a clear error before any request', async () => {
		const t = await trigger({ events: ['newIssue'], options: { recoveryInterval: -1 } as IDataObject });
		srv.resetRequests();
		await expect(t.harness.hook('create')).rejects.toThrow(/Recovery Interval \(Minutes\) must be a number of minutes, 0 or more; got -1/);
		expect(calls()).toEqual([]);
	});
});

describe('the hourly budget', () => {
	const HOUR = 60 * 60 * 1000;
	test('takes up to perHour in any hour, then says how long until the oldest leaves the window', () => {
		RECOVERY_LIMITS.perHour = 3;
		const budget = new RedeliveryBudget();
		expect([budget.take(0), budget.take(10), budget.take(20), budget.take(30)]).toEqual([true, true, true, false]);
		expect(budget.available(30)).toBe(0);
		expect(budget.waitMs(30)).toBe(HOUR - 30);
		expect(budget.take(HOUR)).toBe(true);
		expect(budget.used(HOUR)).toBe(3);
	});

	test(`the default is ${defaults.perHour} an hour, below the platform's 500 content-creating requests an hour, and 1 s apart (60 a minute, below its 80)`, () => {
		expect(defaults.perHour).toBeLessThan(500);
		expect(60_000 / defaults.spacingMs).toBeLessThan(80);
	});
});
