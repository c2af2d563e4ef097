/**
 * The Governance Trigger's polls through n8n-core's PollContext against the strict stand-in of
 * the control API: the first poll records (and names the one project the admin key cannot fully
 * read, Finance, where it is only a viewer), later polls emit each change once; a restart loses
 * and repeats nothing; a poll that fails halfway emits and records nothing; an unreadable project
 * is one item; the editor's Fetch Test Event shows a real member; requests per poll are the pages
 * Access → Review reads. Blind projects: trigger.blind.test.ts; overlapping polls:
 * trigger.overlap.test.ts.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { GovernanceApi } from '../../credentials/GovernanceApi.credentials';
import { GovernanceTrigger } from '../../nodes/GovernanceTrigger/GovernanceTrigger.node';
import type { PollHarness } from '../helpers/pollHarness';
import { createPollHarness } from '../helpers/pollHarness';
import type { GovernanceServer } from './harness';
import { ADMIN_KEY, ADMIN_USER_ID, byId, MIXED_EMAIL, MIXED_USER_ID, NO_ADMIN_PROJECT_ID, PENDING_INVITE_CODE, PROJECT_ID, startServer, VIEWER_USER_ID } from './harness';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { permissionsFor } = require('../servers/governance/state') as { permissionsFor: (roles: string[]) => IDataObject };

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const EVERY = { scope: 'everyProject', events: ['memberAdded', 'memberRemoved', 'memberRolesChanged', 'becameAdmin', 'inviteAccepted', 'inviteCreated', 'inviteDeleted', 'apiKeyCreated', 'apiKeyDeleted', 'projectUnreadable'] };

function poller(parameters: IDataObject, staticData?: IDataObject): PollHarness {
	return createPollHarness({
		node: new GovernanceTrigger(),
		parameters,
		credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: PROJECT_ID, apiKey: ADMIN_KEY } },
		credentialTypes: [new GovernanceApi()],
		staticData,
	});
}

const emitted = (result: INodeExecutionData[][] | null): IDataObject[] => (result === null ? [] : result[0].map((item) => item.json));
const summary = (items: IDataObject[]) => items.map((item) => [item.event, item.project, item.email ?? item.userId]).sort();

/** The changes the issue names: add a member, make one admin, accept an invite, delete a key, remove a member. */
function changeAccess(): void {
	srv.addUser({ _id: 'user-new', email: 'new.member@acme.test' });
	srv.addMember('proj-e2e-0002', 'user-new', ['viewer']);
	srv.addMember(PROJECT_ID, VIEWER_USER_ID, ['admin', 'viewer']);
	delete srv.state.invites[PENDING_INVITE_CODE]; // Pending.Person@acme.test joins proj-e2e-0003
	srv.addUser({ _id: 'user-pending', email: 'pending.person@acme.test' });
	srv.addMember('proj-e2e-0003', 'user-pending', ['editor']);
	const mixedKey = Object.keys(srv.state.keys).find((key) => srv.state.keys[key].user_id === MIXED_USER_ID) as string;
	delete srv.state.keys[mixedKey];
	delete srv.state.memberships['proj-e2e-0002'][MIXED_USER_ID];
}

const EXPECTED = [
	['apiKeyDeleted', 'proj-e2e-0003', MIXED_EMAIL],
	['becameAdmin', PROJECT_ID, 'viewer@example.com'],
	['inviteAccepted', 'proj-e2e-0003', 'pending.person@acme.test'],
	['memberAdded', 'proj-e2e-0002', 'new.member@acme.test'],
	['memberRemoved', 'proj-e2e-0002', MIXED_EMAIL],
	['memberRolesChanged', PROJECT_ID, 'viewer@example.com'],
];

