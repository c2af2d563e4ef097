/**
 * Recover Missed Deliveries, the pure choice (nodes/CodeHostingTrigger/recovery.ts): which
 * entries of a hook's delivery log are asked for again, in which order, how many, and where the
 * next pass starts; and the ring of accepted GUIDs.
 */
import type { DeliveryLogEntry, RedeliveryInput } from '../../nodes/CodeHostingTrigger/recovery';
import { chooseRedeliveries, firstAttempts, mergeRings, RECOVERY_LIMITS, recoveryStateOf, remember, succeeded } from '../../nodes/CodeHostingTrigger/recovery';
import { mayMatch } from '../../nodes/CodeHostingTrigger/events';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60 * 1000;
let nextId = 1;

/** A log entry `minutesAgo` before NOW. */
function entry(guid: string, minutesAgo: number, statusCode: number, extra: Partial<DeliveryLogEntry> = {}): DeliveryLogEntry {
	return {
		id: nextId++,
		guid,
		delivered_at: new Date(NOW - minutesAgo * MIN).toISOString().replace(/\.\d{3}Z$/, 'Z'),
		redelivery: false,
		status_code: statusCode,
		event: 'issues',
		action: 'opened',
		...extra,
	};
}

function choose(entries: DeliveryLogEntry[], input: Partial<RedeliveryInput> = {}) {
	return chooseRedeliveries({ entries, since: NOW - 60 * MIN, accepted: new Set(), requested: {}, now: NOW, limit: 30, ...input });
}

const guids = (list: DeliveryLogEntry[]) => list.map((e) => e.guid);

describe('what counts as delivered', () => {
	test.each([
		[200, true],
		[204, true],
		[301, true],
		[399, true],
		[0, false],
		[400, false],
		[401, false],
		[404, false],
		[500, false],
		[502, false],
		[504, false],
	])('status_code %i → delivered %s (the platform\'s status=success range is 200-399)', (status, ok) => {
		expect(succeeded(entry('g', 1, status))).toBe(ok);
	});
});

