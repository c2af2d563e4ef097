/**
 * The Code Hosting Polling Trigger's events feed (each trigger event picks only its own entries,
 * 304 once the interval has passed, Enterprise), manual mode, changing what is watched, and bad
 * parameters, through n8n-core's PollContext against the local GitHub-like server over real HTTP.
 * First polls, ETags, restarts and X-Poll-Interval: pollingTrigger.test.ts.
 *
 * The clock (Date.now) is moved forward by the tests where time has to pass between polls.
 */
import type { IDataObject } from 'n8n-workflow';

import type { PollHarness } from '../helpers/pollHarness';
import type { CodeHostingServer } from '../servers/codehosting/server';
import { LOGIN, ORG, OTHER_LOGIN } from '../servers/codehosting/server';
import { emitted, feed, usePollKit } from './pollKit';

const kit = usePollKit();
const { later, poller, api, coreUsed, gets } = kit;
let srv: CodeHostingServer;
beforeEach(() => {
	srv = kit.srv;
});

describe('events feed', () => {
	/** Pollers for each event on hello-world, after their first (learning) poll. */
	async function learnedPollers(events: string[]): Promise<Record<string, PollHarness>> {
		const pollers: Record<string, PollHarness> = {};
		for (const event of events) {
			pollers[event] = poller(feed(event));
			expect(await pollers[event].poll()).toBeNull();
		}
		return pollers;
	}

	async function pollAll(pollers: Record<string, PollHarness>): Promise<Record<string, IDataObject[]>> {
		later(61);
		const result: Record<string, IDataObject[]> = {};
		for (const [event, h] of Object.entries(pollers)) result[event] = emitted(await h.poll());
		return result;
	}

	test('the first poll learns the existing history (a star, a push, an issue, releases) without emitting', async () => {
		const pollers = await learnedPollers(['newStar', 'newPush', 'newIssue', 'newRelease']);
		for (const h of Object.values(pollers)) expect((h.staticData.seen as string[]).length).toBeGreaterThan(0);
		const again = await pollAll(pollers);
		expect(again).toEqual({ newStar: [], newPush: [], newIssue: [], newRelease: [] });
	});

	test('actions through the API: each trigger event picks only its own entries', async () => {
		const pollers = await learnedPollers(['newStar', 'newIssue', 'newPush', 'newBranch', 'newTag', 'newPullRequest']);
		const main = srv.repo(LOGIN, 'hello-world')!.branches.get('main')!;

		await api('PUT', `/user/starred/${LOGIN}/hello-world`);
		const issue = await api('POST', `/repos/${LOGIN}/hello-world/issues`, { title: 'Polled issue' });
		await api('PATCH', `/repos/${LOGIN}/hello-world/issues/1`, { state: 'closed' }); // IssuesEvent "closed": not a new issue
		await api('PUT', `/repos/${LOGIN}/hello-world/contents/polled.txt`, { message: 'Add polled.txt', content: Buffer.from('hi').toString('base64') });
		await api('POST', `/repos/${LOGIN}/hello-world/git/refs`, { ref: 'refs/heads/polled-branch', sha: main });
		await api('POST', `/repos/${LOGIN}/hello-world/git/refs`, { ref: 'refs/tags/v9.9.9', sha: main });

		const result = await pollAll(pollers);
		expect(result.newStar).toHaveLength(1);
		expect(result.newStar[0]).toMatchObject({ event: 'newStar', type: 'WatchEvent', actor: { login: LOGIN } });
		expect(result.newIssue).toHaveLength(1);
		expect(result.newIssue[0]).toMatchObject({ event: 'newIssue', type: 'IssuesEvent', payload: { action: 'opened', issue: { number: issue.number, title: 'Polled issue' } } });
		expect(result.newPush).toHaveLength(1);
		expect(result.newPush[0]).toMatchObject({ event: 'newPush', type: 'PushEvent', payload: { ref: 'refs/heads/main' } });
		expect(result.newBranch).toHaveLength(1);
		expect(result.newBranch[0]).toMatchObject({ event: 'newBranch', type: 'CreateEvent', payload: { ref: 'polled-branch', ref_type: 'branch' } });
		expect(result.newTag).toHaveLength(1);
		expect(result.newTag[0]).toMatchObject({ event: 'newTag', type: 'CreateEvent', payload: { ref: 'v9.9.9', ref_type: 'tag' } });
		expect(result.newPullRequest).toEqual([]);

		// Each is emitted once.
		expect(await pollAll(pollers)).toEqual({ newStar: [], newIssue: [], newPush: [], newBranch: [], newTag: [], newPullRequest: [] });
	});

	test('feed entries added on the server: forks, published releases only, opened pull requests only', async () => {
		const pollers = await learnedPollers(['newFork', 'newRelease', 'newPullRequest', 'newStar']);
		srv.addEvent('ForkEvent', OTHER_LOGIN, LOGIN, 'hello-world', { forkee: { full_name: `${OTHER_LOGIN}/hello-world` } });
		srv.addEvent('ReleaseEvent', LOGIN, LOGIN, 'hello-world', { action: 'published', release: { tag_name: 'v2.0.0' } });
		srv.addEvent('ReleaseEvent', LOGIN, LOGIN, 'hello-world', { action: 'edited', release: { tag_name: 'v2.0.0' } });
		srv.addEvent('PullRequestEvent', OTHER_LOGIN, LOGIN, 'hello-world', { action: 'opened', number: 42 });
		srv.addEvent('PullRequestEvent', OTHER_LOGIN, LOGIN, 'hello-world', { action: 'closed', number: 4 });
		const result = await pollAll(pollers);
		expect(result.newFork.map((item) => item.type)).toEqual(['ForkEvent']);
		expect(result.newRelease.map((item) => (item.payload as IDataObject).action)).toEqual(['published']);
		expect(result.newPullRequest.map((item) => (item.payload as IDataObject).number)).toEqual([42]);
		expect(result.newStar).toEqual([]);
	});

	test('several new entries in one execution, oldest first', async () => {
		const h = poller(feed('newStar'));
		await h.poll();
		const first = srv.addEvent('WatchEvent', 'outside-user', LOGIN, 'hello-world', { action: 'started' });
		const second = srv.addEvent('WatchEvent', OTHER_LOGIN, LOGIN, 'hello-world', { action: 'started' });
		later(61);
		expect(emitted(await h.poll()).map((item) => item.id)).toEqual([first.id, second.id]);
	});

	test('an unchanged feed answers 304 (no rate limit) once the interval has passed', async () => {
		const h = poller(feed('newIssue'));
		await h.poll();
		later(61);
		const used = coreUsed();
		expect(await h.poll()).toBeNull();
		const requests = gets(`/repos/${LOGIN}/hello-world/events`);
		expect(requests).toHaveLength(2);
		expect(requests[1].headers['if-none-match']).toBe(h.staticData.etag);
		expect(coreUsed()).toBe(used);
	});

	test('on an Enterprise server (/api/v3)', async () => {
		const h = poller(feed('newTag'), `${srv.url}/api/v3`);
		expect(await h.poll()).toBeNull();
		await api('POST', `/api/v3/repos/${LOGIN}/hello-world/git/refs`, { ref: 'refs/tags/v5.0.0', sha: srv.repo(LOGIN, 'hello-world')!.branches.get('main') });
		later(61);
		expect(emitted(await h.poll()).map((item) => (item.payload as IDataObject).ref)).toEqual(['v5.0.0']);
		expect(srv.requests.filter((request) => request.rawPath.startsWith(`/api/v3/repos/${LOGIN}/hello-world/events`))).toHaveLength(2);
	});
});

