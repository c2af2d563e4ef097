import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, OTHER_TOKEN, runCodeHosting, strictServerPerTest } from './harness';

// Access → Revoke (issue 39, part 2): a person's membership, teams, invitations and outside
// collaborator access end, against the strict stand-in (requests and responses checked against
// GitHub's OpenAPI description).

let srv: CodeHostingServer;
strictServerPerTest((server) => (srv = server));

const OTHER = 'other-user';
const OUTSIDER = 'outside-user';
const byName = (value: string) => ({ __rl: true, mode: 'name', value });
const revoke = (person: string, extra: IDataObject = {}): IDataObject => ({ resource: 'access', operation: 'revoke', owner: byName(ORG), person, ...extra });
const writes = () => srv.requests.filter((request) => request.method !== 'GET' && !request.path.endsWith('/graphql')).map((request) => `${request.method} ${request.path}`);
const org = () => srv.state.orgs[ORG];

/** outside-user: outside collaborator on org-repo, invited to the organization, invited to a second repository. */
async function outsiderWithEverything(): Promise<{ orgInvitation: number; repoInvitation: number }> {
	const invited = await runCodeHosting(srv, { parameters: { resource: 'organization', operation: 'setMembership', owner: byName(ORG), username: OUTSIDER } });
	expect(invited.error).toBeUndefined();
	srv.addRepo(ORG, 'org-private', { private: true, auto_init: true });
	const added = await runCodeHosting(srv, { parameters: { resource: 'collaborator', operation: 'add', owner: byName(ORG), repository: byName('org-private'), username: OUTSIDER } });
	expect(added.error).toBeUndefined();
	srv.resetRequests();
	return { orgInvitation: org().invitations[0].id, repoInvitation: [...srv.repo(ORG, 'org-private')!.invitations.keys()][0] };
}

describe('apply (Mode Automatic in a workflow, or Apply)', () => {
	test('an outside collaborator with invitations: one item per change, then complete; everything is gone', async () => {
		const ids = await outsiderWithEverything();
		const { output, error } = await runCodeHosting(srv, { parameters: revoke(OUTSIDER) });
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.action, item.json.dryRun, item.json.applied])).toEqual([
			['cancelledInvitation', false, true],
			['cancelledRepositoryInvitation', false, true],
			['removedOutsideCollaborator', false, true],
			['complete', false, undefined],
		]);
		expect(output[0].json).toMatchObject({ organization: ORG, login: OUTSIDER, invitationId: ids.orgInvitation });
		expect(output[1].json).toMatchObject({ repository: `${ORG}/org-private`, invitationId: ids.repoInvitation });
		expect(output[3].json).toMatchObject({ complete: true, changes: 3, changesApplied: 3, changesNotApplied: 0, notChecked: [] });
		expect(writes()).toEqual([
			`DELETE /orgs/${ORG}/invitations/${ids.orgInvitation}`,
			`DELETE /repos/${ORG}/org-private/invitations/${ids.repoInvitation}`,
			`DELETE /orgs/${ORG}/outside_collaborators/${OUTSIDER}`,
		]);
		expect(org().invitations).toEqual([]);
		expect(srv.repo(ORG, 'org-private')!.invitations.size).toBe(0);
		expect(srv.repo(ORG, 'org-repo')!.collaborators.has(OUTSIDER)).toBe(false);

		srv.resetRequests();
		const again = await runCodeHosting(srv, { parameters: revoke(OUTSIDER, { options: { dryRun: false } }) });
		expect(again.error).toBeUndefined();
		expect(again.output.map((item) => item.json)).toEqual([
			expect.objectContaining({ action: 'complete', complete: true, changes: 0, changesApplied: 0, dryRun: false }),
		]);
		expect(writes()).toEqual([]);
	});

	test('a member: removed from the organization, and with it from its teams; a second run writes nothing', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: revoke(OTHER) });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.action)).toEqual(['removedMember', 'complete']);
		expect(output[0].json).toMatchObject({ login: OTHER, role: 'member', applied: true });
		expect(writes()).toEqual([`DELETE /orgs/${ORG}/members/${OTHER}`]);
		expect(Object.keys(org().members)).toEqual([LOGIN]);
		expect(org().teams.get('developers')!.members.has(OTHER)).toBe(false);
		srv.resetRequests();
		const again = await runCodeHosting(srv, { parameters: revoke(OTHER) });
		expect(again.output.map((item) => [item.json.action, item.json.changes])).toEqual([['complete', 0]]);
		expect(writes()).toEqual([]);
	});
});