describe('chooseRedeliveries', () => {
	test('every failure (refused connection 502, 0, a 500 from n8n, a timeout 504) with no success is chosen, oldest first', () => {
		const plan = choose([entry('c', 10, 500), entry('a', 30, 502), entry('d', 5, 504), entry('b', 20, 0), entry('ok', 15, 200)]);
		expect(guids(plan.redeliver)).toEqual(['a', 'b', 'c', 'd']);
		expect(plan.deferred).toEqual([]);
		expect(plan.delivered).toEqual(['ok']);
		expect(plan.nextSince).toBe(NOW);
	});

	test('a failure that was later delivered (by a redelivery, or a manual one) is not chosen', () => {
		const plan = choose([entry('x', 30, 502), entry('x', 20, 200, { redelivery: true }), entry('y', 25, 502)]);
		expect(guids(plan.redeliver)).toEqual(['y']);
		expect(plan.delivered).toEqual(['x']);
	});

	test('a GUID that already started an execution here is not chosen, even when its log entry says failed', () => {
		// n8n started the workflow, then the answer got lost (a proxy timed out): the log says 504
		const plan = choose([entry('started', 10, 504), entry('lost', 9, 502)], { accepted: new Set(['started']) });
		expect(guids(plan.redeliver)).toEqual(['lost']);
	});

	test('pings are never redelivered (they start nothing)', () => {
		expect(choose([entry('p', 10, 502, { event: 'ping', action: null })]).redeliver).toEqual([]);
	});

	test('only GUIDs with a failure at or after `since`: older ones were decided by an earlier pass', () => {
		const plan = choose([entry('old', 61, 502), entry('new', 59, 502)]);
		expect(guids(plan.redeliver)).toEqual(['new']);
	});

	test('a failed redelivery after `since` brings back a GUID whose first failure is older', () => {
		const plan = choose([entry('g', 90, 502), entry('g', 30, 502, { redelivery: true })]);
		expect(guids(plan.redeliver)).toEqual(['g']);
		// the entry asked for is the latest attempt
		expect(plan.redeliver[0].redelivery).toBe(true);
	});

	test('a redelivery we asked for with no attempt logged since is pending: not asked again, and the next pass starts before it', () => {
		const askedAt = NOW - 2 * MIN;
		const plan = choose([entry('g', 10, 502)], { requested: { g: askedAt } });
		expect(plan.redeliver).toEqual([]);
		expect(plan.pending).toEqual(['g']);
		expect(plan.nextSince).toBe(askedAt);
	});

	test('a redelivery we asked for that failed (its attempt logged after the request) is asked again', () => {
		const askedAt = NOW - 5 * MIN;
		const plan = choose([entry('g', 10, 502), entry('g', 4, 502, { redelivery: true })], { requested: { g: askedAt } });
		expect(guids(plan.redeliver)).toEqual(['g']);
		expect(plan.pending).toEqual([]);
	});

	test('the platform logs whole seconds: a redelivery logged in the same second as the request counts as its outcome', () => {
		const askedAt = NOW - 10 * MIN + 700; // the attempt is logged at NOW - 10 min, 0.7 s "before" the request
		const plan = choose([entry('g', 20, 502), entry('g', 10, 502, { redelivery: true })], { requested: { g: askedAt } });
		expect(guids(plan.redeliver)).toEqual(['g']);
	});

	test('a request with no logged attempt for longer than pendingMs is asked again', () => {
		const askedAt = NOW - RECOVERY_LIMITS.pendingMs - 1;
		expect(guids(choose([entry('g', 30, 502)], { requested: { g: askedAt } }).redeliver)).toEqual(['g']);
	});

	test(`after ${RECOVERY_LIMITS.maxRedeliveries} failed redeliveries a GUID is given up`, () => {
		const attempts = [entry('g', 50, 500)];
		for (let i = 0; i < RECOVERY_LIMITS.maxRedeliveries; i++) attempts.push(entry('g', 40 - i, 500, { redelivery: true }));
		const plan = choose(attempts);
		expect(plan.redeliver).toEqual([]);
		expect(guids(plan.givenUp)).toEqual(['g']);
		expect(plan.nextSince).toBe(NOW);
	});

	test('at most `limit`, oldest first; the rest are deferred and the next pass starts at the oldest deferred', () => {
		const entries = Array.from({ length: 25 }, (_, i) => entry(`g${String(i).padStart(2, '0')}`, 50 - i, 502));
		const plan = choose(entries, { limit: 20 });
		expect(guids(plan.redeliver)).toEqual(entries.slice(0, 20).map((e) => e.guid));
		expect(guids(plan.deferred)).toEqual(entries.slice(20).map((e) => e.guid));
		expect(plan.nextSince).toBe(Date.parse(entries[20].delivered_at));
		// the next pass, reading from there, finds exactly the deferred ones
		const next = choose(entries, { since: plan.nextSince, limit: 20, requested: Object.fromEntries(plan.redeliver.map((e) => [e.guid, NOW])) });
		expect(guids(next.redeliver)).toEqual(entries.slice(20).map((e) => e.guid));
	});

	test('order among the same second follows the log ids; the input order does not matter', () => {
		const a = entry('a', 10, 502);
		const b = entry('b', 10, 502);
		expect(guids(choose([b, a]).redeliver)).toEqual(['a', 'b']);
	});

	test('nothing failed: nothing to do, the next pass starts now', () => {
		const plan = choose([entry('a', 10, 200), entry('b', 5, 202)]);
		expect(plan).toEqual({ redeliver: [], deferred: [], givenUp: [], pending: [], delivered: ['a', 'b'], ignored: 0, nextSince: NOW });
	});

	test('failures the workflow would ignore (not its events or actions) are never chosen, do not count against the limit and do not hold back the next pass', () => {
		const opened = (guid: string, minutesAgo: number) => entry(guid, minutesAgo, 502);
		const closed = (guid: string, minutesAgo: number) => entry(guid, minutesAgo, 502, { action: 'closed' });
		const wanted = (e: DeliveryLogEntry) => mayMatch(['newIssue'], e.event, e.action);
		const plan = choose([closed('c1', 40), opened('o1', 35), closed('c2', 30), opened('o2', 25), entry('s', 20, 502, { event: 'star', action: 'created' })], { wanted, limit: 2 });
		expect(guids(plan.redeliver)).toEqual(['o1', 'o2']);
		expect(plan.deferred).toEqual([]);
		expect(plan.ignored).toBe(3);
		expect(plan.nextSince).toBe(NOW);
	});

	test('entries without a GUID are ignored', () => {
		expect(choose([{ ...entry('', 10, 502) }]).redeliver).toEqual([]);
	});
});