describe('Governance Trigger polls', () => {
	test('the first poll records and names only the project the key cannot read; then each change once, in every project; then nothing', async () => {
		const h = poller(EVERY);
		expect(emitted(await h.poll())).toEqual([
			expect.objectContaining({ event: 'projectUnreadable', atStart: true, projects: [expect.objectContaining({ project: NO_ADMIN_PROJECT_ID, projectName: 'Finance', unreadablePart: 'invites', needs: 'Admin' })] }),
		]);
		changeAccess();
		const items = emitted(await h.poll());
		expect(summary(items)).toEqual(EXPECTED);
		expect(items.find((item) => item.event === 'memberRolesChanged')).toMatchObject({ before: { roles: ['viewer'] }, after: { roles: ['admin', 'viewer'] }, userId: VIEWER_USER_ID, projectName: 'E2E project' });
		expect(items.find((item) => item.event === 'inviteAccepted')).toMatchObject({ project: 'proj-e2e-0003', inviteCode: PENDING_INVITE_CODE, roles: ['editor'] });
		expect(items.find((item) => item.event === 'apiKeyDeleted')).toMatchObject({ userId: MIXED_USER_ID, keyId: 'key-mixed', keyLabel: 'laptop' });
		expect(items.find((item) => item.event === 'memberAdded')).toMatchObject({ project: 'proj-e2e-0002', email: 'new.member@acme.test', roles: ['viewer'] });
		expect(items.every((item) => typeof item.seenAt === 'string')).toBe(true);
		expect(JSON.stringify(items)).not.toContain(ADMIN_KEY);
		expect(await h.poll()).toBeNull();
	});

	test('a restart between polls loses and repeats nothing (the state is in static data, through JSON)', async () => {
		const h = poller(EVERY);
		await h.poll();
		changeAccess();
		const restarted = poller(EVERY, JSON.parse(JSON.stringify(h.staticData)) as IDataObject);
		expect(summary(emitted(await restarted.poll()))).toEqual(EXPECTED);
		const again = poller(EVERY, JSON.parse(JSON.stringify(restarted.staticData)) as IDataObject);
		expect(await again.poll()).toBeNull();
	});

	test('a page that fails mid-poll: the poll fails, emits and records nothing; the next poll emits the changes', async () => {
		const h = poller(EVERY);
		await h.poll();
		changeAccess();
		const recorded = JSON.stringify(h.staticData);
		srv.failNext({ method: 'POST', path: '/latest/auth/invite/list', status: 400, body: { message: 'broken page', error_type: 'bad_request', error_audience: 'user' } });
		await expect(h.poll()).rejects.toThrow();
		expect(JSON.stringify(h.staticData)).toBe(recorded);
		expect(summary(emitted(await h.poll()))).toEqual(EXPECTED);
	});

	test('a project that becomes unreadable is one projectUnreadable, once, with no removals; readable again, what changed', async () => {
		const h = poller(EVERY);
		await h.poll();
		srv.state.memberships['proj-e2e-0003'][ADMIN_USER_ID] = permissionsFor(['viewer']); // the key loses Admin there
		const items = emitted(await h.poll());
		expect(items).toEqual([expect.objectContaining({ event: 'projectUnreadable', project: 'proj-e2e-0003', projectName: 'Research' })]);
		expect(String(items[0].reason)).toMatch(/^invites: /);
		expect(await h.poll()).toBeNull();
		srv.state.memberships['proj-e2e-0003'][ADMIN_USER_ID] = permissionsFor(['admin']);
		srv.addInvite('proj-e2e-0003', 'late@acme.test', ['viewer']);
		expect(summary(emitted(await h.poll()))).toEqual([['inviteCreated', 'proj-e2e-0003', 'late@acme.test']]);
	});

	test('a project no longer listed is one projectUnreadable', async () => {
		const h = poller(EVERY);
		await h.poll();
		srv.removeProject('proj-e2e-0002');
		expect(emitted(await h.poll())).toEqual([expect.objectContaining({ event: 'projectUnreadable', project: 'proj-e2e-0002', reason: 'no longer among the projects the key reaches' })]);
	});

	test('one project: requests per poll are the pages Review reads (members by page, invites), no key read without a key event', async () => {
		srv.addUsers(250, 'staff');
		const h = poller({ scope: 'project', project: byId(PROJECT_ID), events: ['becameAdmin'] });
		await h.poll();
		srv.resetRequests();
		expect(await h.poll()).toBeNull();
		expect(srv.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'POST /latest/auth/users/list',
			'POST /latest/auth/users/list',
			'POST /latest/auth/users/list',
			'POST /latest/auth/invite/list',
		]);
		srv.addMember(PROJECT_ID, 'staff-0007', ['admin']);
		expect(summary(emitted(await h.poll()))).toEqual([['becameAdmin', PROJECT_ID, 'staff-0007@example.com']]);
	});

	test('another scope or other events start over: the first poll after it records only', async () => {
		const h = poller(EVERY);
		await h.poll();
		changeAccess();
		h.parameters.events = ['memberAdded', 'apiKeyCreated'];
		h.parameters.scope = 'project';
		h.parameters.project = byId('proj-e2e-0002');
		expect(await h.poll()).toBeNull();
		srv.addMember('proj-e2e-0002', VIEWER_USER_ID, ['viewer']);
		expect(summary(emitted(await h.poll()))).toEqual([['memberAdded', 'proj-e2e-0002', 'viewer@example.com']]);
	});

	test("Fetch Test Event shows a real current member as a sample and records nothing", async () => {
		const h = poller({ scope: 'project', project: { __rl: true, mode: 'credential', value: '' }, events: ['memberRemoved'] });
		const items = emitted(await h.poll('manual'));
		expect(items).toEqual([expect.objectContaining({ event: 'memberAdded', sample: true, project: PROJECT_ID, email: 'admin@example.com', userId: ADMIN_USER_ID, roles: ['admin'] })]);
		expect(h.staticData).toEqual({});
	});

	test('bad input: a clear error before any request', async () => {
		await expect(poller({ scope: 'everyProject', events: [] }).poll()).rejects.toThrow('Choose at least one value for Events');
		await expect(poller({ scope: 'project', project: byId('has space'), events: ['memberAdded'] }).poll()).rejects.toThrow('Project is not a valid project ID: "has space"');
		await expect(poller({ scope: 'everywhere', events: ['memberAdded'] }).poll()).rejects.toThrow(/Scope/);
		await expect(poller({ scope: 'project', events: ['memberJoined'] }).poll()).rejects.toThrow(/memberJoined/);
		expect(srv.requests).toHaveLength(0);
	});
});
