import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import { MIXED_USER_ID, NO_ADMIN_PROJECT_ID, PENDING_INVITE_CODE, PROJECT_ID, runGovernance, startServer } from './harness';
import { MARKETING, RESEARCH, SANDBOX, projectOf } from './orgKit';

// Access → Revoke with Scope "Every Project": one person removed from every project the key
// reaches, the projects it may not check reported, a server error naming what is left.

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

describe('access → revoke with Scope "Every Project"', () => {
	const revokeEverywhere = (email: string, options: IDataObject = {}) =>
		runGovernance(srv, { parameters: { resource: 'access', operation: 'revoke', scope: 'everyProject', email, options } });

	test('a person in 3 of 4 projects: one item, 3 cleaned, the 4th notFound; requests = 1 projects list + lookups + writes', async () => {
		srv.removeProject(NO_ADMIN_PROJECT_ID);
		const { output, error } = await revokeEverywhere('mixed.case@acme.test', { deleteApiKeys: true });
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			email: 'mixed.case@acme.test',
			scope: 'everyProject',
			action: 'removed',
			complete: true,
			userId: MIXED_USER_ID,
			keysDeleted: 1,
			projectsChecked: 4,
			projectsNotChecked: 0,
		});
		expect((output[0].json.projects as IDataObject[]).map((line) => [line.projectId, line.action])).toEqual([
			[PROJECT_ID, 'notFound'],
			[MARKETING, 'removed'],
			[RESEARCH, 'removed'],
			[SANDBOX, 'removed'],
		]);
		for (const project of [MARKETING, RESEARCH, SANDBOX]) expect(srv.state.memberships[project][MIXED_USER_ID]).toBeUndefined();
		expect(Object.values(srv.state.keys).some((key) => key.user_id === MIXED_USER_ID)).toBe(false);

		const projectLists = srv.requests.filter((request) => request.path === '/latest/projects/list');
		expect(projectLists).toHaveLength(1);
		// Per project: the search (+ the full list where the search finds nobody), the invites, the writes;
		// once, in the credential's project, who the API key is (the first time a member is found)
		const perProject = (id: string) => srv.requests.filter((request) => request.path !== '/latest/projects/list' && projectOf(request) === id).map((request) => request.path);
		expect(perProject(PROJECT_ID)).toEqual(['/latest/auth/users/list', '/latest/auth/users/list', '/latest/auth/invite/list', '/latest/auth/info']);
		expect(perProject(MARKETING)).toEqual([
			'/latest/auth/users/list',
			'/latest/auth/users/list',
			'/latest/auth/invite/list',
			`/latest/auth/users/${MIXED_USER_ID}/keys/list`,
			`/latest/auth/users/${MIXED_USER_ID}/keys/delete`,
			`/latest/auth/users/${MIXED_USER_ID}/delete`,
		]);
		expect(perProject(RESEARCH).filter((path) => !path.endsWith('/list'))).toEqual([`/latest/auth/users/${MIXED_USER_ID}/delete`]);
		expect(srv.requests).toHaveLength(1 + 3 + 1 + 6 + 4 + 4);
	});

	test('a project where the key lacks Admin is reported, the others are cleaned, and the result is not notFound', async () => {
		const { output, error } = await revokeEverywhere('pending.person@acme.test');
		expect(error).toBeUndefined();
		const lines = output[0].json.projects as IDataObject[];
		expect(lines.find((line) => line.projectId === RESEARCH)).toMatchObject({ action: 'uninvited', inviteIds: [PENDING_INVITE_CODE] });
		const refused = lines.find((line) => line.projectId === NO_ADMIN_PROJECT_ID);
		expect(refused).toMatchObject({ action: 'notChecked' });
		expect(String(refused?.error)).toMatch(/Admin/);
		expect(output[0].json).toMatchObject({ action: 'uninvited', complete: false, projectsNotChecked: 1 });
		expect(srv.state.invites[PENDING_INVITE_CODE]).toBeUndefined();

		const again = await revokeEverywhere('Pending.Person@acme.test');
		expect(again.output[0].json).toMatchObject({ action: 'notChecked', complete: false });
	});

	test('a server error stops it and says what was done and what is left', async () => {
		srv.failNext({ method: 'POST', path: '/latest/auth/invite/list', status: 500, times: 1 });
		srv.resetRequests();
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'revoke', scope: 'everyProject', email: 'mixed.case@acme.test', options: {} },
		});
		expect(error?.description).toMatch(/stopped in project E2E project/);
		expect(error?.description).toMatch(/Not yet checked: Marketing, Research/);
		expect(srv.state.memberships[MARKETING][MIXED_USER_ID]).toBeDefined();
	});
});