describe('the ring of accepted GUIDs', () => {
	test('remember keeps each GUID once, newest last, at most `size`', () => {
		let ring: string[] = [];
		for (const guid of ['a', 'b', 'c', 'b', 'd']) ring = remember(ring, guid, 3);
		expect(ring).toEqual(['c', 'b', 'd']);
	});

	test('mergeRings: the union, bounded, so that a save made from older static data loses nothing this process accepted', () => {
		expect(mergeRings(['a', 'b'], ['b', 'c', 'd'], 10)).toEqual(['a', 'b', 'c', 'd']);
		expect(mergeRings(['a', 'b'], ['c', 'd'], 3)).toEqual(['b', 'c', 'd']);
	});

	test(`the default size is ${RECOVERY_LIMITS.ringSize}`, () => {
		let ring: string[] = [];
		for (let i = 0; i < RECOVERY_LIMITS.ringSize + 10; i++) ring = remember(ring, `g${i}`);
		expect(ring).toHaveLength(RECOVERY_LIMITS.ringSize);
		expect(ring[0]).toBe('g10');
	});
});

describe('firstAttempts: when the platform first tried to deliver each GUID (a redelivery\'s original time)', () => {
	test('the oldest attempt per GUID, whatever the order of the log; entries without a time or GUID are left out', () => {
		const log = [
			{ id: 3, guid: 'a', delivered_at: '2026-11-25T11:59:00Z', redelivery: true, status_code: 502, event: 'push' },
			{ id: 1, guid: 'a', delivered_at: '2026-11-23T08:00:00Z', redelivery: false, status_code: 502, event: 'push' },
			{ id: 2, guid: 'a', delivered_at: '2026-11-24T08:00:00Z', redelivery: true, status_code: 502, event: 'push' },
			{ id: 4, guid: 'b', delivered_at: '2026-11-25T10:00:00Z', redelivery: false, status_code: 500, event: 'issues' },
			{ id: 5, guid: 'c', delivered_at: 'not a time', redelivery: false, status_code: 500, event: 'issues' },
			{ id: 6, guid: '', delivered_at: '2026-11-25T10:00:00Z', redelivery: false, status_code: 500, event: 'issues' },
		];
		expect(Object.fromEntries(firstAttempts(log))).toEqual({ a: '2026-11-23T08:00:00.000Z', b: '2026-11-25T10:00:00.000Z' });
	});
});

describe('recoveryStateOf', () => {
	test('no state, or another hook\'s: fresh, reconciled up to now (nothing before now is recovered)', () => {
		expect(recoveryStateOf(undefined, '7', NOW)).toEqual({ hookId: '7', since: new Date(NOW).toISOString(), lastPassAt: NOW, accepted: [], requested: {}, originalAt: {} });
		expect(recoveryStateOf({ hookId: '6', since: 'x', accepted: ['a'], requested: {} }, '7', NOW).accepted).toEqual([]);
	});

	test('the same hook\'s state is kept (and repaired where a field is missing)', () => {
		const stored = { hookId: '7', since: '2026-11-25T11:00:00.000Z', accepted: ['a'] };
		const state = recoveryStateOf(stored, '7', NOW);
		expect(state).toBe(stored);
		expect(state.requested).toEqual({});
		expect(state.originalAt).toEqual({});
	});
});

describe('mayMatch: would a logged delivery (event and action, no payload) start an execution?', () => {
	test.each([
		[['newIssue'], 'issues', 'opened', true],
		[['newIssue'], 'issues', 'closed', false],
		[['newIssue'], 'star', 'created', false],
		[['newIssue', 'newStar'], 'star', 'created', true],
		// the log gives no action: any action counts
		[['newIssue'], 'issues', null, true],
		[['newIssue'], 'issues', undefined, true],
		// a mention counts only for new or edited text; its payload test is left to the redelivery
		[['newMention'], 'issue_comment', 'created', true],
		[['newMention'], 'issue_comment', 'deleted', false],
		// Other Events: the chosen platform events, or all of them
		[['otherEvents'], 'label', 'created', false],
	] as Array<[string[], string, string | null | undefined, boolean]>)('%j, %s/%s → %s', (chosen, event, action, expected) => {
		expect(mayMatch(chosen, event, action)).toBe(expected);
	});

	test('Other Events take the chosen platform events, or every one with *', () => {
		expect(mayMatch(['otherEvents'], 'label', 'created', ['label'])).toBe(true);
		expect(mayMatch(['otherEvents'], 'fork', null, ['label'])).toBe(false);
		expect(mayMatch(['otherEvents'], 'fork', null, ['*'])).toBe(true);
	});
});
