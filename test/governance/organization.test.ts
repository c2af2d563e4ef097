import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import {
	ADMIN_KEY,
	ADMIN_USER_ID,
	MIXED_EMAIL,
	MIXED_USER_ID,
	PROJECT_ID,
	VIEWER_USER_ID,
	byId,
	runGovernance,
	startServer,
} from './harness';
import { EDITOR, MARKETING, RESEARCH, SANDBOX, VIEWER, isWrite } from './orgKit';

// Governance at organization scale: one credential acts in any project its key reaches, emails
// match without case against the strict server's case-sensitive search, organization roles and
// info. Revoke everywhere, review and sync have their own files (revokeEverywhere, review, sync).

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const writes = () => srv.requests.filter(isWrite);

describe('the Project parameter', () => {
	test('By ID: every call names that project in the Authorization header; the project header never reaches the platform', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'getAll', project: byId(MARKETING), returnAll: true, filters: {} },
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json._id).sort()).toEqual([ADMIN_USER_ID, MIXED_USER_ID]);
		expect(srv.requests).toHaveLength(1);
		expect(srv.requests[0].headers.authorization).toBe(`Bearer ${MARKETING}:${ADMIN_KEY}`);
		expect(Object.keys(srv.requests[0].headers).filter((name) => name.includes('governance'))).toEqual([]);
	});

	test('a saved workflow without the parameter acts in the credential\'s project, exactly as before', async () => {
		const { output } = await runGovernance(srv, { parameters: { resource: 'user', operation: 'getAll', returnAll: true, filters: {} } });
		expect(output.map((item) => item.json._id).sort()).toEqual([ADMIN_USER_ID, VIEWER_USER_ID]);
		expect(srv.requests[0].headers.authorization).toBe(`Bearer ${PROJECT_ID}:${ADMIN_KEY}`);
	});

	test('From List: the projects the key reaches, searchable; the role update keeps its form without Bearer', async () => {
		const { output } = await runGovernance(srv, {
			parameters: {
				resource: 'user',
				operation: 'updateRole',
				project: { __rl: true, mode: 'list', value: RESEARCH, cachedResultName: 'Research' },
				userId: byId(MIXED_USER_ID),
				roles: ['editor'],
				options: { overwrite: true },
			},
		});
		expect(output[0].json).toMatchObject({ success: true, user_id: MIXED_USER_ID });
		// first the run's one own-user lookup, in the credential's project
		expect(srv.requests.map((request) => request.path)).toEqual(['/latest/auth/info', `/latest/auth/users/${MIXED_USER_ID}/update`]);
		expect(srv.requests[1].headers.authorization).toBe(`${RESEARCH}:${ADMIN_KEY}`);
		expect(srv.state.memberships[RESEARCH][MIXED_USER_ID]).toEqual(EDITOR);
	});

	test.each([
		['a colon', 'proj:1', 'Project is not a valid project ID: "proj:1"'],
		['a space', 'proj 1', 'Project is not a valid project ID: "proj 1"'],
		['a slash', 'proj/1', 'Project is not a valid project ID: "proj/1"'],
		['nothing', '', 'Project is empty'],
	])('a project ID with %s (from an expression or an AI agent) is refused before any request', async (_name, value, message) => {
		const { error } = await runGovernance(srv, {
			parameters: {
				resource: 'invite',
				operation: 'create',
				project: byId(`={{ ${JSON.stringify(value)} }}`),
				email: 'x@acme.test',
				roles: ['viewer'],
				options: {},
			},
		});
		expect(error?.message).toBe(message);
		expect(srv.requests).toHaveLength(0);
	});

	test('typed into By ID, such an ID is already a parameter issue in n8n (the mode\'s validation)', async () => {
		await expect(
			runGovernance(srv, {
				parameters: { resource: 'invite', operation: 'create', project: byId('proj:1'), email: 'x@acme.test', roles: ['viewer'], options: {} },
			}),
		).rejects.toThrow(/workflow has issues/);
		expect(srv.requests).toHaveLength(0);
	});

	test('a project the key does not reach: the platform\'s refusal names the project, nothing is written', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'ensure', project: byId('proj-unknown'), email: 'x@acme.test', roles: ['viewer'], options: {} },
		});
		expect(error?.message).toMatch(/Unknown project|no access/i);
		expect(error?.description).toContain('proj-unknown');
		expect(writes()).toHaveLength(0);
	});
});

