import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { CodeHosting } from '../../nodes/CodeHosting/CodeHosting.node';
import { loadOptionsContext } from '../helpers/loadOptions';
import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, OTHER_TOKEN, runCodeHosting, strictServerPerTest, TOKEN } from './harness';

// Team → getAll, getMembers, addMember, removeMember, getRepositories (issue 39, part 1), against
// the strict stand-in. The seeded team octo-org/developers: octo-user maintainer, other-user
// member, org-repo at pull.

let srv: CodeHostingServer;
strictServerPerTest((server) => (srv = server));

const OTHER = 'other-user';
const OUTSIDER = 'outside-user';
const rl = (value: string, mode = 'name') => ({ __rl: true, mode, value });
const team = (operation: string, extra: IDataObject = {}): IDataObject => ({ resource: 'team', operation, owner: rl(ORG), team: rl('developers'), ...extra });
const calls = () => srv.requests.map((request) => `${request.method} ${request.path}`);
const developers = () => srv.state.orgs[ORG].teams.get('developers')!;
const teamMembers = () => [...developers().members.entries()].map(([name, role]) => `${name}:${role}`).sort();

describe('getAll', () => {
	test('Return All: 150 teams in 2 pages of 100; Limit 5: one request of per_page=5', async () => {
		for (let i = 1; i <= 149; i++) srv.addTeam(ORG, { name: `Team ${String(i).padStart(3, '0')}` });
		const all = await runCodeHosting(srv, { parameters: { resource: 'team', operation: 'getAll', owner: rl(ORG), returnAll: true } });
		expect(all.output).toHaveLength(150);
		expect(calls()).toEqual([`GET /orgs/${ORG}/teams`, `GET /orgs/${ORG}/teams`]);
		srv.resetRequests();
		const five = await runCodeHosting(srv, { parameters: { resource: 'team', operation: 'getAll', owner: rl(`https://github.com/${ORG}`, 'url'), returnAll: false, limit: 5 } });
		expect(five.output.map((item) => item.json.slug)).toEqual(['developers', 'team-001', 'team-002', 'team-003', 'team-004']);
		expect(srv.requests).toHaveLength(1);
		expect(srv.requests[0].query).toEqual({ per_page: '5' });
	});

	test('a secret team: seen by an owner and its members, not by other members', async () => {
		srv.addTeam(ORG, { name: 'Security', privacy: 'secret', members: { [LOGIN]: 'member' } });
		const owner = await runCodeHosting(srv, { parameters: { resource: 'team', operation: 'getAll', owner: rl(ORG), returnAll: true } });
		expect(owner.output.map((item) => item.json.slug)).toEqual(['developers', 'security']);
		const member = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: { resource: 'team', operation: 'getAll', owner: rl(ORG), returnAll: true } });
		expect(member.output.map((item) => item.json.slug)).toEqual(['developers']);
	});
});

describe('getMembers', () => {
	test('all, and only maintainers (role filter)', async () => {
		const all = await runCodeHosting(srv, { parameters: team('getMembers', { returnAll: true }) });
		expect(all.output.map((item) => item.json.login)).toEqual([LOGIN, OTHER]);
		const maintainers = await runCodeHosting(srv, { parameters: team('getMembers', { returnAll: true, filters: { role: 'maintainer' } }) });
		expect(maintainers.output.map((item) => item.json.login)).toEqual([LOGIN]);
		expect(srv.requests.map((request) => [request.path, request.query.role])).toEqual([
			[`/orgs/${ORG}/teams/developers/members`, 'all'],
			[`/orgs/${ORG}/teams/developers/members`, 'maintainer'],
		]);
	});

	test('Limit 1: one request of per_page=1; the team by URL', async () => {
		const { output } = await runCodeHosting(srv, { parameters: team('getMembers', { team: rl(`https://github.com/orgs/${ORG}/teams/developers`, 'url'), returnAll: false, limit: 1 }) });
		expect(output).toHaveLength(1);
		expect(srv.requests.map((request) => [request.path, request.query.per_page])).toEqual([[`/orgs/${ORG}/teams/developers/members`, '1']]);
	});

	test('an unknown team: the platform\'s 404', async () => {
		const { error } = await runCodeHosting(srv, { parameters: team('getMembers', { team: rl('nope'), returnAll: true }) });
		expect(error?.httpCode).toBe('404');
	});
});

