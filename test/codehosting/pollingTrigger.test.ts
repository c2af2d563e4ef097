/**
 * The Code Hosting Polling Trigger through n8n-core's PollContext against the local GitHub-like
 * server over real HTTP: first poll learns, new things are emitted once, unchanged lists cost a
 * 304 and no rate limit, X-Poll-Interval is honoured, events-feed filters, manual mode, resets.
 *
 * The clock (Date.now) is moved forward by the tests where time has to pass between polls.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import { CodeHostingPollingTrigger } from '../../nodes/CodeHostingPollingTrigger/CodeHostingPollingTrigger.node';
import type { PollHarness } from '../helpers/pollHarness';
import { createPollHarness } from '../helpers/pollHarness';
import type { CodeHostingServer } from '../servers/codehosting/server';
import { createCodeHostingServer, LOGIN, ORG, OTHER_LOGIN, OTHER_TOKEN, TOKEN } from '../servers/codehosting/server';

let srv: CodeHostingServer;
let offsetMs = 0;
const realNow = Date.now.bind(Date);

beforeEach(async () => {
	srv = createCodeHostingServer({ autoDeliver: false });
	await srv.start();
	offsetMs = 0;
	jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
});

afterEach(async () => {
	jest.restoreAllMocks();
	await srv.stop();
});

/** Lets `seconds` pass (for the node's X-Poll-Interval bookkeeping). */
const later = (seconds: number) => {
	offsetMs += seconds * 1000;
};

function poller(parameters: IDataObject, server = srv.url, staticData?: IDataObject): PollHarness {
	return createPollHarness({
		node: new CodeHostingPollingTrigger(),
		parameters: { authentication: 'accessToken', ...parameters },
		credentials: { codeHostingApi: { server, accessToken: TOKEN } },
		credentialTypes: [new CodeHostingApi()],
		staticData,
	});
}

/** n8n restarted: a new workflow object with the static data n8n saved (through JSON, as its database keeps it). */
const restarted = (h: PollHarness, parameters: IDataObject): PollHarness => poller(parameters, srv.url, h.staticData);

const feed = (event: string, owner = LOGIN, repository = 'hello-world') => ({
	event,
	owner: { __rl: true, mode: 'name', value: owner },
	repository: { __rl: true, mode: 'name', value: repository },
});

/** The JSON of the emitted items (an empty list when poll() returned null). */
const emitted = (result: INodeExecutionData[][] | null): IDataObject[] => {
	if (result === null) return [];
	expect(result).toHaveLength(1);
	expect(result[0].length).toBeGreaterThan(0);
	return result[0].map((item) => item.json);
};

/** A call to the server's API as a user would make it (outside the trigger). */
async function api(method: string, path: string, body?: unknown, token = TOKEN): Promise<IDataObject> {
	const response = await fetch(`${srv.url}${path}`, {
		method,
		headers: {
			authorization: `Bearer ${token}`,
			'user-agent': 'polling-test',
			accept: 'application/vnd.github+json',
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	expect(response.status).toBeLessThan(300);
	const text = await response.text();
	return text ? (JSON.parse(text) as IDataObject) : {};
}

const coreUsed = () => srv.state.rate.core.used;
const gets = (path: string) => srv.requests.filter((request) => request.method === 'GET' && request.path === path);

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