describe('emails match without case (the platform\'s search is case-sensitive)', () => {
	const lower = MIXED_EMAIL.toLowerCase();

	test('Revoke removes a member stored as Mixed.Case@… given the address in lower case', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'revoke', project: byId(MARKETING), email: lower, options: {} },
		});
		expect(output[0].json).toEqual({ email: lower, action: 'removed', userId: MIXED_USER_ID, keysDeleted: 0 });
		expect(srv.state.memberships[MARKETING][MIXED_USER_ID]).toBeUndefined();
		// The search as typed found nobody; the whole member list then did.
		const lists = srv.requests.filter((request) => request.path === '/latest/auth/users/list').map((request) => JSON.parse(request.body ?? '{}'));
		expect(lists[0].user_filters).toEqual({ email_search: lower });
		expect(lists[1].user_filters).toBeUndefined();
	});

	test('Ensure updates that member (no invite for someone already in the project)', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'ensure', project: byId(MARKETING), email: 'MIXED.CASE@ACME.TEST', roles: ['viewer'], options: {} },
		});
		expect(output[0].json).toMatchObject({ action: 'updated', userId: MIXED_USER_ID, roles: ['viewer'] });
		expect(writes().map((request) => request.path)).toEqual([`/latest/auth/users/${MIXED_USER_ID}/update`]);
		expect(srv.state.memberships[MARKETING][MIXED_USER_ID]).toEqual(VIEWER);
	});

	test('someone in no project is notFound only after every member was compared', async () => {
		srv.addUsers(150, 'many');
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'revoke', email: 'nobody@acme.test', options: {} },
		});
		expect(output[0].json.action).toBe('notFound');
		const unfiltered = srv.requests.filter((request) => request.path === '/latest/auth/users/list' && !JSON.parse(request.body ?? '{}').user_filters);
		expect(unfiltered).toHaveLength(2); // 152 members, pages of 100
		expect(writes()).toHaveLength(0);
	});
});

describe('organization roles and info', () => {
	test('User → Update Organization Role sends {admin, role} as the OpenAPI copy describes', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: {
				resource: 'user',
				operation: 'updateOrganizationRole',
				organizationId: byId('org-e2e-0001'),
				userId: byId(MIXED_USER_ID),
				admin: false,
				options: { role: 'viewer' },
			},
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ success: true, organization_id: 'org-e2e-0001', user_id: MIXED_USER_ID, admin: false, role: 'viewer' });
		expect(srv.requests.map((request) => request.path)).toEqual([
			'/latest/auth/info',
			`/latest/auth/organization/org-e2e-0001/user/${MIXED_USER_ID}/update`,
		]);
		expect(JSON.parse(srv.requests[1].body ?? '')).toEqual({ admin: false, role: 'viewer' });
	});

	const updateOrganizationRole = (extra: IDataObject) => ({
		resource: 'user',
		operation: 'updateOrganizationRole',
		organizationId: byId('org-e2e-0001'),
		userId: byId(MIXED_USER_ID),
		...extra,
	});

	test.each([
		['not saved (the node left at its defaults)', {}],
		['saved as "Choose (Required)"', { admin: '' }],
		['an expression that gives nothing', { admin: '={{ "" }}' }],
	])('Organization Admin %s: a clear error naming it, on the item, and 0 requests', async (_name, extra) => {
		const { error, output } = await runGovernance(srv, { parameters: updateOrganizationRole(extra), items: [{}, {}] });
		expect(output).toHaveLength(0);
		expect(error?.message).toBe('Choose Organization Admin: Admin or Not Admin');
		expect(error?.description).toMatch(/^Nothing was sent\./);
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});

	test('Organization Admin unset with Continue On Fail: every item answers the error, still 0 requests', async () => {
		const { error, output } = await runGovernance(srv, { parameters: updateOrganizationRole({}), items: [{}, {}], continueOnFail: true });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.error)).toEqual(['Choose Organization Admin: Admin or Not Admin', 'Choose Organization Admin: Admin or Not Admin']);
		expect(srv.requests).toHaveLength(0);
	});

	test.each([
		['Admin (true)', true, true],
		['Not Admin (false)', false, false],
		['text "true" from an expression', '={{ "true" }}', true],
	])('Organization Admin %s is sent as chosen', async (_name, admin, sent) => {
		const { error } = await runGovernance(srv, { parameters: updateOrganizationRole({ admin }) });
		expect(error).toBeUndefined();
		expect(JSON.parse(srv.requests[1].body ?? '')).toEqual({ admin: sent });
	});

	test('the Role option added at its shown default (Unchanged) sends no role, as without it', async () => {
		const { error } = await runGovernance(srv, { parameters: updateOrganizationRole({ admin: true, options: { role: '' } }) });
		expect(error).toBeUndefined();
		expect(JSON.parse(srv.requests[1].body ?? '')).toEqual({ admin: true });
	});

	test('role admin with Organization Admin off is a contradiction refused before any request', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'updateOrganizationRole', organizationId: byId('org-e2e-0001'), userId: byId(MIXED_USER_ID), admin: false, options: { role: 'admin' } },
		});
		expect(error?.message).toBe('Role admin needs Organization Admin: Admin');
		expect(srv.requests).toHaveLength(0);
	});

	test('an unknown organization role is refused before any request', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'user', operation: 'updateOrganizationRole', organizationId: byId('org-e2e-0001'), userId: byId(MIXED_USER_ID), admin: false, options: { role: 'owner' } },
		});
		expect(error?.message).toBe('Unknown value for Role: "owner"');
		expect(srv.requests).toHaveLength(0);
	});

	test('Project → Get Organization Info reads the chosen project\'s organization', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'project', operation: 'getOrganizationInfo', project: byId(SANDBOX) },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ project_id: SANDBOX, concurrency: expect.any(Object) });
		expect(srv.requests[0]).toMatchObject({ method: 'GET', path: '/latest/projects/organization_info' });
		expect(srv.requests[0].headers.authorization).toBe(`Bearer ${SANDBOX}:${ADMIN_KEY}`);
	});
});
