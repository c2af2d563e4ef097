/**
 * The Governance Trigger never watches nothing without saying so (issue 38): with Scope Project,
 * a project the key cannot read fails the first poll (the activation's) and the editor's Fetch
 * Test Event with an error that names the project and what the key lacks; with Every Project, the
 * projects the key cannot read are named in one projectUnreadable item at the first poll; a
 * Viewer key still watches the members (member events need a membership, invite and key events
 * Admin).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { GovernanceApi } from '../../credentials/GovernanceApi.credentials';
import { GovernanceTrigger } from '../../nodes/GovernanceTrigger/GovernanceTrigger.node';
import type { PollHarness } from '../helpers/pollHarness';
import { createPollHarness } from '../helpers/pollHarness';
import type { GovernanceServer } from './harness';
import { ADMIN_KEY, ADMIN_USER_ID, byId, MIXED_USER_ID, NO_ADMIN_PROJECT_ID, PROJECT_ID, startServer } from './harness';

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const MEMBER_EVENTS = ['memberAdded', 'memberRemoved', 'memberRolesChanged', 'becameAdmin'];
const EVERY = { scope: 'everyProject', events: [...MEMBER_EVENTS, 'inviteAccepted', 'inviteCreated', 'inviteDeleted', 'apiKeyCreated', 'apiKeyDeleted', 'projectUnreadable'] };

function poller(parameters: IDataObject): PollHarness {
	return createPollHarness({
		node: new GovernanceTrigger(),
		parameters,
		credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: PROJECT_ID, apiKey: ADMIN_KEY } },
		credentialTypes: [new GovernanceApi()],
	});
}

const emitted = (result: INodeExecutionData[][] | null): IDataObject[] => (result === null ? [] : result[0].map((item) => item.json));

async function failure(poll: Promise<unknown>): Promise<NodeApiError> {
	const error = await poll.then(
		() => undefined,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(NodeApiError);
	return error as NodeApiError;
}

describe('Scope Project: a project the key cannot read is an error, not a silent trigger', () => {
	test('a project ID the key does not reach: the first poll fails naming it and what the key lacks; nothing is recorded', async () => {
		const h = poller({ scope: 'project', project: byId('proj-typo-0001'), events: ['memberAdded', 'becameAdmin'] });
		const error = await failure(h.poll());
		expect(error.message).toBe('The key cannot read the members of project proj-typo-0001, so the trigger would watch nothing there: Unknown project (HTTP 401)');
		expect(error.description).toMatch(/^The key's user is not a member of the project, or the project ID is wrong/);
		expect(error.httpCode).toBe('401');
		expect(h.staticData).toEqual({});
		// every poll says so (until the key reaches it): not recorded as read
		await expect(h.poll()).rejects.toThrow('project proj-typo-0001');
	});

	test("the editor's Fetch Test Event shows the same error", async () => {
		const h = poller({ scope: 'project', project: byId('proj-typo-0001'), events: ['memberAdded'] });
		const error = await failure(h.poll('manual'));
		expect(error.message).toBe('The key cannot read the members of project proj-typo-0001, so the trigger would watch nothing there: Unknown project (HTTP 401)');
	});

	test('a project where the key is only a viewer: invite events fail naming Admin; key events too; member events are watched', async () => {
		const invites = poller({ scope: 'project', project: byId(NO_ADMIN_PROJECT_ID), events: ['memberAdded', 'inviteCreated'] });
		const error = await failure(invites.poll());
		expect(error.message).toBe(`The key cannot read the pending invites of project ${NO_ADMIN_PROJECT_ID}, so the trigger would watch nothing there: This action needs the Admin permission in the project (HTTP 403)`);
		expect(error.description).toMatch(/not an Admin there: listing pending invites needs the Admin role/);
		expect(error.httpCode).toBe('403');
		expect((await failure(invites.poll('manual'))).message).toBe(error.message);

		const keys = poller({ scope: 'project', project: byId(NO_ADMIN_PROJECT_ID), events: ['memberAdded', 'apiKeyCreated'] });
		expect((await failure(keys.poll())).message).toBe(`The key cannot read the members' API keys of project ${NO_ADMIN_PROJECT_ID}, so the trigger would watch nothing there: This action needs the Admin permission in the project (HTTP 403)`);
		expect((await failure(keys.poll('manual'))).description).toMatch(/API key events cannot be watched/);

		const members = poller({ scope: 'project', project: byId(NO_ADMIN_PROJECT_ID), events: MEMBER_EVENTS });
		expect(await members.poll()).toBeNull();
		expect(emitted(await members.poll('manual'))).toEqual([expect.objectContaining({ sample: true, project: NO_ADMIN_PROJECT_ID })]);
		srv.addMember(NO_ADMIN_PROJECT_ID, 'user-member', ['editor']);
		srv.addMember(NO_ADMIN_PROJECT_ID, MIXED_USER_ID, ['admin']);
		expect(emitted(await members.poll()).map((item) => [item.event, item.userId]).sort()).toEqual([
			['becameAdmin', MIXED_USER_ID],
			['memberAdded', 'user-member'],
			['memberRolesChanged', MIXED_USER_ID],
		]);
	});

	test('a project that was read and then becomes unreadable is one projectUnreadable, not an error', async () => {
		const h = poller({ scope: 'project', project: byId('proj-e2e-0002'), events: ['memberAdded', 'inviteCreated', 'projectUnreadable'] });
		expect(await h.poll()).toBeNull();
		srv.addMember('proj-e2e-0002', ADMIN_USER_ID, ['viewer']);
		expect(emitted(await h.poll())).toEqual([expect.objectContaining({ event: 'projectUnreadable', project: 'proj-e2e-0002', unreadablePart: 'invites', needs: 'Admin' })]);
		expect(await h.poll()).toBeNull();
	});
});

describe('Every Project: the projects the key cannot read are named at the first poll', () => {
	test('a Viewer-only project: one projectUnreadable at the first poll naming it and what the key needs, then nothing', async () => {
		srv.addProject('proj-viewer-only', { name: 'Viewer only', keyRole: 'viewer' });
		const h = poller(EVERY);
		const first = emitted(await h.poll());
		expect(first).toHaveLength(1);
		expect(first[0]).toMatchObject({ event: 'projectUnreadable', atStart: true });
		expect(first[0].projects).toEqual([
			{ project: NO_ADMIN_PROJECT_ID, projectName: 'Finance', reason: 'invites: This action needs the Admin permission in the project (HTTP 403)', unreadablePart: 'invites', needs: 'Admin' },
			{ project: 'proj-viewer-only', projectName: 'Viewer only', reason: 'invites: This action needs the Admin permission in the project (HTTP 403)', unreadablePart: 'invites', needs: 'Admin' },
		]);
		expect(first[0].message).toBe('The key cannot read 2 of 6 project(s), which are not watched: Finance (invites: needs Admin), Viewer only (invites: needs Admin)');
		expect(await h.poll()).toBeNull();
		expect(await h.poll()).toBeNull();
	});

	test('a Viewer-only project that appears later is one projectUnreadable then; with member events only it is watched', async () => {
		const h = poller(EVERY);
		await h.poll();
		srv.addProject('proj-viewer-late', { name: 'Late', keyRole: 'viewer' });
		expect(emitted(await h.poll())).toEqual([expect.objectContaining({ event: 'projectUnreadable', project: 'proj-viewer-late', projectName: 'Late', unreadablePart: 'invites' })]);
		expect(await h.poll()).toBeNull();

		const members = poller({ scope: 'everyProject', events: [...MEMBER_EVENTS, 'projectUnreadable'] });
		expect(await members.poll()).toBeNull();
		srv.addMember('proj-viewer-late', 'user-member', ['viewer']);
		expect(emitted(await members.poll())).toEqual([expect.objectContaining({ event: 'memberAdded', project: 'proj-viewer-late', userId: 'user-member' })]);
	});

	test('without the event Project Unreadable chosen, the first poll still names the unread projects in one item; later ones are only logged', async () => {
		const h = poller({ scope: 'everyProject', events: ['memberAdded', 'inviteCreated'] });
		const first = emitted(await h.poll());
		expect(first).toHaveLength(1);
		expect(first[0]).toMatchObject({ event: 'projectUnreadable', atStart: true, projects: [expect.objectContaining({ project: NO_ADMIN_PROJECT_ID, projectName: 'Finance', unreadablePart: 'invites', needs: 'Admin' })] });
		const state = h.staticData as { snap: { p: Record<string, { u?: string }> } };
		expect(state.snap.p[NO_ADMIN_PROJECT_ID].u).toMatch(/^invites: /);
		expect(await h.poll()).toBeNull();
		srv.addProject('proj-viewer-later', { name: 'Later', keyRole: 'viewer' });
		expect(await h.poll()).toBeNull();
	});

	test('a key that reads every project: the first poll emits nothing', async () => {
		const h = poller({ scope: 'everyProject', events: ['memberAdded'] });
		expect(await h.poll()).toBeNull();
		expect(Object.keys((h.staticData as { snap: { p: object } }).snap.p).length).toBeGreaterThan(0);
	});
});