describe("the token's own login", () => {
	test('is kept, with a reason and nothing written; with Include the Token\'s Own Login it is removed', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: revoke(LOGIN) });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.action)).toEqual(['kept', 'complete']);
		expect(output[0].json).toMatchObject({ login: LOGIN, applied: false, reason: expect.stringMatching(/login this credential acts as: not removed/) });
		expect(output[1].json).toMatchObject({ changes: 0, changesApplied: 0, kept: expect.any(String), summary: `${LOGIN} is the credential's own login: kept (nothing was changed)` });
		expect(writes()).toEqual([]);
		expect(srv.requests.filter((request) => request.path === '/user')).toHaveLength(1);

		srv.resetRequests();
		const allowed = await runCodeHosting(srv, { parameters: revoke(LOGIN, { options: { includeOwnLogin: true } }) });
		expect(allowed.error).toBeUndefined();
		expect(allowed.output.map((item) => item.json.action)).toEqual(['removedMember', 'complete']);
		expect(writes()).toEqual([`DELETE /orgs/${ORG}/members/${LOGIN}`]);
		expect(srv.requests.filter((request) => request.path === '/user')).toHaveLength(0);
	});

	test('someone with nothing to remove: the own login is not asked for', async () => {
		const { output } = await runCodeHosting(srv, { parameters: revoke('nobody-here') });
		expect(output.map((item) => item.json.action)).toEqual(['complete']);
		expect(srv.requests.filter((request) => request.path === '/user')).toHaveLength(0);
	});

	test('a GitHub App credential (installation from each call) is not asked: GET /user names no account to find it from', async () => {
		const { output, error } = await runCodeHosting(srv, { app: {}, parameters: revoke(OTHER) });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.action)).toEqual(['removedMember', 'complete']);
		expect(srv.requests.filter((request) => request.path === '/user')).toHaveLength(0);
		expect(writes()).toContain(`DELETE /orgs/${ORG}/members/${OTHER}`);
	});
});

describe('plan only', () => {
	test('Mode Plan Only: the same items, applied false, nothing written', async () => {
		await outsiderWithEverything();
		const { output } = await runCodeHosting(srv, { parameters: revoke(OUTSIDER, { options: { dryRun: true } }) });
		expect(output.map((item) => [item.json.action, item.json.dryRun, item.json.applied])).toEqual([
			['cancelledInvitation', true, false],
			['cancelledRepositoryInvitation', true, false],
			['removedOutsideCollaborator', true, false],
			['complete', true, undefined],
		]);
		expect(output[3].json).toMatchObject({ complete: true, changes: 3, changesApplied: 0, changesNotApplied: 3 });
		expect(writes()).toEqual([]);
		expect(org().invitations).toHaveLength(1);
		expect(srv.repo(ORG, 'org-repo')!.collaborators.has(OUTSIDER)).toBe(true);
	});

	test('as an AI tool, Mode not added (Automatic): it plans; Apply lets the tool apply', async () => {
		const planned = await runCodeHosting(srv, { asTool: true, parameters: revoke(OTHER) });
		expect(planned.error).toBeUndefined();
		expect(planned.output.map((item) => [item.json.action, item.json.dryRun, item.json.applied])).toEqual([
			['removedMember', true, false],
			['complete', true, undefined],
		]);
		expect(writes()).toEqual([]);
		expect(Object.keys(org().members)).toContain(OTHER);
		const applied = await runCodeHosting(srv, { asTool: true, parameters: revoke(OTHER, { options: { dryRun: false } }) });
		expect(applied.output[0].json).toMatchObject({ action: 'removedMember', dryRun: false, applied: true });
		expect(Object.keys(org().members)).not.toContain(OTHER);
	});
});

describe('a person by email: the organization\'s SAML identities', () => {
	test('an email of a SAML identity is its login: that member is removed', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: revoke('Other.User@corp.example') });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.action)).toEqual(['removedMember', 'complete']);
		expect(output[1].json).toMatchObject({ login: OTHER, email: 'Other.User@corp.example', complete: true });
		expect(srv.requests[0].path).toMatch(/graphql$/);
		expect(Object.keys(org().members)).toEqual([LOGIN]);
	});

	test.each([
		['no identity has the email', 'nobody@corp.example', /No SAML identity of octo-org has the email nobody@corp.example/],
		['the identity has no GitHub login', 'not.yet@corp.example', /linked to no GitHub login/],
	])('%s: an error asking for the login, nothing written', async (_name, email, message) => {
		const { error } = await runCodeHosting(srv, { parameters: revoke(email) });
		expect(error?.message).toMatch(message);
		expect(error?.description).toContain('Enter the person\'s login');
		expect((error as unknown as { context?: IDataObject })?.context?.itemIndex).toBe(0);
		expect(srv.requests.map((request) => request.path)).toEqual(['/graphql']);
	});

	test('an organization without SAML single sign-on: an error asking for the login, nothing written', async () => {
		delete org().saml;
		const { error } = await runCodeHosting(srv, { parameters: revoke('other.user@corp.example') });
		expect(error?.message).toBe(`The organization ${ORG} has no SAML single sign-on to map other.user@corp.example to a login`);
		expect(writes()).toEqual([]);
		expect(Object.keys(org().members)).toContain(OTHER);
	});
});

