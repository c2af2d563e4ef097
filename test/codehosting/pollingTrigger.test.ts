/**
 * The Code Hosting Polling Trigger through n8n-core's PollContext against the local GitHub-like
 * server over real HTTP: first poll learns, new things are emitted once, unchanged lists cost a
 * 304 and no rate limit, across a restart of n8n, X-Poll-Interval is honoured. The events feed's
 * filters, manual mode, resets and bad parameters: pollingTrigger.feed.test.ts.
 *
 * The clock (Date.now) is moved forward by the tests where time has to pass between polls.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer } from '../servers/codehosting/server';
import { LOGIN, ORG, OTHER_LOGIN, OTHER_TOKEN } from '../servers/codehosting/server';
import { emitted, feed, usePollKit } from './pollKit';

const kit = usePollKit();
const { later, poller, restarted, api, coreUsed, gets } = kit;
let srv: CodeHostingServer;
beforeEach(() => {
	srv = kit.srv;
});

describe('newGist', () => {
	test('the first poll learns without emitting; a new gist is emitted once; the next poll emits nothing', async () => {
		const h = poller({ event: 'newGist' });
		expect(await h.poll()).toBeNull();
		expect(gets('/gists')).toHaveLength(1);
		expect(h.staticData.seen).toEqual(expect.arrayContaining(['aa5a315d61ae9438b18d', 'bb5a315d61ae9438b18e']));

		const gist = await api('POST', '/gists', { description: 'fresh', public: false, files: { 'a.txt': { content: 'A' } } });
		const items = emitted(await h.poll());
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ event: 'newGist', id: gist.id, description: 'fresh' });

		expect(await h.poll()).toBeNull();
		expect(gets('/gists')).toHaveLength(3);
	});

	test('several new gists come in one execution, oldest first', async () => {
		const h = poller({ event: 'newGist' });
		await h.poll();
		srv.addGist(LOGIN, { id: 'older0000000000000001', created_at: '2030-01-01T00:00:00Z' });
		srv.addGist(LOGIN, { id: 'newer0000000000000002', created_at: '2030-01-02T00:00:00Z' });
		expect(emitted(await h.poll()).map((item) => item.id)).toEqual(['older0000000000000001', 'newer0000000000000002']);
	});

	test('nothing new: the second poll sends If-None-Match, gets 304, returns null and costs no rate limit', async () => {
		const h = poller({ event: 'newGist' });
		await h.poll();
		const etag = h.staticData.etag;
		expect(typeof etag).toBe('string');
		expect(gets('/gists')[0].headers['if-none-match']).toBeUndefined();

		const used = coreUsed();
		const remaining = srv.state.rate.core.remaining;
		expect(await h.poll()).toBeNull();
		const second = gets('/gists')[1];
		expect(second.headers['if-none-match']).toBe(etag);
		expect(coreUsed()).toBe(used);
		expect(srv.state.rate.core.remaining).toBe(remaining);

		// A change answers 200 (counted) with a new ETag, and the new gist.
		srv.addGist(LOGIN, { id: 'cc5a315d61ae9438b18f' });
		expect(emitted(await h.poll()).map((item) => item.id)).toEqual(['cc5a315d61ae9438b18f']);
		expect(coreUsed()).toBe(used + 1);
		expect(h.staticData.etag).not.toBe(etag);

		expect(await h.poll()).toBeNull();
		expect(coreUsed()).toBe(used + 1);
	});

	test('a changed list without new gists (an edit) is fetched but emits nothing: seen IDs dedupe', async () => {
		const h = poller({ event: 'newGist' });
		await h.poll();
		const used = coreUsed();
		await api('PATCH', '/gists/aa5a315d61ae9438b18d', { description: 'edited' });
		const before = coreUsed();
		expect(await h.poll()).toBeNull();
		expect(coreUsed()).toBe(before + 1); // a real 200, not a 304
		expect(before).toBe(used + 1);
	});

	test("a username watches that user's public gists", async () => {
		const h = poller({ event: 'newGist', username: OTHER_LOGIN });
		expect(await h.poll()).toBeNull();
		expect(gets(`/users/${OTHER_LOGIN}/gists`)).toHaveLength(1);
		srv.addGist(OTHER_LOGIN, { id: 'dd0000000000000000000001', public: true });
		srv.addGist(OTHER_LOGIN, { id: 'dd0000000000000000000002', public: false });
		expect(emitted(await h.poll()).map((item) => item.id)).toEqual(['dd0000000000000000000001']);
	});
});

describe('newRepository', () => {
	test("emits repositories created in the connected account, once; not organization or other users' ones", async () => {
		const h = poller({ event: 'newRepository' });
		expect(await h.poll()).toBeNull();
		const [request] = gets('/user/repos');
		expect(request.query).toMatchObject({ affiliation: 'owner', sort: 'created', direction: 'desc' });

		await api('POST', '/user/repos', { name: 'brand-new' });
		await api('POST', `/orgs/${ORG}/repos`, { name: 'org-new' });
		await api('POST', '/user/repos', { name: 'theirs' }, OTHER_TOKEN);
		const items = emitted(await h.poll());
		expect(items.map((item) => item.full_name)).toEqual([`${LOGIN}/brand-new`]);
		expect(items[0].event).toBe('newRepository');

		expect(await h.poll()).toBeNull();
	});
});

describe('across a restart of n8n (its state is its static data: seen IDs, cursor and ETag)', () => {
	test('newGist: what was created while n8n was down is emitted once at the first poll after the restart, nothing earlier again', async () => {
		const parameters = { event: 'newGist' };
		const before = poller(parameters);
		expect(await before.poll()).toBeNull();
		srv.addGist(LOGIN, { id: 'beforestop0000000001', created_at: '2030-01-01T00:00:00Z' });
		expect(emitted(await before.poll()).map((item) => item.id)).toEqual(['beforestop0000000001']);

		// n8n is stopped; three gists are created meanwhile
		for (let i = 1; i <= 3; i++) srv.addGist(LOGIN, { id: `whiledown000000000${i}0`, created_at: `2030-01-0${i + 1}T00:00:00Z` });
		later(3600);
		const after = restarted(before, parameters);
		expect(emitted(await after.poll()).map((item) => item.id)).toEqual(['whiledown00000000010', 'whiledown00000000020', 'whiledown00000000030']);
		expect(await after.poll()).toBeNull();

		// a restart with nothing new: one conditional request answered 304, nothing emitted
		const used = coreUsed();
		const again = restarted(after, parameters);
		expect(await again.poll()).toBeNull();
		expect(gets('/gists').at(-1)!.headers['if-none-match']).toBe(after.staticData.etag);
		expect(coreUsed()).toBe(used);
	});

	test('events feed: entries added while n8n was down are emitted once after the restart; the ETag survives it', async () => {
		const parameters = feed('newFork');
		const before = poller(parameters);
		expect(await before.poll()).toBeNull();
		srv.addEvent('ForkEvent', OTHER_LOGIN, LOGIN, 'hello-world', { forkee: { id: 91, full_name: `${OTHER_LOGIN}/hello-world` } });
		later(61);
		expect(emitted(await before.poll())).toHaveLength(1);

		srv.addEvent('ForkEvent', OTHER_LOGIN, LOGIN, 'hello-world', { forkee: { id: 92, full_name: `${OTHER_LOGIN}/hello-world-2` } });
		srv.addEvent('ForkEvent', OTHER_LOGIN, LOGIN, 'hello-world', { forkee: { id: 93, full_name: `${OTHER_LOGIN}/hello-world-3` } });
		later(3600);
		const after = restarted(before, parameters);
		const items = emitted(await after.poll());
		expect(items.map((item) => ((item.payload as IDataObject).forkee as IDataObject).id)).toEqual([92, 93]);
		later(61);
		expect(await after.poll()).toBeNull();

		const again = restarted(after, parameters);
		later(61);
		const used = coreUsed();
		expect(await again.poll()).toBeNull();
		expect(coreUsed()).toBe(used);
	});
});

describe('X-Poll-Interval', () => {
	test('a poll before the interval makes no request; one interval later (with schedule jitter) it does', async () => {
		const h = poller(feed('newStar'));
		expect(await h.poll()).toBeNull();
		const path = `/repos/${LOGIN}/hello-world/events`;
		expect(gets(path)).toHaveLength(1);
		expect(h.staticData.nextPollAt).toBeGreaterThan(Date.now() + 55_000);

		expect(await h.poll()).toBeNull();
		later(30);
		expect(await h.poll()).toBeNull();
		expect(gets(path)).toHaveLength(1);

		// n8n's every-minute schedule: the next poll comes 60 s after the last one started, give or
		// take a few milliseconds.
		later(29.8);
		await api('PUT', `/user/starred/${LOGIN}/hello-world`);
		const items = emitted(await h.poll());
		expect(gets(path)).toHaveLength(2);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ event: 'newStar', type: 'WatchEvent', actor: { login: LOGIN } });
	});

	test('manual mode ("Fetch Test Event") is not held back by the interval', async () => {
		const h = poller(feed('newStar'));
		await h.poll();
		const items = emitted(await h.poll('manual'));
		expect(items).toHaveLength(1);
		expect(gets(`/repos/${LOGIN}/hello-world/events`)).toHaveLength(2);
	});
});
