import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, OTHER_TOKEN, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer({ validateResponses: true });
});
afterEach(async () => {
	expect(srv.responseProblems).toEqual([]);
	await srv.stop();
});

const login = (value: string, mode = 'name') => ({ __rl: true, mode, value });
const pagesOf = (path: string) => srv.requests.filter((request) => request.path === path);

describe('organization → getRepositories', () => {
	beforeEach(() => {
		for (let i = 1; i <= 149; i++) srv.addRepo(ORG, `repo-${String(i).padStart(3, '0')}`);
	});

	test('Return All: 150 repositories in 2 pages of 100', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: { resource: 'organization', operation: 'getRepositories', owner: login(ORG), returnAll: true } });
		expect(error).toBeUndefined();
		expect(output).toHaveLength(150);
		expect(pagesOf(`/orgs/${ORG}/repos`)).toHaveLength(2);
	});

	test('Limit 5: one request of per_page=5; filters sent as given; by URL', async () => {
		const { output } = await runCodeHosting(srv, {
			parameters: { resource: 'organization', operation: 'getRepositories', owner: login(`https://github.com/${ORG}`, 'url'), returnAll: false, limit: 5, filters: { type: 'public', sort: 'full_name', direction: 'asc' } },
		});
		expect(output.map((item) => item.json.name)).toEqual(['org-repo', 'repo-001', 'repo-002', 'repo-003', 'repo-004']);
		expect(srv.requests).toHaveLength(1);
		expect(srv.requests[0].query).toMatchObject({ per_page: '5', type: 'public', sort: 'full_name', direction: 'asc' });
	});

	test('an unknown organization: the platform 404', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { resource: 'organization', operation: 'getRepositories', owner: login('nope-org'), returnAll: true } });
		expect(error?.httpCode).toBe('404');
	});
});

describe('user → getCurrent, getRepositories, getIssues', () => {
	test('getCurrent: the credential\'s account', async () => {
		const { output } = await runCodeHosting(srv, { parameters: { resource: 'user', operation: 'getCurrent' } });
		expect(output[0].json).toMatchObject({ login: LOGIN, id: 1, type: 'User' });
		expect(srv.requests[0].path).toBe('/user');
	});

	test('getRepositories: a user\'s public repositories, with Limit and Type', async () => {
		const theirs = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: { resource: 'user', operation: 'getRepositories', owner: login(LOGIN), returnAll: true } });
		expect(theirs.output.map((item) => item.json.name).sort()).toEqual(['hello-world', 'renamed-repo']);
		srv.resetRequests();
		const limited = await runCodeHosting(srv, { parameters: { resource: 'user', operation: 'getRepositories', owner: login(LOGIN), returnAll: false, limit: 1, filters: { type: 'owner' } } });
		expect(limited.output).toHaveLength(1);
		expect(srv.requests[0]).toMatchObject({ path: `/users/${LOGIN}/repos`, query: { per_page: '1', type: 'owner' } });
	});

	test('getIssues: assigned to the connected account by default; filters; minimum pages', async () => {
		const assigned = await runCodeHosting(srv, { parameters: { resource: 'user', operation: 'getIssues', returnAll: true } });
		expect(assigned.output.map((item) => [(item.json.repository as { full_name: string }).full_name, item.json.number])).toEqual([[`${LOGIN}/hello-world`, 1]]);
		srv.addIssues(LOGIN, 'hello-world', 145, { assignees: [LOGIN], labels: ['triage'] });
		srv.resetRequests();
		const limited = await runCodeHosting(srv, {
			parameters: { resource: 'user', operation: 'getIssues', returnAll: false, limit: 120, filters: { filter: 'assigned', labels: 'triage, ', state: 'open', sort: 'created', direction: 'asc' } },
		});
		expect(limited.output).toHaveLength(120);
		expect(pagesOf('/issues')).toHaveLength(2);
		expect(srv.requests[0].query).toMatchObject({ filter: 'assigned', labels: 'triage', per_page: '100', direction: 'asc' });
	});
});

describe('user → invite', () => {
	const invite = (parameters: Record<string, unknown>) => ({ resource: 'user', operation: 'invite', organization: login(ORG), ...parameters });

	test('by email with a role, and by user ID', async () => {
		const byEmail = await runCodeHosting(srv, { parameters: invite({ inviteBy: 'email', email: 'new.hire@example.com', role: 'billing_manager' }) });
		expect(byEmail.error).toBeUndefined();
		expect(byEmail.output[0].json).toMatchObject({ email: 'new.hire@example.com', role: 'billing_manager', inviter: { login: LOGIN } });
		expect(JSON.parse(srv.requests[0].body!)).toEqual({ role: 'billing_manager', email: 'new.hire@example.com' });
		const byId = await runCodeHosting(srv, { parameters: invite({ inviteBy: 'userId', userId: 3 }) });
		expect(byId.output[0].json).toMatchObject({ login: 'outside-user', role: 'direct_member' });
		expect(JSON.parse(srv.requests[1].body!)).toEqual({ role: 'direct_member', invitee_id: 3 });
	});

	test('an existing member: the platform 422 with its details', async () => {
		const { error } = await runCodeHosting(srv, { parameters: invite({ inviteBy: 'userId', userId: 2 }) });
		expect(error?.httpCode).toBe('422');
		expect(error?.description).toContain('Invitee is already a part of this organization');
	});

	test.each([
		['a malformed email', { inviteBy: 'email', email: '={{ "not-an-email" }}' }, 'Email is not a valid email address: "not-an-email"'],
		['an empty email', { inviteBy: 'email', email: '={{ "" }}' }, 'Email is required'],
		['user ID 0', { inviteBy: 'userId', userId: '={{ 0 }}' }, 'User ID must be a whole number of at least 1'],
		['an unknown role', { inviteBy: 'email', email: 'a@example.com', role: '={{ "owner" }}' }, 'Unknown value for Role: "owner"'],
		['a team ID that is not a number', { inviteBy: 'email', email: 'a@example.com', additionalFields: { teamIds: '12, devs' } }, 'Team ID "devs" is not a number'],
		['an organization with a slash', { inviteBy: 'email', email: 'a@example.com', organization: login('={{ "a/b" }}') }, 'Organization must not contain "/"'],
	])('bad input: %s → NodeOperationError with the item index, zero requests', async (_name, parameters, message) => {
		const { error } = await runCodeHosting(srv, { parameters: invite(parameters) });
		expect(error?.message).toBe(message);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});
});