describe('manual mode', () => {
	test('returns the newest item even before anything was learned, and again after it was seen', async () => {
		srv.addGist(LOGIN, { id: 'ee0000000000000000000001', created_at: '2031-01-01T00:00:00Z' });
		const h = poller({ event: 'newGist' });
		const items = emitted(await h.poll('manual'));
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ event: 'newGist', id: 'ee0000000000000000000001' });

		await h.poll();
		expect(emitted(await h.poll('manual')).map((item) => item.id)).toEqual(['ee0000000000000000000001']);
		// Manual polls never send If-None-Match: they must show data.
		expect(gets('/gists').map((request) => request.headers['if-none-match'] !== undefined)).toEqual([false, true, false]);
	});

	test('events feed: the newest matching entry', async () => {
		const h = poller(feed('newIssue'));
		const newest = srv.addEvent('IssuesEvent', OTHER_LOGIN, LOGIN, 'hello-world', { action: 'opened', issue: { number: 77 } });
		srv.addEvent('IssuesEvent', OTHER_LOGIN, LOGIN, 'hello-world', { action: 'closed', issue: { number: 77 } });
		const items = emitted(await h.poll('manual'));
		expect(items.map((item) => item.id)).toEqual([newest.id]);
	});

	test('nothing to show: null', async () => {
		const h = poller(feed('newFork'));
		expect(await h.poll('manual')).toBeNull();
	});
});

