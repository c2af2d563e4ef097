/**
 * Whether a delivery is a redelivery, told by the hook's delivery log to the process that receives
 * it (nodes/CodeHostingTrigger/replay.ts, issue 50). A pure-logic test: the failure log is a list
 * here, served newest first in pages with an ETag and Link rel="next" as the platform does, and
 * the clock is the test's.
 */
import type { LogAnswer } from '../../nodes/CodeHostingTrigger/replay';
import { forgetReplays, REPLAY_LIMITS, replayOf } from '../../nodes/CodeHostingTrigger/replay';

const T0 = Date.parse('2026-11-29T10:00:00Z');

interface Failure {
	id: number;
	guid: string;
	delivered_at: string;
}

/** A hook's failure log: `fail(guid, at)` logs a failed attempt; `read` serves it as the platform's `?status=failure`. */
function failureLog(perPage = 3) {
	const failures: Failure[] = [];
	const requests: Array<{ etag?: string; url?: string; status: number }> = [];
	let id = 0;
	const etagOf = (page: Failure[]) => `W/"${page.map((entry) => entry.id).join('-')}"`;
	return {
		requests,
		fail(guid: string, at: number) {
			failures.push({ id: ++id, guid, delivered_at: new Date(at).toISOString() });
		},
		async read(page: { etag?: string; url?: string }): Promise<LogAnswer> {
			const newestFirst = [...failures].reverse();
			const before = page.url ? Number(new URL(page.url).searchParams.get('before')) : Infinity;
			const rest = newestFirst.filter((entry) => entry.id < before);
			const body = rest.slice(0, perPage);
			const etag = etagOf(body);
			const headers: Record<string, string> = { etag };
			if (rest.length > perPage) headers.link = `<https://api.test/hooks/1/deliveries?before=${body[body.length - 1].id}>; rel="next"`;
			const status = !page.url && page.etag === etag ? 304 : 200;
			requests.push({ ...page, status });
			return status === 304 ? { statusCode: 304, body: '', headers } : { statusCode: 200, body, headers };
		},
	};
}

let key = 0;
let hook = '';
beforeEach(() => {
	hook = `hook-${++key}`;
});
afterEach(() => forgetReplays(hook));

test('a live delivery is not a redelivery; one whose GUID failed before it arrived is, with the time of its first attempt', async () => {
	const log = failureLog();
	log.fail('missed', T0 - 2 * 3600_000);
	log.fail('missed', T0 - 3600_000); // a failed redelivery of it
	const clock = () => T0;
	expect(await replayOf(hook, 'live', T0, (page) => log.read(page), clock)).toEqual({ recovered: false, requests: 1, notModified: 0 });
	expect(await replayOf(hook, 'missed', T0 + 10, (page) => log.read(page), () => T0 + 10)).toEqual({
		recovered: true,
		deliveredAt: new Date(T0 - 2 * 3600_000).toISOString(),
		requests: 0,
		notModified: 0,
	});
});

test('the log is read again only when a delivery arrived after the last read, and then conditionally: no new failure, 304', async () => {
	const log = failureLog();
	log.fail('old', T0 - 60_000);
	await replayOf(hook, 'a', T0, (page) => log.read(page), () => T0 + 1);
	// arrived before that read started: told without a request
	expect(await replayOf(hook, 'b', T0, (page) => log.read(page), () => T0 + 2)).toMatchObject({ recovered: false, requests: 0 });
	// arrived after it: a conditional read, answered 304
	expect(await replayOf(hook, 'c', T0 + 5, (page) => log.read(page), () => T0 + 6)).toEqual({ recovered: false, requests: 1, notModified: 1 });
	expect(log.requests.map((request) => request.status)).toEqual([200, 304]);
	expect(log.requests.map((request) => request.etag)).toEqual([undefined, 'W/"1"']);
	// a new failure changes the log: read (200) and known
	log.fail('d', T0 + 7);
	expect(await replayOf(hook, 'd', T0 + 20, (page) => log.read(page), () => T0 + 21)).toEqual({ recovered: true, deliveredAt: new Date(T0 + 7).toISOString(), requests: 1, notModified: 0 });
});

