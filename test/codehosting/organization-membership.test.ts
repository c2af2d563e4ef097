import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { CodeHosting } from '../../nodes/CodeHosting/CodeHosting.node';
import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, OTHER_TOKEN, runCodeHosting, strictServerPerTest } from './harness';

// Organization → membership, invitations and outside collaborators (issue 39, part 1), against the
// strict stand-in (requests and responses checked against GitHub's OpenAPI description).

let srv: CodeHostingServer;
strictServerPerTest((server) => (srv = server));

const OTHER = 'other-user';
const OUTSIDER = 'outside-user';
const login = (value: string, mode = 'name') => ({ __rl: true, mode, value });
const org = (operation: string, extra: IDataObject = {}): IDataObject => ({ resource: 'organization', operation, owner: login(ORG), ...extra });
const calls = () => srv.requests.map((request) => `${request.method} ${request.path}`);
const members = () => Object.entries(srv.state.orgs[ORG].members).map(([name, role]) => `${name}:${role}`).sort();

describe('getMembers: role and two-factor filters', () => {
	test('Two-Factor Authentication = Disabled: filter=2fa_disabled, only those without it', async () => {
		srv.setTwoFactor(OTHER, 'disabled');
		const { output, error } = await runCodeHosting(srv, { parameters: org('getMembers', { returnAll: true, filters: { twoFactor: '2fa_disabled' } }) });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.login)).toEqual([OTHER]);
		expect(srv.requests[0].query).toMatchObject({ role: 'all', filter: '2fa_disabled' });
	});

	test('Insecure and a role together; Any sends no filter', async () => {
		srv.setTwoFactor(LOGIN, 'insecure');
		srv.setTwoFactor(OTHER, 'insecure');
		const insecureAdmins = await runCodeHosting(srv, { parameters: org('getMembers', { returnAll: true, filters: { role: 'admin', twoFactor: '2fa_insecure' } }) });
		expect(insecureAdmins.output.map((item) => item.json.login)).toEqual([LOGIN]);
		await runCodeHosting(srv, { parameters: org('getMembers', { returnAll: true, filters: { twoFactor: 'all' } }) });
		expect(srv.requests[1].query).toEqual({ role: 'all', per_page: '100' });
	});

	test('a member who is not an owner asks for the two-factor filter: the platform\'s 422', async () => {
		const { error } = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: org('getMembers', { returnAll: true, filters: { twoFactor: '2fa_disabled' } }) });
		expect(error?.httpCode).toBe('422');
		expect(`${error?.message} ${error?.description}`).toContain('Only owners can use this filter');
	});
});

