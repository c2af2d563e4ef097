import type { IDataObject } from 'n8n-workflow';

import { ACME, acme, byName } from './accessReviewKit';
import type { CodeHostingServer } from './harness';
import { LOGIN, runCodeHosting, strictServerPerTest } from './harness';

// Access → Remove Grants (issue 49, item 2): all input items together are single grants to end in
// one organization (a team membership, a direct repository grant, a pending repository or
// organization invitation), as Access → Review's Exceptions Only items name them; planned, braked
// by Max Removals and summarised per grant; Plan Only signs lines that Access → Apply Plan
// applies. Nothing else is touched. Against the strict stand-in.

let srv: CodeHostingServer;
strictServerPerTest((server) => (srv = server));

const writes = () => srv.requests.filter((request) => request.method !== 'GET' && !request.path.endsWith('/graphql')).map((request) => `${request.method} ${request.path}`);
const reads = (path: string) => srv.requests.filter((request) => request.method === 'GET' && request.path === path).length;
const org = () => srv.state.orgs[ACME];
const team = (slug: string) => org().teams.get(slug)!;
const remove = (items: IDataObject[], options: IDataObject = {}) =>
	runCodeHosting(srv, { parameters: { resource: 'access', operation: 'removeGrants', owner: byName(ACME), options }, items });
const apply = (items: IDataObject[]) => runCodeHosting(srv, { parameters: { resource: 'access', operation: 'applyPlan', options: { approvedBy: 'ada' } }, items });

let erinInvitation = 0;
let frankInvitation = 0;

/**
 * acme (accessReviewKit.ts, without the invitation by email), frank invited to api, the token's
 * own login in team leads; then the items of Access → Review (Exceptions Only) a reviewer marked
 * Remove: alice in leads, bob's direct admin on web, dave's outside access to api, erin's and
 * frank's invitations; and two more: carol in developers (she is not) and the token's own login
 * in leads.
 */
async function reviewed(): Promise<IDataObject[]> {
	await acme(srv, { byEmail: false });
	const invited = await runCodeHosting(srv, { parameters: { resource: 'collaborator', operation: 'add', owner: byName(ACME), repository: byName('api'), username: 'frank', permission: 'push' } });
	expect(invited.error).toBeUndefined();
	team('leads').members.set(LOGIN, 'member');
	const review = await runCodeHosting(srv, { parameters: { resource: 'access', operation: 'review', owner: byName(ACME), output: 'exceptionsOnly', options: { includeRepositoryInvitations: true } } });
	expect(review.error).toBeUndefined();
	const exceptions = review.output.map((item) => item.json).filter((item) => item.kind === 'exception');
	const marked = exceptions.filter((item) => (item.reason === 'above base permission' && item.team === 'leads' && item.login === 'alice') || ['direct grant', 'outside collaborator', 'pending invitation'].includes(String(item.reason)));
	erinInvitation = org().invitations[0].id;
	frankInvitation = [...srv.repo(ACME, 'api')!.invitations.keys()][0];
	srv.resetRequests();
	return [...marked, { organization: ACME, login: 'carol', team: 'developers' }, { login: LOGIN, team: 'leads' }];
}

const EXPECTED_WRITES = () => [
	`DELETE /orgs/${ACME}/teams/leads/memberships/alice`,
	`DELETE /repos/${ACME}/web/collaborators/bob`,
	`DELETE /repos/${ACME}/api/collaborators/dave`,
	`DELETE /orgs/${ACME}/invitations/${erinInvitation}`,
	`DELETE /repos/${ACME}/api/invitations/${frankInvitation}`,
];

/** alice keeps developers, bob keeps developers and his membership, carol and the own login are untouched. */
function othersKept(): void {
	expect(team('developers').members.get('alice')).toBe('member');
	expect(team('developers').members.get('bob')).toBe('maintainer');
	expect(org().members.bob).toBe('member');
	expect(org().members.alice).toBe('member');
	expect(team('leads').members.has(LOGIN)).toBe(true);
	expect(srv.repo(ACME, 'web')!.collaborators.has('bob')).toBe(false);
	expect(team('leads').members.has('alice')).toBe(false);
}