describe('changing what is watched starts over', () => {
	test('another repository: state is reset, the first poll there only learns', async () => {
		const h = poller(feed('newStar'));
		await h.poll();
		const helloSeen = h.staticData.seen as string[];
		const helloEtag = h.staticData.etag;

		srv.addEvent('WatchEvent', OTHER_LOGIN, ORG, 'org-repo', { action: 'started' });
		Object.assign(h.parameters, feed('newStar', ORG, 'org-repo'));
		// No waiting for the old feed's interval, no If-None-Match with the old feed's ETag.
		expect(await h.poll()).toBeNull();
		const [request] = gets(`/repos/${ORG}/org-repo/events`);
		expect(request.headers['if-none-match']).toBeUndefined();
		expect(h.staticData.endpoint).toBe(`/repos/${ORG}/org-repo/events`);
		expect(h.staticData.etag).not.toBe(helloEtag);
		expect(h.staticData.seen).toHaveLength(1);
		expect(h.staticData.seen).not.toContain(helloSeen[0]);

		await api('PUT', `/user/starred/${ORG}/org-repo`);
		later(61);
		expect(emitted(await h.poll()).map((item) => (item.repo as IDataObject).name)).toEqual([`${ORG}/org-repo`]);
	});

	test("another event on the same repository: its history is learned, not emitted", async () => {
		const h = poller(feed('newStar'));
		await h.poll();
		h.parameters.event = 'newIssue';
		expect(await h.poll()).toBeNull(); // the seeded issue-opened entry is history
		srv.addEvent('IssuesEvent', OTHER_LOGIN, LOGIN, 'hello-world', { action: 'opened', issue: { number: 78 } });
		later(61);
		expect(emitted(await h.poll()).map((item) => ((item.payload as IDataObject).issue as IDataObject).number)).toEqual([78]);
	});

	test('another gist user: state is reset', async () => {
		const h = poller({ event: 'newGist' });
		await h.poll();
		h.parameters.username = OTHER_LOGIN;
		srv.addGist(OTHER_LOGIN, { id: 'ff0000000000000000000001' });
		expect(await h.poll()).toBeNull();
		expect(h.staticData.seen).toEqual(['ff0000000000000000000001']);
	});
});

describe('bad parameters', () => {
	test('a missing repository: a clear error and no request', async () => {
		const h = poller(feed('newStar', LOGIN, ''));
		await expect(h.poll()).rejects.toThrow(/Repository Owner and Repository Name are required/);
		expect(srv.requests).toHaveLength(0);
	});
});
