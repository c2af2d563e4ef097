/**
 * Polls of one Governance Trigger that overlap (issue 38). n8n starts each poll on its timer
 * without waiting for the one before (n8n-core's ScheduledTaskManager: a `cron` job without
 * waitForCompletion whose tick drops the poll's promise), so a slow poll (a project answering
 * late, a 429 waited out) runs beside the next. Each change is still emitted exactly once:
 * - a poll that starts while another of the same activation runs does nothing;
 * - a poll that outlasts the hung-poll bound lets the next one run, and whichever of the two
 *   finishes second records and emits nothing (the sequence in static data moved on), so an older
 *   read never replaces a newer one (that gave memberAdded, memberRemoved, memberAdded).
 * The stand-in holds a project's answer until the test releases it: the polls interleave on state,
 * not on time.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { GovernanceApi } from '../../credentials/GovernanceApi.credentials';
import { GovernanceTrigger } from '../../nodes/GovernanceTrigger/GovernanceTrigger.node';
import { HUNG_POLL_MS } from '../../nodes/GovernanceTrigger/poll';
import type { PollHarness } from '../helpers/pollHarness';
import { createPollHarness } from '../helpers/pollHarness';
import { until, UNTIL_TEST_TIMEOUT_MS } from '../helpers/until';
import type { GovernanceServer } from './harness';
import { ADMIN_KEY, PROJECT_ID, startServer } from './harness';

jest.setTimeout(UNTIL_TEST_TIMEOUT_MS);

/** The stand-in's slow answers (test/servers/governance/server.js). */
type SlowServer = GovernanceServer & {
	holdNext(hold: { method?: string; path: string | RegExp; project?: string; times?: number; ms?: number }): { reached: Promise<void>; release(): void };
};

let srv: SlowServer;
beforeEach(async () => {
	srv = (await startServer()) as SlowServer;
});
afterEach(async () => {
	jest.restoreAllMocks();
	await srv.stop();
});

const USERS = '/latest/auth/users/list';
const MEMBER_EVENTS = { scope: 'everyProject', events: ['memberAdded', 'memberRemoved', 'memberRolesChanged', 'becameAdmin'] };

function poller(parameters: IDataObject = MEMBER_EVENTS): PollHarness {
	return createPollHarness({
		node: new GovernanceTrigger(),
		parameters,
		credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: PROJECT_ID, apiKey: ADMIN_KEY } },
		credentialTypes: [new GovernanceApi()],
	});
}

const emitted = (result: INodeExecutionData[][] | null): IDataObject[] => (result === null ? [] : result[0].map((item) => item.json));
const summary = (items: IDataObject[]) => items.map((item) => `${String(item.event)} ${String(item.project)} ${String(item.userId)}`);

function addMember(projectId: string): void {
	srv.addUser({ _id: 'user-late', email: 'late.joiner@acme.test' });
	srv.addMember(projectId, 'user-late', ['viewer']);
}

/** Date.now() as if `ms` had passed (the hung-poll bound), for the polls started while it holds. */
function clockAhead(ms: number): void {
	const now = Date.now.bind(Date);
	jest.spyOn(Date, 'now').mockImplementation(() => now() + ms);
}

describe('overlapping polls of one activation', () => {
	test('a poll that starts while the previous one waits for a late project does nothing; the change comes once', async () => {
		const h = poller();
		await h.poll();
		const late = srv.holdNext({ method: 'POST', path: USERS, project: 'proj-e2e-0002' });
		const first = h.poll();
		await late.reached;
		addMember('proj-e2e-0002');
		srv.resetRequests();
		// the next tick of n8n's timer, while the first poll still waits
		expect(await h.poll()).toBeNull();
		expect(srv.requests).toEqual([]);
		late.release();
		expect(summary(emitted(await first))).toEqual(['memberAdded proj-e2e-0002 user-late']);
		expect(await h.poll()).toBeNull();
		expect(await h.poll()).toBeNull();
	});

	test('a poll that waits out a 429 is not doubled by the polls started meanwhile', async () => {
		const h = poller();
		await h.poll();
		addMember('proj-e2e-0003');
		srv.failNext({ method: 'POST', path: USERS, status: 429, headers: { 'retry-after': '1' }, body: { message: 'slow down' } });
		const first = h.poll();
		await until('the 429', () => srv.requests.some((request) => request.path === USERS));
		const during = srv.requests.length;
		expect(await h.poll()).toBeNull();
		expect(await h.poll()).toBeNull();
		expect(srv.requests.slice(during).every((request) => request.path === USERS && request.headers.authorization.includes('proj-e2e-0001'))).toBe(true);
		expect(summary(emitted(await first))).toEqual(['memberAdded proj-e2e-0003 user-late']);
		expect(await h.poll()).toBeNull();
	});

	test('a hung poll lets the next run; the next finishes first and emits the change; the hung one then records and emits nothing', async () => {
		const h = poller();
		await h.poll();
		// the older poll reads the first project, then hangs on the second
		const late = srv.holdNext({ method: 'POST', path: USERS, project: 'proj-e2e-0002' });
		const older = h.poll();
		await late.reached;
		addMember(PROJECT_ID); // in a project the older poll has already read
		clockAhead(HUNG_POLL_MS + 1);
		expect(summary(emitted(await h.poll()))).toEqual([`memberAdded ${PROJECT_ID} user-late`]);
		jest.restoreAllMocks();
		const recorded = JSON.stringify(h.staticData);
		late.release();
		expect(await older).toBeNull();
		// the older read (without the new member) did not replace the newer one
		expect(JSON.stringify(h.staticData)).toBe(recorded);
		expect(await h.poll()).toBeNull();
		expect(await h.poll()).toBeNull();
	});

	test('a hung poll that finishes first records its read; the newer poll started meanwhile then emits nothing; the next poll nothing', async () => {
		const h = poller();
		await h.poll();
		const late = srv.holdNext({ method: 'POST', path: USERS, project: 'proj-e2e-0002' });
		const older = h.poll();
		await late.reached;
		clockAhead(HUNG_POLL_MS + 1);
		const later = srv.holdNext({ method: 'POST', path: USERS, project: 'proj-e2e-0003' });
		const newer = h.poll();
		await later.reached;
		jest.restoreAllMocks();
		addMember('proj-e2e-0002'); // both polls still have this project to read (the older) or have read it (the newer, before the change)
		late.release();
		expect(summary(emitted(await older))).toEqual(['memberAdded proj-e2e-0002 user-late']);
		later.release();
		expect(await newer).toBeNull();
		expect(await h.poll()).toBeNull();
		srv.addMember('proj-e2e-0002', 'user-late', ['editor']);
		expect(summary(emitted(await h.poll()))).toEqual(['memberRolesChanged proj-e2e-0002 user-late']);
	});

	test('the sequence travels with the state (through JSON, as n8n stores it): a restarted trigger goes on from it', async () => {
		const h = poller();
		await h.poll();
		await h.poll();
		expect((h.staticData as { seq?: number }).seq).toBe(2);
		const restarted = createPollHarness({
			node: new GovernanceTrigger(),
			parameters: MEMBER_EVENTS,
			credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: PROJECT_ID, apiKey: ADMIN_KEY } },
			credentialTypes: [new GovernanceApi()],
			staticData: JSON.parse(JSON.stringify(h.staticData)) as IDataObject,
		});
		addMember(PROJECT_ID);
		expect(summary(emitted(await restarted.poll()))).toEqual([`memberAdded ${PROJECT_ID} user-late`]);
		expect((restarted.staticData as { seq?: number }).seq).toBe(3);
	});
});
