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