test('the first read follows the pages back through the log; later reads stop at the newest failure already known', async () => {
	const log = failureLog(3);
	for (let i = 0; i < 10; i++) log.fail(`g${i}`, T0 - (10 - i) * 60_000);
	// the oldest failure is on the last of 4 pages
	expect(await replayOf(hook, 'g0', T0, (page) => log.read(page), () => T0)).toMatchObject({ recovered: true, requests: 4 });
	for (let i = 10; i < 14; i++) log.fail(`g${i}`, T0 + i);
	// 4 new failures: 2 pages, down to the known ones
	expect(await replayOf(hook, 'live', T0 + 100, (page) => log.read(page), () => T0 + 100)).toEqual({ recovered: false, requests: 2, notModified: 0 });
	expect(await replayOf(hook, 'g10', T0 + 100, (page) => log.read(page), () => T0 + 100)).toMatchObject({ recovered: true, requests: 0 });
});

test('failures older than the log keeps (3 days) are not read back', async () => {
	const log = failureLog(2);
	log.fail('ancient-1', T0 - 5 * 24 * 3600_000);
	log.fail('ancient-2', T0 - 4 * 24 * 3600_000);
	log.fail('ancient-3', T0 - 4 * 24 * 3600_000);
	log.fail('recent', T0 - 3600_000);
	log.fail('recent-2', T0 - 1800_000);
	// page 1: the two recent; page 2 reaches past the 3 days: no third page
	expect(await replayOf(hook, 'ancient-1', T0, (page) => log.read(page), () => T0)).toEqual({ recovered: false, requests: 2, notModified: 0 });
});

test('a read longer than a check may take goes on at the next check; meanwhile the delivery is told as unknown', async () => {
	const log = failureLog(1);
	for (let i = 0; i < 6; i++) log.fail(`g${i}`, T0 - (6 - i) * 60_000);
	let now = T0;
	const slow = async (page: { etag?: string; url?: string }) => {
		now += REPLAY_LIMITS.deadlineMs / 2; // each page takes half the deadline
		return await log.read(page);
	};
	const first = await replayOf(hook, 'g0', T0, slow, () => now);
	expect(first).toMatchObject({ recovered: false, requests: 2 });
	expect(first.unknown).toMatch(/longer than one check reads/);
	const second = await replayOf(hook, 'g0', T0, slow, () => now);
	expect(second).toMatchObject({ recovered: false, requests: 2 });
	const third = await replayOf(hook, 'g0', T0, slow, () => now);
	expect(third).toMatchObject({ recovered: true, deliveredAt: new Date(T0 - 6 * 60_000).toISOString(), requests: 2 });
	expect(third.unknown).toBeUndefined();
	// 6 pages in all, each read once
	expect(log.requests.length).toBe(6);
});

test('deliveries arriving at once share the reads: 20 concurrent arrivals, one read', async () => {
	const log = failureLog();
	log.fail('missed', T0 - 60_000);
	const guids = Array.from({ length: 20 }, (_, i) => (i === 7 ? 'missed' : `live-${i}`));
	const told = await Promise.all(guids.map((guid) => replayOf(hook, guid, T0, (page) => log.read(page), () => T0 + 1)));
	expect(told.map((replay) => replay.recovered)).toEqual(guids.map((guid) => guid === 'missed'));
	expect(log.requests.length).toBe(1);
});

test('a log that cannot be read rejects (the caller keeps what it knows and warns); the next check reads again', async () => {
	const log = failureLog();
	log.fail('missed', T0 - 60_000);
	await expect(replayOf(hook, 'missed', T0, async () => Promise.reject(new Error('403 Resource not accessible')), () => T0)).rejects.toThrow('403');
	expect(await replayOf(hook, 'missed', T0, (page) => log.read(page), () => T0)).toMatchObject({ recovered: true });
});

test('a read that began before the delivery arrived is followed by one more: a failure logged meanwhile is found', async () => {
	const log = failureLog(1);
	for (let i = 0; i < 4; i++) log.fail(`g${i}`, T0 - (4 - i) * 60_000);
	let now = T0;
	const slow = async (page: { etag?: string; url?: string }) => {
		now += REPLAY_LIMITS.deadlineMs / 2;
		return await log.read(page);
	};
	// a long first read, left unfinished
	expect((await replayOf(hook, 'x', T0, slow, () => now)).unknown).toBeDefined();
	// meanwhile a delivery failed, and its redelivery arrives after that read began
	log.fail('late', now);
	const arrived = now + 1;
	now += 1;
	const told = await replayOf(hook, 'late', arrived, (page) => log.read(page), () => now);
	expect(told).toMatchObject({ recovered: true });
	expect(told.unknown).toBeUndefined();
});
