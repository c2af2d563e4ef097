/** The User and Invite pickers of the Governance node, through n8n-core's LoadOptionsContext. */
import { GovernanceApi } from '../../credentials/GovernanceApi.credentials';
import { Governance } from '../../nodes/Governance/Governance.node';
import { loadOptionsContext } from '../helpers/loadOptions';
import type { GovernanceServer } from './harness';
import { ADMIN_KEY, PROJECT_ID, runGovernance, startServer } from './harness';

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const node = new Governance();
const context = (path: string) =>
	loadOptionsContext({
		node,
		parameters: { resource: 'user', operation: 'remove' },
		credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: PROJECT_ID, apiKey: ADMIN_KEY } },
		credentialTypes: [new GovernanceApi()],
		path,
	});

test('searchUsers: "name <email>" by user ID, filtered on the platform, paged with a token', async () => {
	srv.addUsers(120);
	const first = await node.methods.listSearch.searchUsers.call(context('userId'));
	expect(first.results).toHaveLength(100);
	expect(first.results[0]).toEqual({ name: 'Ada Admin <admin@example.com>', value: 'user-admin' });
	expect(first.paginationToken).toBe('2');
	const second = await node.methods.listSearch.searchUsers.call(context('userId'), undefined, first.paginationToken as string);
	expect(second.results).toHaveLength(22);
	expect(second.paginationToken).toBeUndefined();
	const filtered = await node.methods.listSearch.searchUsers.call(context('userId'), 'viewer@');
	expect(filtered.results).toEqual([{ name: 'Vic Viewer <viewer@example.com>', value: 'user-viewer' }]);
	expect(JSON.parse(srv.requests[2].body ?? '')).toEqual({ page: 1, page_size: 100, user_filters: { email_search: 'viewer@' } });
});

test('searchInvites: pending invites by email, filtered', async () => {
	for (const email of ['ann@example.com', 'bob@example.com']) {
		await runGovernance(srv, { parameters: { resource: 'invite', operation: 'create', email, roles: ['viewer'], options: {} } });
	}
	const all = await node.methods.listSearch.searchInvites.call(context('inviteCode'));
	expect(all.results.map((entry) => entry.name.split(' ')[0]).sort()).toEqual(['ann@example.com', 'bob@example.com']);
	expect(all.results.every((entry) => String(entry.value).startsWith('inv-'))).toBe(true);
	const bob = await node.methods.listSearch.searchInvites.call(context('inviteCode'), 'BOB');
	expect(bob.results).toHaveLength(1);
});

test('the pickers list from the project chosen in the Project parameter; searchProjects lists and filters the projects', async () => {
	const inMarketing = loadOptionsContext({
		node,
		parameters: { resource: 'user', operation: 'remove', project: { __rl: true, mode: 'list', value: 'proj-e2e-0002' } },
		credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: PROJECT_ID, apiKey: ADMIN_KEY } },
		credentialTypes: [new GovernanceApi()],
		path: 'userId',
	});
	const users = await node.methods.listSearch.searchUsers.call(inMarketing);
	expect(users.results.map((entry) => entry.value).sort()).toEqual(['user-admin', 'user-mixed']);
	expect(srv.requests[0].headers.authorization).toBe(`Bearer proj-e2e-0002:${ADMIN_KEY}`);

	const projects = await node.methods.listSearch.searchProjects.call(context('project'));
	expect(projects.results.map((entry) => entry.value)).toEqual(['proj-e2e-0001', 'proj-e2e-0002', 'proj-e2e-0003', 'proj-e2e-0004', 'proj-e2e-0005']);
	expect(projects.results[1]).toEqual({ name: 'Marketing (E2E Org)', value: 'proj-e2e-0002' });
	expect(projects.paginationToken).toBeUndefined();
	const partner = await node.methods.listSearch.searchProjects.call(context('project'), 'partner');
	expect(partner.results.map((entry) => entry.value)).toEqual(['proj-e2e-0004', 'proj-e2e-0005']);

	const organizations = await node.methods.listSearch.searchOrganizations.call(context('organizationId'));
	expect(organizations.results).toEqual([
		{ name: 'E2E Org (org-e2e-0001)', value: 'org-e2e-0001' },
		{ name: 'Partner Org (org-e2e-0002)', value: 'org-e2e-0002' },
	]);
	const options = await node.methods.loadOptions.getProjects.call(context('projectIds'));
	expect(options[2]).toEqual({ name: 'Research', value: 'proj-e2e-0003', description: 'proj-e2e-0003' });
});