describe('what could not be done is named', () => {
	test('a member who is no owner: unreadable lists and a refused removal are items; complete is false', async () => {
		const { output, error } = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: revoke(OUTSIDER, { options: { dryRun: false } }) });
		expect(error).toBeUndefined();
		const byAction = (action: string) => output.filter((item) => item.json.action === action).map((item) => item.json);
		expect(byAction('notChecked').map((item) => item.notChecked)).toEqual(expect.arrayContaining([`pending invitations to ${ORG}`, `pending invitations to ${ORG}/org-repo`]));
		for (const item of byAction('notChecked')) expect(item.reason).toMatch(/^HTTP 403: /);
		expect(byAction('removedOutsideCollaborator')).toEqual([expect.objectContaining({ applied: false, error: expect.stringMatching(/^HTTP 403/) })]);
		expect(byAction('complete')).toEqual([expect.objectContaining({ complete: false, changesApplied: 0, changesNotApplied: 1, summary: expect.stringMatching(/^Incomplete/) })]);
		expect(srv.repo(ORG, 'org-repo')!.collaborators.has(OUTSIDER)).toBe(true);
	});
});

describe('a write that fails part-way (a 5xx after the retries)', () => {
	test('the error names what was done and what is left, and a rerun makes only the writes left', async () => {
		const ids = await outsiderWithEverything();
		const repoInvitation = `/repos/${ORG}/org-private/invitations/${ids.repoInvitation}`;
		srv.failNext({ method: 'DELETE', path: repoInvitation, status: 500, body: { message: 'Server Error' } });
		const { output, error } = await runCodeHosting(srv, { parameters: revoke(OUTSIDER) });
		expect(output).toEqual([]);
		expect(error?.message).toMatch(/500|Server Error/i);
		const description = String((error as unknown as { description?: string }).description);
		expect(description).toContain(`Revoking ${OUTSIDER}'s access to ${ORG} stopped at cancel the invitation to ${ORG}/org-private.`);
		expect(description).toContain(`Done before: 1 change: cancel invitation ${ids.orgInvitation}.`);
		expect(description).toContain(`Left: 2 changes, the one it stopped at and 1 after it: cancel the invitation to ${ORG}/org-private, remove the outside-collaborator access.`);
		expect(description).toMatch(/Running the step again finishes the job/);
		// a write is not repeated after a 500: one attempt each
		expect(writes()).toEqual([`DELETE /orgs/${ORG}/invitations/${ids.orgInvitation}`, `DELETE ${repoInvitation}`]);
		expect(org().invitations).toEqual([]);
		expect(srv.repo(ORG, 'org-private')!.invitations.size).toBe(1);
		expect(srv.repo(ORG, 'org-repo')!.collaborators.has(OUTSIDER)).toBe(true);

		srv.resetRequests();
		const rerun = await runCodeHosting(srv, { parameters: revoke(OUTSIDER) });
		expect(rerun.error).toBeUndefined();
		expect(writes()).toEqual([`DELETE ${repoInvitation}`, `DELETE /orgs/${ORG}/outside_collaborators/${OUTSIDER}`]);
		expect(rerun.output.at(-1)?.json).toMatchObject({ action: 'complete', complete: true, changes: 2, changesApplied: 2 });
	});
});

describe('bad input: an error naming the field, 0 requests', () => {
	test.each([
		['an empty organization from an expression', { owner: byName('={{ "" }}') }, /Organization is required/],
		['an empty person from an expression', { person: '={{ "" }}' }, /Person is required/],
		['a blank person', { person: '   ' }, /Person is required/],
		['a malformed email', { person: 'someone@nowhere' }, /Person/],
		['a login with a slash', { person: 'octo/user' }, /Person must not contain/],
		['an unknown Mode', { options: { dryRun: 'maybe' } }, /Mode must be Automatic, true or false/],
	])('%s', async (_name, extra, message) => {
		const { error } = await runCodeHosting(srv, { parameters: { ...revoke(OTHER), ...extra } });
		expect(error?.message).toMatch(message);
		expect((error as unknown as { context?: IDataObject })?.context?.itemIndex).toBe(0);
		expect(srv.requests).toEqual([]);
	});
});