describe('addMember and removeMember', () => {
	test('a member of the organization at the default role (Keep Current): not in the team, so a GET then one PUT with role member; again as maintainer changes the role', async () => {
		srv.addTeam(ORG, { name: 'Reviewers' });
		const added = await runCodeHosting(srv, { parameters: team('addMember', { team: rl('reviewers'), username: OTHER }) });
		expect(added.error).toBeUndefined();
		expect(added.output[0].json).toMatchObject({ username: OTHER, role: 'member', state: 'active' });
		expect(added.output[0].json.unchanged).toBeUndefined();
		const promoted = await runCodeHosting(srv, { parameters: team('addMember', { team: rl('reviewers'), username: OTHER, role: 'maintainer' }) });
		expect(promoted.output[0].json).toMatchObject({ role: 'maintainer', state: 'active' });
		expect(srv.requests.map((request) => [request.method, request.path, request.status, request.body ? JSON.parse(request.body) : undefined])).toEqual([
			['GET', `/orgs/${ORG}/teams/reviewers/memberships/${OTHER}`, 404, undefined],
			['PUT', `/orgs/${ORG}/teams/reviewers/memberships/${OTHER}`, 200, { role: 'member' }],
			['PUT', `/orgs/${ORG}/teams/reviewers/memberships/${OTHER}`, 200, { role: 'maintainer' }],
		]);
		expect([...srv.state.orgs[ORG].teams.get('reviewers')!.members.entries()]).toEqual([[OTHER, 'maintainer']]);
	});

	test('a maintainer at the default role (Keep Current): stays maintainer, one GET and no write', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: team('addMember', { username: LOGIN }) });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ username: LOGIN, role: 'maintainer', state: 'active', unchanged: true });
		expect(srv.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /orgs/${ORG}/teams/developers/memberships/${LOGIN}`]);
		expect(teamMembers()).toEqual([`${LOGIN}:maintainer`, `${OTHER}:member`]);
	});

	test('someone outside the organization: invited to it (pending); a member of the team once they accept', async () => {
		const { output } = await runCodeHosting(srv, { parameters: team('addMember', { username: OUTSIDER }) });
		expect(output[0].json).toMatchObject({ username: OUTSIDER, role: 'member', state: 'pending' });
		expect(srv.state.orgs[ORG].invitations.map((invitation) => [invitation.login, invitation.role, invitation.teams])).toEqual([[OUTSIDER, 'direct_member', ['developers']]]);
		expect(teamMembers()).toEqual([`${LOGIN}:maintainer`, `${OTHER}:member`]);
		srv.acceptOrgInvitation(ORG, OUTSIDER);
		expect(teamMembers()).toEqual([`${LOGIN}:maintainer`, `${OTHER}:member`, `${OUTSIDER}:member`]);
	});

	test('a team member who is not a maintainer may not add anyone: the platform\'s 403', async () => {
		const { error } = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: team('addMember', { username: OUTSIDER }) });
		expect(error?.httpCode).toBe('403');
		expect(srv.state.orgs[ORG].invitations).toEqual([]);
	});

	test('remove: out of the team, still in the organization; the access the team gave goes with it', async () => {
		developers().repos.set(`${ORG}/org-repo`, 'push');
		const before = await runCodeHosting(srv, { parameters: { resource: 'collaborator', operation: 'getPermission', owner: rl(ORG), repository: rl('org-repo'), username: OTHER } });
		expect(before.output[0].json.permission).toBe('write');
		srv.resetRequests();
		const { output, error } = await runCodeHosting(srv, { parameters: team('removeMember', { username: OTHER }) });
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ success: true, team: 'developers', username: OTHER });
		// the token's own login is asked first: it would be kept (ownLogin-single.test.ts)
		expect(calls()).toEqual(['GET /user', `DELETE /orgs/${ORG}/teams/developers/memberships/${OTHER}`]);
		expect(teamMembers()).toEqual([`${LOGIN}:maintainer`]);
		expect(srv.state.orgs[ORG].members[OTHER]).toBe('member');
		const after = await runCodeHosting(srv, { parameters: { resource: 'collaborator', operation: 'getPermission', owner: rl(ORG), repository: rl('org-repo'), username: OTHER } });
		expect(after.output[0].json.permission).toBe('read');
	});
});

describe('getRepositories', () => {
	test('the team\'s repositories with the team\'s permissions; Limit', async () => {
		srv.addRepo(ORG, 'api');
		developers().repos.set(`${ORG}/api`, 'maintain');
		const all = await runCodeHosting(srv, { parameters: team('getRepositories', { returnAll: true }) });
		expect(all.output.map((item) => [item.json.name, item.json.role_name, (item.json.permissions as IDataObject).maintain])).toEqual([
			['api', 'maintain', true],
			['org-repo', 'read', false],
		]);
		const one = await runCodeHosting(srv, { parameters: team('getRepositories', { returnAll: false, limit: 1 }) });
		expect(one.output).toHaveLength(1);
		expect(srv.requests.map((request) => [request.path, request.query.per_page])).toEqual([
			[`/orgs/${ORG}/teams/developers/repos`, '100'],
			[`/orgs/${ORG}/teams/developers/repos`, '1'],
		]);
	});
});

describe('bad input: NodeOperationError with the item index, before any request', () => {
	test.each([
		['getMembers', 'an empty team', { team: rl('={{ "" }}'), returnAll: true }, 'Team is required'],
		['getMembers', 'a team with a slash', { team: rl('a/b'), returnAll: true }, 'Team must not contain "/"'],
		['getMembers', 'an unknown role filter', { returnAll: true, filters: { role: '={{ "owner" }}' } }, 'Unknown value for Role: "owner"'],
		['addMember', 'an empty username', { username: '={{ "" }}' }, 'Username is required'],
		['addMember', 'an unknown role', { username: OTHER, role: '={{ "admin" }}' }, 'Unknown value for Role: "admin"'],
		['addMember', 'an empty organization', { owner: rl('={{ "" }}'), username: OTHER }, 'Organization is required'],
		['removeMember', 'a username with a slash', { username: 'x/y' }, 'Username must not contain "/"'],
		['removeMember', 'an empty team', { team: rl('={{ "  " }}'), username: OTHER }, 'Team is required'],
		['getRepositories', 'a team of ".."', { team: rl('..'), returnAll: true }, 'Team is not a valid identifier'],
		['getAll', 'an empty organization', { owner: rl('={{ "" }}'), returnAll: true }, 'Organization is required'],
	])('%s: %s', async (operation, _name, parameters, message) => {
		const { error } = await runCodeHosting(srv, { parameters: team(operation, parameters) });
		expect(error?.message).toBe(message);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});
});

describe('the team picker and what an agent reads', () => {
	const node = new CodeHosting();

	test('searchTeams: the chosen organization\'s teams, filtered by name or slug', async () => {
		srv.addTeam(ORG, { name: 'Release Managers' });
		const context = (owner: string) =>
			loadOptionsContext({
				node,
				parameters: { authentication: 'accessToken', resource: 'team', operation: 'getMembers', owner: rl(owner) },
				credentials: { codeHostingApi: { server: srv.url, accessToken: TOKEN } },
				credentialTypes: [new CodeHostingApi()],
				path: 'team',
			});
		const all = await node.methods.listSearch.searchTeams.call(context(ORG));
		expect(all.results.map((entry) => [entry.name, entry.value])).toEqual([
			['Developers', 'developers'],
			['Release Managers', 'release-managers'],
		]);
		const filtered = await node.methods.listSearch.searchTeams.call(context(ORG), 'release');
		expect(filtered.results.map((entry) => entry.value)).toEqual(['release-managers']);
		srv.resetRequests();
		expect((await node.methods.listSearch.searchTeams.call(context(''))).results).toEqual([]);
		expect(srv.requests).toHaveLength(0);
	});

	test('the operations product.md names, each described; addMember\'s Role defaults to Keep Current; removeMember says what goes', () => {
		const selector = node.description.properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes('team'));
		const options = (selector?.options ?? []) as INodePropertyOptions[];
		expect(options.map((option) => option.value).sort()).toEqual(['addMember', 'getAll', 'getMembers', 'getRepositories', 'removeMember']);
		for (const option of options) expect([option.value, Boolean(option.description), Boolean(option.action)]).toEqual([option.value, true, true]);
		expect(options.find((option) => option.value === 'removeMember')?.description).toMatch(/^Remove .* lose/);
		const role = node.description.properties.find((property) => property.name === 'role' && property.displayOptions?.show?.resource?.includes('team'));
		expect(role?.default).toBe('keep');
	});
});
