import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import { MIXED_EMAIL, MIXED_USER_ID, NO_ADMIN_PROJECT_ID, PENDING_INVITE_CODE, PROJECT_ID, byId, runGovernance, startServer } from './harness';
import { MARKETING, RESEARCH, SANDBOX, isWrite } from './orgKit';

// Access → Review: one item per person per project, over chosen projects or every project the
// key reaches, exactly the server's state.

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const writes = () => srv.requests.filter(isWrite);

describe('access → review', () => {
	const review = (parameters: IDataObject) =>
		runGovernance(srv, { parameters: { resource: 'access', operation: 'review', output: 'perPersonAndProject', returnAll: true, options: {}, ...parameters } });

	test('four projects: one item per person per project, exactly the server\'s state', async () => {
		const { output, error } = await review({ scope: 'projects', projectIds: [PROJECT_ID, MARKETING, RESEARCH, SANDBOX], options: { includeApiKeys: true } });
		expect(error).toBeUndefined();
		const lines = output.map((item) => item.json);
		const expected: string[] = [];
		for (const project of [PROJECT_ID, MARKETING, RESEARCH, SANDBOX]) {
			for (const userId of Object.keys(srv.state.memberships[project])) expected.push(`${project} member ${String(srv.state.users[userId].email)}`);
			for (const invite of Object.values(srv.state.invites).filter((entry) => entry.project === project)) expected.push(`${project} pending ${String(invite.email)}`);
		}
		expect(lines.map((line) => `${line.project} ${line.state} ${line.email}`)).toEqual(expected);
		expect(lines.find((line) => line.project === RESEARCH && line.state === 'pending')).toMatchObject({
			projectName: 'Research',
			email: 'Pending.Person@acme.test',
			roles: ['editor'],
			inviteCode: PENDING_INVITE_CODE,
		});
		expect(lines.find((line) => line.project === MARKETING && line.userId === MIXED_USER_ID)).toMatchObject({
			email: MIXED_EMAIL,
			roles: ['editor'],
			apiKeyCount: 1,
			apiKeyLabels: ['laptop'],
		});
		expect(JSON.stringify(lines)).not.toMatch(/sk-/);
		// Keys are read once per user, however many projects they are in.
		expect(srv.requests.filter((request) => request.path === `/latest/auth/users/${MIXED_USER_ID}/keys/list`)).toHaveLength(1);
		expect(writes()).toHaveLength(0);
	});

	test('every project: a project without Admin is a notReadable line, not a failure; Limit stops the reading', async () => {
		const { output } = await review({ scope: 'everyProject' });
		expect(output.find((item) => item.json.project === NO_ADMIN_PROJECT_ID && item.json.state === 'notReadable')).toBeDefined();

		srv.resetRequests();
		const limited = await review({ scope: 'everyProject', returnAll: false, limit: 3 });
		expect(limited.output).toHaveLength(3);
		expect(srv.requests.map((request) => request.path)).toEqual(['/latest/projects/list', '/latest/auth/users/list', '/latest/auth/invite/list', '/latest/auth/users/list']);
	});

	test('with Include API Keys in a project whose keys the key may not read: every member is still listed, the refusal noted once', async () => {
		const { output, error } = await review({ scope: 'project', project: byId(NO_ADMIN_PROJECT_ID), options: { includeApiKeys: true } });
		expect(error).toBeUndefined();
		const members = output.filter((item) => item.json.state === 'member').map((item) => item.json);
		expect(members.map((line) => line.userId).sort()).toEqual(Object.keys(srv.state.memberships[NO_ADMIN_PROJECT_ID]).sort());
		for (const line of members) {
			expect(line.apiKeyCount).toBeUndefined();
			expect(String(line.apiKeysNotReadable)).toMatch(/Admin/);
		}
		expect(output.at(-1)?.json).toMatchObject({ state: 'notReadable', reading: 'invites' });
		expect(srv.requests.filter((request) => request.path.endsWith('/keys/list'))).toHaveLength(1);
	});

	test('an unknown project is refused before reading members', async () => {
		const { error } = await review({ scope: 'projects', projectIds: 'proj-nowhere' });
		expect(error?.message).toBe('Project "proj-nowhere" is not among the projects the key reaches');
		expect(srv.requests.map((request) => request.path)).toEqual(['/latest/projects/list']);
	});
});
