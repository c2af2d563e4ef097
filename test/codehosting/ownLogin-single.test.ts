import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, runCodeHosting, strictServerPerTest } from './harness';

// Issue 48, item 4: the single-call operations that remove or demote someone keep the token's own
// login (GET /user, once per node run) unless Include the Token's Own Login is on, against the
// strict stand-in (octo-user is TOKEN's login, owner of octo-org and maintainer of developers).

let srv: CodeHostingServer;
strictServerPerTest((server) => (srv = server));

const OTHER = 'other-user';
const rl = (value: string) => ({ __rl: true, mode: 'name', value });
const calls = () => srv.requests.map((request) => `${request.method} ${request.path}`);
const userLookups = () => srv.requests.filter((request) => request.path === '/user');
const orgMembers = () => ({ ...srv.state.orgs[ORG].members });
const teamMembers = () => [...srv.state.orgs[ORG].teams.get('developers')!.members.keys()];
const collaborators = () => [...srv.repo(ORG, 'org-repo')!.collaborators.keys()];

interface Case {
	name: string;
	parameters: (username: string) => IDataObject;
	/** The write for `username`: method and path. */
	write: (username: string) => string;
	/** The output of a kept item besides success, kept, login, reason (username as given). */
	subject: (username: string) => IDataObject;
	/** The stand-in's state the write changes, and what it is before any write. */
	state: () => unknown;
	/** The option's wording in the reason. */
	notDone: string;
}

const CASES: Case[] = [
	{
		name: 'Organization → Remove Member',
		parameters: (username) => ({ resource: 'organization', operation: 'removeMember', owner: rl(ORG), username }),
		write: (username) => `DELETE /orgs/${ORG}/members/${username}`,
		subject: (username) => ({ organization: ORG, username }),
		state: orgMembers,
		notDone: 'not removed',
	},
	{
		name: 'Organization → Set Membership (Member)',
		parameters: (username) => ({ resource: 'organization', operation: 'setMembership', owner: rl(ORG), username, role: 'member' }),
		write: (username) => `PUT /orgs/${ORG}/memberships/${username}`,
		subject: (username) => ({ organization: ORG, username, role: 'member' }),
		state: orgMembers,
		notDone: 'its role is not changed',
	},
	{
		name: 'Team → Remove Member',
		parameters: (username) => ({ resource: 'team', operation: 'removeMember', owner: rl(ORG), team: rl('developers'), username }),
		write: (username) => `DELETE /orgs/${ORG}/teams/developers/memberships/${username}`,
		subject: (username) => ({ team: 'developers', username }),
		state: teamMembers,
		notDone: 'not removed',
	},
	{
		name: 'Collaborator → Remove',
		parameters: (username) => ({ resource: 'collaborator', operation: 'remove', owner: rl(ORG), repository: rl('org-repo'), username }),
		write: (username) => `DELETE /repos/${ORG}/org-repo/collaborators/${username}`,
		subject: (username) => ({ username }),
		state: collaborators,
		notDone: 'not removed',
	},
];

beforeEach(() => {
	// octo-user and other-user as direct collaborators of org-repo, for Collaborator → Remove
	srv.addCollaborator(ORG, 'org-repo', LOGIN, 'admin');
	srv.addCollaborator(ORG, 'org-repo', OTHER, 'push');
});

describe.each(CASES)('$name', ({ parameters, write, subject, state, notDone }) => {
	test('the own login (in another case): kept, with the reason, after one GET /user and no write', async () => {
		const before = state();
		const { output, error } = await runCodeHosting(srv, { parameters: parameters('Octo-User') });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toEqual([
			{
				...subject('Octo-User'),
				success: false,
				kept: true,
				login: LOGIN,
				reason: `${LOGIN} is the login this credential acts as: ${notDone} (option Include the Token's Own Login)`,
			},
		]);
		expect(calls()).toEqual(['GET /user']);
		expect(state()).toEqual(before);
	});

	test("Include the Token's Own Login: the write is sent, GET /user is not asked", async () => {
		const before = state();
		const { error } = await runCodeHosting(srv, { parameters: { ...parameters(LOGIN), options: { includeOwnLogin: true } } });
		expect(error).toBeUndefined();
		expect(calls()).toEqual([write(LOGIN)]);
		expect(state()).not.toEqual(before);
	});

	test('another login: one GET /user, then the write', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: parameters(OTHER) });
		expect(error).toBeUndefined();
		expect(output[0].json.kept).toBeUndefined();
		expect(calls()).toEqual(['GET /user', write(OTHER)]);
	});

	test('many items: the own login asked once per run; each other login written, the own one kept', async () => {
		const { output, error } = await runCodeHosting(srv, {
			items: [{ login: OTHER }, { login: LOGIN }, { login: 'outside-user' }],
			parameters: parameters('={{ $json.login }}'),
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.kept === true, item.pairedItem])).toEqual([
			[false, { item: 0 }],
			[true, { item: 1 }],
			[false, { item: 2 }],
		]);
		expect(userLookups()).toHaveLength(1);
		expect(calls().filter((call) => call === write(LOGIN))).toEqual([]);
		expect(calls()).toContain(write(OTHER));
	});

	test('a GitHub App credential: no GET /user (an installation is no user), the write goes ahead', async () => {
		const { error } = await runCodeHosting(srv, { app: {}, parameters: parameters(OTHER) });
		expect(error).toBeUndefined();
		expect(userLookups()).toEqual([]);
		expect(calls()).toContain(write(OTHER));
	});

	test('a token that is no user\'s (GET /user answers 403): the write goes ahead', async () => {
		srv.failNext({ method: 'GET', path: '/user', status: 403, body: { message: 'Resource not accessible by integration' } });
		const { error } = await runCodeHosting(srv, { parameters: parameters(LOGIN) });
		expect(error).toBeUndefined();
		expect(calls()).toEqual(['GET /user', write(LOGIN)]);
	});
});

describe('Set Membership: the roles that demote no one do not ask for the own login', () => {
	test('Owner (Admin) and Keep Current for the own login: no GET /user', async () => {
		const base = { resource: 'organization', operation: 'setMembership', owner: rl(ORG), username: LOGIN };
		const admin = await runCodeHosting(srv, { parameters: { ...base, role: 'admin' } });
		expect(admin.output[0].json).toMatchObject({ state: 'active', role: 'admin' });
		const keep = await runCodeHosting(srv, { parameters: base });
		expect(keep.output[0].json).toMatchObject({ role: 'admin', unchanged: true });
		expect(calls()).toEqual([`PUT /orgs/${ORG}/memberships/${LOGIN}`, `GET /orgs/${ORG}/memberships/${LOGIN}`]);
		expect(orgMembers()[LOGIN]).toBe('admin');
	});
});