describe('getMembership and setMembership', () => {
	test('a member: active with their role', async () => {
		const { output } = await runCodeHosting(srv, { parameters: org('getMembership', { username: OTHER }) });
		expect(output[0].json).toMatchObject({ state: 'active', role: 'member', user: { login: OTHER }, organization: { login: ORG } });
		expect(calls()).toEqual([`GET /orgs/${ORG}/memberships/${OTHER}`]);
	});

	test('someone who is neither member nor invited: the platform\'s 404', async () => {
		const { error } = await runCodeHosting(srv, { parameters: org('getMembership', { username: OUTSIDER }) });
		expect(error?.httpCode).toBe('404');
	});

	test('Owner (Admin) for a member: one PUT with role admin, active; Member takes it back', async () => {
		const promoted = await runCodeHosting(srv, { parameters: org('setMembership', { username: OTHER, role: 'admin' }) });
		expect(promoted.output[0].json).toMatchObject({ state: 'active', role: 'admin' });
		expect(members()).toEqual([`${LOGIN}:admin`, `${OTHER}:admin`]);
		const demoted = await runCodeHosting(srv, { parameters: org('setMembership', { username: OTHER, role: 'member' }) });
		expect(demoted.output[0].json).toMatchObject({ state: 'active', role: 'member' });
		// Member could demote: the token's own login is asked first (it would be kept)
		expect(srv.requests.map((request) => [request.method, request.path, request.body ? JSON.parse(request.body) : undefined])).toEqual([
			['PUT', `/orgs/${ORG}/memberships/${OTHER}`, { role: 'admin' }],
			['GET', '/user', undefined],
			['PUT', `/orgs/${ORG}/memberships/${OTHER}`, { role: 'member' }],
		]);
		expect(members()).toEqual([`${LOGIN}:admin`, `${OTHER}:member`]);
	});

	test('a non-member at the default role (Keep Current): a GET (404), then invited as a member (pending), and listed as an invitation', async () => {
		const { output } = await runCodeHosting(srv, { parameters: org('setMembership', { username: OUTSIDER }) });
		expect(output[0].json).toMatchObject({ state: 'pending', role: 'member', user: { login: OUTSIDER } });
		expect(srv.requests.map((request) => [request.method, request.path, request.status])).toEqual([
			['GET', `/orgs/${ORG}/memberships/${OUTSIDER}`, 404],
			['PUT', `/orgs/${ORG}/memberships/${OUTSIDER}`, 200],
		]);
		expect(JSON.parse(srv.requests[1].body!)).toEqual({ role: 'member' });
		const membership = await runCodeHosting(srv, { parameters: org('getMembership', { username: OUTSIDER }) });
		expect(membership.output[0].json).toMatchObject({ state: 'pending', role: 'member' });
		const invitations = await runCodeHosting(srv, { parameters: org('getInvitations', { returnAll: true }) });
		expect(invitations.output.map((item) => [item.json.login, item.json.role])).toEqual([[OUTSIDER, 'direct_member']]);
		expect(members()).toEqual([`${LOGIN}:admin`, `${OTHER}:member`]);
	});

	test('an owner or a member at the default role (Keep Current): their role stays, one GET each and no write', async () => {
		for (const username of [LOGIN, OTHER]) {
			const { output, error } = await runCodeHosting(srv, { parameters: org('setMembership', { username }) });
			expect(error).toBeUndefined();
			expect(output[0].json).toMatchObject({ state: 'active', role: username === LOGIN ? 'admin' : 'member', unchanged: true });
		}
		expect(srv.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /orgs/${ORG}/memberships/${LOGIN}`, `GET /orgs/${ORG}/memberships/${OTHER}`]);
		expect(members()).toEqual([`${LOGIN}:admin`, `${OTHER}:member`]);
	});

	test('a member who is not an owner: the platform\'s 403, nothing changed', async () => {
		const { error } = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: org('setMembership', { username: OTHER, role: 'admin' }) });
		expect(error?.httpCode).toBe('403');
		expect(members()).toEqual([`${LOGIN}:admin`, `${OTHER}:member`]);
	});
});

describe('removeMember', () => {
	test('removed from the organization, its teams and the repositories granted directly (no outside collaborator left behind)', async () => {
		srv.addCollaborator(ORG, 'org-repo', OTHER, 'push');
		const { output, error } = await runCodeHosting(srv, { parameters: org('removeMember', { username: OTHER }) });
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ success: true, organization: ORG, username: OTHER });
		// the token's own login is asked first: it would be kept (ownLogin-single.test.ts)
		expect(calls()).toEqual(['GET /user', `DELETE /orgs/${ORG}/members/${OTHER}`]);
		expect(members()).toEqual([`${LOGIN}:admin`]);
		expect([...srv.state.orgs[ORG].teams.get('developers')!.members.keys()]).toEqual([LOGIN]);
		const outside = await runCodeHosting(srv, { parameters: org('getOutsideCollaborators', { returnAll: true }) });
		expect(outside.output.map((item) => item.json.login)).toEqual([OUTSIDER]);
		expect(srv.repo(ORG, 'org-repo')!.collaborators.has(OTHER)).toBe(false);
	});

	test('as a GitHub App installed on the organization (members: write)', async () => {
		const { error } = await runCodeHosting(srv, { app: {}, parameters: org('removeMember', { username: OTHER }) });
		expect(error).toBeUndefined();
		expect(members()).toEqual([`${LOGIN}:admin`]);
	});

	test('a GitHub App with members: read: 403 naming the permission, nothing removed', async () => {
		for (const installation of srv.state.app.installations.values()) installation.permissions.members = 'read';
		const { error } = await runCodeHosting(srv, { app: {}, parameters: org('removeMember', { username: OTHER }) });
		expect(error?.httpCode).toBe('403');
		expect(`${error?.message} ${error?.description}`).toMatch(/members/i);
		expect(members()).toEqual([`${LOGIN}:admin`, `${OTHER}:member`]);
	});
});

describe('getInvitations and cancelInvitation', () => {
	const inviteMany = async (count: number) => {
		for (let i = 1; i <= count; i++) {
			srv.state.orgs[ORG].invitations.push({ id: 9000 + i, node_id: `OI_${i}`, login: null, email: `person${i}@example.com`, role: i % 2 ? 'direct_member' : 'admin', created_at: '2024-01-02T10:00:00Z', inviter: LOGIN, teams: [] });
		}
	};

	test('Return All: 150 invitations in 2 pages of 100; Limit 5: one request of per_page=5', async () => {
		await inviteMany(150);
		const all = await runCodeHosting(srv, { parameters: org('getInvitations', { returnAll: true }) });
		expect(all.output).toHaveLength(150);
		expect(srv.requests).toHaveLength(2);
		expect(srv.requests[0].query).toEqual({ role: 'all', invitation_source: 'all', per_page: '100' });
		srv.resetRequests();
		const five = await runCodeHosting(srv, { parameters: org('getInvitations', { returnAll: false, limit: 5 }) });
		expect(five.output.map((item) => item.json.email)).toEqual(['person1@example.com', 'person2@example.com', 'person3@example.com', 'person4@example.com', 'person5@example.com']);
		expect(srv.requests).toHaveLength(1);
		expect(srv.requests[0].query.per_page).toBe('5');
	});

	test('the role filter', async () => {
		await inviteMany(4);
		const admins = await runCodeHosting(srv, { parameters: org('getInvitations', { returnAll: true, filters: { role: 'admin' } }) });
		expect(admins.output.map((item) => item.json.id)).toEqual([9002, 9004]);
		expect(srv.requests[0].query).toMatchObject({ role: 'admin', invitation_source: 'all' });
	});

	test('a member who is not an owner: the platform\'s 403', async () => {
		const { error } = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: org('getInvitations', { returnAll: true }) });
		expect(error?.httpCode).toBe('403');
	});

	test('an invitation sent with Team IDs (User → Invite) is listed with its team count; once accepted, a member of the team', async () => {
		const invited = await runCodeHosting(srv, { parameters: { resource: 'user', operation: 'invite', organization: login(ORG), inviteBy: 'userId', userId: 3, additionalFields: { teamIds: '200' } } });
		expect(invited.error).toBeUndefined();
		expect(JSON.parse(srv.requests[0].body!)).toEqual({ role: 'direct_member', invitee_id: 3, team_ids: [200] });
		const listed = await runCodeHosting(srv, { parameters: org('getInvitations', { returnAll: true }) });
		expect(listed.output.map((item) => [item.json.login, item.json.team_count])).toEqual([[OUTSIDER, 1]]);
		srv.acceptOrgInvitation(ORG, OUTSIDER);
		expect(members()).toEqual([`${LOGIN}:admin`, `${OTHER}:member`, `${OUTSIDER}:member`]);
		expect(srv.state.orgs[ORG].teams.get('developers')!.members.get(OUTSIDER)).toBe('member');
		const unknownTeam = await runCodeHosting(srv, { parameters: { resource: 'user', operation: 'invite', organization: login(ORG), inviteBy: 'email', email: 'new@example.com', additionalFields: { teamIds: '999' } } });
		expect(unknownTeam.error?.httpCode).toBe('422');
	});

	test('cancel: the invitation is gone; cancelling it again is the platform\'s 404', async () => {
		await inviteMany(2);
		const { output, error } = await runCodeHosting(srv, { parameters: org('cancelInvitation', { invitationId: '9001' }) });
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ success: true, organization: ORG, invitationId: 9001 });
		expect(calls()).toEqual([`DELETE /orgs/${ORG}/invitations/9001`]);
		expect(srv.state.orgs[ORG].invitations.map((invitation) => invitation.id)).toEqual([9002]);
		const again = await runCodeHosting(srv, { parameters: org('cancelInvitation', { invitationId: 9001 }) });
		expect(again.error?.httpCode).toBe('404');
	});
});

describe('getOutsideCollaborators and removeOutsideCollaborator', () => {
	test('the people with direct access who are not members; Limit; the two-factor filter', async () => {
		for (let i = 1; i <= 3; i++) {
			srv.addUser(`guest-${i}`, { twoFactor: i === 2 ? 'disabled' : 'enabled' });
			srv.addCollaborator(ORG, 'org-repo', `guest-${i}`, 'push');
		}
		srv.addCollaborator(ORG, 'org-repo', OTHER, 'push');
		const all = await runCodeHosting(srv, { parameters: org('getOutsideCollaborators', { returnAll: true }) });
		expect(all.output.map((item) => item.json.login)).toEqual([OUTSIDER, 'guest-1', 'guest-2', 'guest-3']);
		expect(srv.requests[0].query).toEqual({ per_page: '100' });
		const two = await runCodeHosting(srv, { parameters: org('getOutsideCollaborators', { returnAll: false, limit: 2 }) });
		expect(two.output).toHaveLength(2);
		expect(srv.requests[1].query).toEqual({ per_page: '2' });
		const without = await runCodeHosting(srv, { parameters: org('getOutsideCollaborators', { returnAll: true, filters: { twoFactor: '2fa_disabled' } }) });
		expect(without.output.map((item) => item.json.login)).toEqual(['guest-2']);
		expect(srv.requests[2].query).toMatchObject({ filter: '2fa_disabled' });
	});

	test('remove: access to every repository of the organization goes; a member is refused (the platform\'s 422)', async () => {
		srv.addRepo(ORG, 'second-repo');
		srv.addCollaborator(ORG, 'second-repo', OUTSIDER, 'push');
		const { output, error } = await runCodeHosting(srv, { parameters: org('removeOutsideCollaborator', { username: OUTSIDER }) });
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ success: true, organization: ORG, username: OUTSIDER });
		expect(calls()).toEqual([`DELETE /orgs/${ORG}/outside_collaborators/${OUTSIDER}`]);
		expect([srv.repo(ORG, 'org-repo')!.collaborators.has(OUTSIDER), srv.repo(ORG, 'second-repo')!.collaborators.has(OUTSIDER)]).toEqual([false, false]);
		const member = await runCodeHosting(srv, { parameters: org('removeOutsideCollaborator', { username: OTHER }) });
		expect(member.error?.httpCode).toBe('422');
		expect(`${member.error?.message} ${member.error?.description}`).toContain('cannot specify an organization member');
	});
});

describe('a credential that may not: the error names what it lacks, nothing changes', () => {
	const CLASSIC = 'ghp_orgReaderClassicToken00000000000001';
	const FINE_GRAINED = 'github_pat_11AAAAAAA0orgReaderFineGrainedToken0000000000000000000000001';

	test('a classic token with read:org but not admin:org: reads work, a write is the platform\'s 404 naming admin:org', async () => {
		srv.addToken(CLASSIC, LOGIN, ['repo', 'read:org']);
		const read = await runCodeHosting(srv, { token: CLASSIC, parameters: org('getOutsideCollaborators', { returnAll: true }) });
		expect(read.output.map((item) => item.json.login)).toEqual([OUTSIDER]);
		const { output } = await runCodeHosting(srv, { token: CLASSIC, continueOnFail: true, parameters: org('setMembership', { username: OTHER, role: 'admin' }) });
		expect(srv.requests[1].status).toBe(404);
		expect(String(output[0].json.error)).toMatch(/^Not Found \(HTTP 404\): the classic token needs .*admin:org.* \(it has: repo, read:org\)/);
		expect(members()).toEqual([`${LOGIN}:admin`, `${OTHER}:member`]);
	});

	test('a classic token without an organization scope: even the invitations list names the scope', async () => {
		srv.addToken(CLASSIC, LOGIN, ['read:user']);
		const { output } = await runCodeHosting(srv, { token: CLASSIC, continueOnFail: true, parameters: org('getInvitations', { returnAll: true }) });
		expect(String(output[0].json.error)).toContain('admin:org');
	});

	test('a fine-grained token with Members read-only: the removal is refused, naming Members: Read and write', async () => {
		srv.addFineGrainedToken(FINE_GRAINED, LOGIN, { members: 'read' });
		const listed = await runCodeHosting(srv, { token: FINE_GRAINED, parameters: org('getOutsideCollaborators', { returnAll: true }) });
		expect(listed.error).toBeUndefined();
		const { output } = await runCodeHosting(srv, { token: FINE_GRAINED, continueOnFail: true, parameters: org('removeOutsideCollaborator', { username: OUTSIDER }) });
		expect(srv.requests[1].status).toBe(403);
		expect(String(output[0].json.error)).toMatch(/Members: Read and write/i);
		expect(srv.repo(ORG, 'org-repo')!.collaborators.has(OUTSIDER)).toBe(true);
	});
});

describe('as an AI tool', () => {
	test('Get Membership and Remove Outside Collaborator run as the tool variant', async () => {
		const membership = await runCodeHosting(srv, { asTool: true, parameters: org('getMembership', { username: OTHER }) });
		expect(membership.error).toBeUndefined();
		expect(membership.output[0].json).toMatchObject({ state: 'active', role: 'member' });
		const removed = await runCodeHosting(srv, { asTool: true, parameters: org('removeOutsideCollaborator', { username: OUTSIDER }) });
		expect(removed.output[0].json).toEqual({ success: true, organization: ORG, username: OUTSIDER });
	});
});

describe('bad input: NodeOperationError with the item index, before any request', () => {
	test.each([
		['getMembership', 'an empty username', { username: '={{ "" }}' }, 'Username is required'],
		['getMembership', 'an empty organization', { owner: login('={{ "" }}'), username: OTHER }, 'Organization is required'],
		['setMembership', 'a username with a slash', { username: 'a/b' }, 'Username must not contain "/"'],
		['setMembership', 'an unknown role', { username: OTHER, role: '={{ "owner" }}' }, 'Unknown value for Role: "owner"'],
		['removeMember', 'an empty username (from an expression)', { username: '={{ "" }}' }, 'Username is required'],
		['removeMember', 'an organization with a slash', { owner: login('a/b'), username: OTHER }, 'Organization must not contain "/"'],
		['getInvitations', 'an unknown role filter', { returnAll: true, filters: { role: '={{ "owner" }}' } }, 'Unknown value for Role: "owner"'],
		['getInvitations', 'an empty organization', { owner: login('={{ "" }}'), returnAll: true }, 'Organization is required'],
		['cancelInvitation', 'an empty invitation ID', { invitationId: '={{ "" }}' }, 'Invitation ID is required'],
		['cancelInvitation', 'invitation ID 0', { invitationId: '0' }, 'Invitation ID must be a whole number of at least 1'],
		['cancelInvitation', 'an invitation ID that is not a number', { invitationId: 'abc' }, 'Invitation ID must be a whole number of at least 1'],
		['getOutsideCollaborators', 'an unknown two-factor filter', { returnAll: true, filters: { twoFactor: '={{ "none" }}' } }, 'Unknown value for Two-Factor Authentication: "none"'],
		['getMembers', 'an unknown two-factor filter', { returnAll: true, filters: { twoFactor: '={{ "off" }}' } }, 'Unknown value for Two-Factor Authentication: "off"'],
		['removeOutsideCollaborator', 'an empty username', { username: '   ' }, 'Username is required'],
	])('%s: %s', async (operation, _name, parameters, message) => {
		const { error } = await runCodeHosting(srv, { parameters: org(operation, parameters) });
		expect(error?.message).toBe(message);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});

	test('the second item is the bad one: the error names item 1, after the first item\'s request only', async () => {
		const { error } = await runCodeHosting(srv, {
			items: [{ name: OTHER }, { name: '' }],
			parameters: org('getMembership', { username: '={{ $json.name }}' }),
		});
		expect(error?.message).toBe('Username is required');
		expect(error?.context?.itemIndex).toBe(1);
		expect(calls()).toEqual([`GET /orgs/${ORG}/memberships/${OTHER}`]);
	});
});

describe('what a person and an AI agent read', () => {
	const { description } = new CodeHosting();
	const selector = description.properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes('organization'));
	const operations = (selector?.options ?? []) as INodePropertyOptions[];

	test('the operations product.md names, each with a description and an action', () => {
		expect(operations.map((option) => option.value).sort()).toEqual(
			['cancelInvitation', 'getInvitations', 'getMembers', 'getMembership', 'getOutsideCollaborators', 'getRepositories', 'removeMember', 'removeOutsideCollaborator', 'setMembership'],
		);
		for (const option of operations) expect([option.value, Boolean(option.description), Boolean(option.action)]).toEqual([option.value, true, true]);
	});

	test('the destructive ones say what goes', () => {
		const described = (value: string) => String(operations.find((option) => option.value === value)?.description);
		expect(described('removeMember')).toMatch(/^Remove .* lose/);
		expect(described('cancelInvitation')).toMatch(/deleted/);
		expect(described('removeOutsideCollaborator')).toMatch(/^Remove .* every repository/);
	});

	test('every parameter of the new operations is typed and described in one line; Role defaults to Keep Current (an owner is never demoted by default)', () => {
		const shown = description.properties.filter((property: INodeProperties) => property.displayOptions?.show?.resource?.includes('organization') && property.name !== 'operation' && property.type !== 'collection');
		for (const property of shown) {
			expect([property.name, typeof property.description, (property.description ?? '').includes('\n')]).toEqual([property.name, 'string', false]);
		}
		const role = shown.find((property) => property.name === 'role');
		expect(role?.default).toBe('keep');
	});
});