describe('access → remove grants', () => {
	test('Plan Only: one item per grant in input order, a signed line for each removal, nothing written; the own login kept, a grant that is not there notFound', async () => {
		const grants = await reviewed();
		const { output, error } = await remove(grants, { dryRun: true });
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.grant, item.json.login, item.json.team ?? item.json.repository ?? null, item.json.action, (item.json.plan as unknown[]).length])).toEqual([
			['team', 'alice', 'leads', 'remove', 1],
			['repository', 'bob', `${ACME}/web`, 'remove', 1],
			['repository', 'dave', `${ACME}/api`, 'remove', 1],
			['organizationInvitation', 'erin', null, 'cancel', 1],
			['repositoryInvitation', 'frank', `${ACME}/api`, 'cancel', 1],
			['team', 'carol', 'developers', 'notFound', 0],
			['team', LOGIN, 'leads', 'kept', 0],
		]);
		expect(output[0].json).toMatchObject({ organization: ACME, role: 'member', state: 'active', dryRun: true, applied: false, plannedRemovals: 5, maxRemovals: 5, wouldApply: true });
		expect(output[1].json).toMatchObject({ permission: 'admin' });
		expect(output[3].json).toMatchObject({ invitationId: erinInvitation, role: 'direct_member' });
		expect(output[6].json.kept).toMatch(/login this credential acts as/);
		expect(output.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4, 5, 6].map((item) => [{ item }]));
		const line = (output[0].json.plan as IDataObject[])[0];
		expect(line).toMatchObject({ operation: 'access.removeGrants', platform: 'codeHosting', line: 1, lines: 5, rules: { maxRemovals: 5, includeOwnLogin: false } });
		expect(line.change).toMatchObject({ grant: 'team', login: 'alice', team: 'leads', path: `/orgs/${ACME}/teams/leads/memberships/alice`, from: { role: 'member', state: 'active' } });
		expect(writes()).toEqual([]);
	});

	test('the approved plan applies exactly those DELETEs; the people keep their other teams, repositories and membership; applied again, every line is skipped', async () => {
		const grants = await reviewed();
		const planned = await remove(grants, { dryRun: true });
		srv.resetRequests();
		const { output, error } = await apply(planned.output.map((item) => item.json));
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.grant, item.json.login, item.json.result, item.json.approvedBy])).toEqual([
			['team', 'alice', 'applied', 'ada'],
			['repository', 'bob', 'applied', 'ada'],
			['repository', 'dave', 'applied', 'ada'],
			['organizationInvitation', 'erin', 'applied', 'ada'],
			['repositoryInvitation', 'frank', 'applied', 'ada'],
		]);
		expect(writes()).toEqual(EXPECTED_WRITES());
		othersKept();
		expect(org().invitations).toEqual([]);
		expect(srv.repo(ACME, 'api')!.invitations.size).toBe(0);

		srv.resetRequests();
		const again = await apply(planned.output.map((item) => item.json));
		expect(again.error).toBeUndefined();
		expect(again.output.map((item) => item.json.result)).toEqual(['skipped', 'skipped', 'skipped', 'skipped', 'skipped']);
		expect(again.output[0].json.skipReason).toBe('changed since the plan: planned from member of leads, now not in leads');
		expect(writes()).toEqual([]);
	});

	test('Mode Apply removes at once, with the same writes; a second run finds nothing to remove', async () => {
		const grants = await reviewed();
		const { output, error } = await remove(grants, { dryRun: false });
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.login, item.json.action, item.json.applied])).toEqual([
			['alice', 'removed', true],
			['bob', 'removed', true],
			['dave', 'removed', true],
			['erin', 'cancelled', true],
			['frank', 'cancelled', true],
			['carol', 'notFound', false],
			[LOGIN, 'kept', false],
		]);
		expect(writes()).toEqual(EXPECTED_WRITES());
		othersKept();
		srv.resetRequests();
		const again = await remove(grants, { dryRun: false });
		expect(again.error).toBeUndefined();
		expect(again.output.map((item) => item.json.action)).toEqual(['notFound', 'notFound', 'notFound', 'notFound', 'notFound', 'notFound', 'kept']);
		expect(writes()).toEqual([]);
	});

	test("Include the Token's Own Login: the own login's grant is planned and applied too", async () => {
		await reviewed();
		const grant = [{ login: LOGIN, team: 'leads' }];
		const planned = await remove(grant, { dryRun: true, includeOwnLogin: true });
		expect(planned.output.map((item) => [item.json.action, (item.json.plan as unknown[]).length])).toEqual([['remove', 1]]);
		srv.resetRequests();
		const { output } = await apply(planned.output.map((item) => item.json));
		expect(output.map((item) => item.json.result)).toEqual(['applied']);
		expect(writes()).toEqual([`DELETE /orgs/${ACME}/teams/leads/memberships/${LOGIN}`]);
	});

	test('Max Removals stops the whole list before any write; the plan says it would not apply and Apply Plan refuses it with 0 requests', async () => {
		const grants = await reviewed();
		const { error } = await remove(grants, { dryRun: false, maxRemovals: 4 });
		expect(error?.message).toBe('The grants would remove 5 grants, more than Max Removals (4): nothing was changed');
		expect(error?.description).toMatch(/^First removals: alice from team leads, bob from acme\/web/);
		expect(writes()).toEqual([]);
		const planned = await remove(grants, { dryRun: true, maxRemovals: 4 });
		expect(planned.output[0].json).toMatchObject({ plannedRemovals: 5, maxRemovals: 4, wouldApply: false });
		srv.resetRequests();
		const applied = await apply(planned.output.map((item) => item.json));
		expect(applied.error?.message).toMatch(/removes 5 grants, more than its Max Removals \(4\): nothing was changed/);
		expect(srv.requests).toEqual([]);
	});

	test('a grant named twice is one item paired with both; an invitation by its id and by its login is one removal', async () => {
		await reviewed();
		const { output, error } = await remove(
			[
				{ login: 'alice', team: 'leads' },
				{ grant: 'organizationInvitation', invitationId: erinInvitation },
				{ login: 'Alice', team: 'Leads' },
				{ grant: 'organizationInvitation', login: 'erin' },
			],
			{ dryRun: true },
		);
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.grant, item.json.action, item.pairedItem])).toEqual([
			['team', 'remove', [{ item: 0 }, { item: 2 }]],
			['organizationInvitation', 'cancel', [{ item: 1 }, { item: 3 }]],
		]);
		expect(output[0].json.plannedRemovals).toBe(2);
	});

	test('an organization invitation by email, as Review lists one without a login', async () => {
		await acme(srv);
		const invitation = org().invitations.find((entry) => entry.email === 'new.hire@example.com')!;
		const { output, error } = await remove([{ kind: 'invitation', scope: 'organization', login: null, email: 'New.Hire@example.com' }], { dryRun: false });
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.grant, item.json.action, item.json.invitationId])).toEqual([['organizationInvitation', 'cancelled', invitation.id]]);
		expect(writes()).toEqual([`DELETE /orgs/${ACME}/invitations/${invitation.id}`]);
		expect(org().invitations.some((entry) => entry.login === 'erin')).toBe(true);
	});

	test('grants that changed between the plan and the approval are skipped with what changed; the others are applied', async () => {
		const grants = await reviewed();
		const planned = await remove(grants, { dryRun: true });
		// meanwhile: alice became a maintainer of leads, bob's direct grant on web went down to write
		team('leads').members.set('alice', 'maintainer');
		srv.repo(ACME, 'web')!.collaborators.set('bob', 'push');
		srv.resetRequests();
		const { output, error } = await apply(planned.output.map((item) => item.json));
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json.login, item.json.result, item.json.skipReason])).toEqual([
			['alice', 'skipped', 'changed since the plan: planned from member of leads, now maintainer of leads'],
			['bob', 'skipped', `changed since the plan: planned from admin on ${ACME}/web (direct), now write on ${ACME}/web (direct)`],
			['dave', 'applied', undefined],
			['erin', 'applied', undefined],
			['frank', 'applied', undefined],
		]);
		expect(writes()).toEqual(EXPECTED_WRITES().slice(2));
		expect(team('leads').members.get('alice')).toBe('maintainer');
		expect(srv.repo(ACME, 'web')!.collaborators.get('bob')).toBe('push');
	});

	test.each([
		['a team membership without a login', [{ team: 'leads' }], 'Item 0 has no login in field "login"'],
		['a team grant without a team', [{ grant: 'team', login: 'alice' }], 'Item 0 has no valid team slug in field "team": ""'],
		['a direct grant without a repository', [{ grant: 'repository', login: 'bob' }], 'Item 0 has no repository in field "repository"'],
		['a malformed repository', [{ login: 'bob', team: 'leads' }, { login: 'bob', repository: 'web' }], 'Item 1 has no valid repository in field "repository": "web"'],
		['a repository of another owner', [{ login: 'bob', repository: 'octo-org/org-repo' }], `Item 0 names the repository octo-org/org-repo, which is not ${ACME}'s`],
		['a grant of another organization', [{ organization: 'octo-org', login: 'bob', team: 'developers' }], `Item 0 is a grant in octo-org, not in ${ACME}`],
		['an exception that is no single grant', [{ kind: 'exception', login: LOGIN, reason: 'owner' }], 'Item 0 names no single grant'],
		['an unknown kind', [{ grant: 'everything', login: 'bob' }], 'Item 0 has an unknown grant "everything"'],
		['an invitation with nothing to find it by', [{ grant: 'organizationInvitation' }], 'Item 0 names no invitation'],
	])('%s: a clear error naming the item, and no request at all', async (_name, items, message) => {
		await reviewed();
		const { error } = await remove(items, { dryRun: false });
		expect(error?.message).toBe(message);
		expect(error?.description).toMatch(/Nothing was changed\.$/);
		expect(srv.requests).toEqual([]);
	});

	test('a failure part-way says what was done and what is left; running again finishes', async () => {
		const grants = await reviewed();
		srv.failNext({ method: 'DELETE', path: `/repos/${ACME}/api/collaborators/dave`, status: 500 });
		const { error } = await remove(grants, { dryRun: false });
		expect(error?.description).toMatch(/Removing the grants stopped at dave from acme\/api\./);
		expect(error?.description).toMatch(/Done before: 2 changes: alice from team leads, bob from acme\/web\./);
		expect(error?.description).toMatch(/Left: 3 changes, the one it stopped at and 2 after it/);
		srv.resetRequests();
		const again = await remove(grants, { dryRun: false });
		expect(again.error).toBeUndefined();
		expect(writes()).toEqual(EXPECTED_WRITES().slice(2));
	});

	test('reads are cached: many grants on one repository read its direct collaborators once, in the plan and in Apply Plan', async () => {
		await reviewed();
		const people = ['gina', 'hank', 'ivan', 'judy', 'kim', 'leo'];
		for (const login of people) {
			srv.addUser(login);
			srv.addCollaborator(ACME, 'web', login, 'push');
		}
		srv.resetRequests();
		const grants = people.map((login) => ({ login, repository: `${ACME}/web` }));
		const planned = await remove(grants, { dryRun: true, maxRemovals: 10 });
		expect(planned.error).toBeUndefined();
		expect(planned.output.map((item) => item.json.action)).toEqual(people.map(() => 'remove'));
		expect(reads(`/repos/${ACME}/web/collaborators`)).toBe(1);
		srv.resetRequests();
		const { output, error } = await apply(planned.output.map((item) => item.json));
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.result)).toEqual(people.map(() => 'applied'));
		expect(reads(`/repos/${ACME}/web/collaborators`)).toBe(1);
		expect(writes()).toEqual(people.map((login) => `DELETE /repos/${ACME}/web/collaborators/${login}`));
		expect(srv.repo(ACME, 'web')!.collaborators.has('bob')).toBe(true);
	});
});
