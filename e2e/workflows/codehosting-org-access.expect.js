'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting, GitHub organization access (issue 39) in a real n8n, against the stand-in's
 * octo-org (octo-user owner and maintainer of team developers, other-user a member and in
 * developers, outside-user an outside collaborator on org-repo at pull; SAML maps
 * other.user@corp.example to other-user). The workflow first invites two emails (a new hire, and a
 * stale invitation to other-user's corporate address), then: Access → Review in its default
 * Output, Per Person (each person's role, teams, base reach and what is above it; the team; the
 * two invitations; the summary; lists only);
 * Team → Get Many and Get Members; Organization → Get Members (role admin), Get Invitations, Get
 * Outside Collaborators; Access → Sync, Plan Only, of a roster from a Code node (octo-user and
 * outside-user in developers: one addition, one removal, nothing written); Team → Add Member
 * (other-user made maintainer) and Remove Member; Access → Revoke of other.user@corp.example
 * (resolved through SAML to other-user) planned, applied (membership removed, the corporate
 * invitation cancelled), and again (0 changes). Checked: the items, every request in order (no
 * write but the invitations, the team change and the applied revoke), and the stand-in's state,
 * all compared strictly.
 */
const ORG = 'octo-org';

module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, runData, codehosting: { state, requests } }) {
		const one = (name) => {
			const list = items(name);
			assert.strictEqual(list.length, 1, `${name}: one item`);
			return list[0];
		};
		// every node ran once, without an error item
		for (const [name, runs] of Object.entries(runData)) {
			assert.strictEqual(runs.length, 1, `${name}: ran once`);
			assert.ok(!runs[0].error, `${name}: ${runs[0].error?.message}`);
			for (const item of runs[0].data?.main?.[0] ?? []) assert.strictEqual(item.json.error, undefined, `${name}: an error item: ${item.json.error}`);
		}

		// ---- the two invitations the workflow sends first
		const invites = items('Invite By Email');
		assert.deepStrictEqual(invites.map((i) => [i.login, i.email, i.role, i.inviter.login]), [
			[null, 'new.hire@example.com', 'direct_member', 'octo-user'],
			[null, 'other.user@corp.example', 'direct_member', 'octo-user'],
		]);
		const [newHireId, corporateId] = invites.map((i) => i.id);
		assert.ok(Number.isInteger(newHireId) && Number.isInteger(corporateId) && newHireId !== corporateId);

		// ---- Access → Review, the default Output (Per Person): one item per person, the team, the invitations, the summary
		const review = items('Review Access');
		const person = (login, role, basePermission, baseRepositories, highestPermission, teams, aboveBase, aboveBaseSummary) => ({
			kind: 'person',
			organization: ORG,
			login,
			role,
			twoFactorDisabled: false,
			teams,
			basePermission,
			baseRepositories,
			aboveBaseRepositories: aboveBase.reduce((sum, group) => sum + group.count, 0),
			highestPermission,
			aboveBase,
			aboveBaseSummary,
		});
		const invitation = (login, email, invitationId) => {
			const sent = invites.find((i) => i.id === invitationId);
			return { kind: 'invitation', organization: ORG, scope: 'organization', login, email, role: 'direct_member', invitationId, invitedAt: sent.created_at, inviter: 'octo-user', teamCount: 0 };
		};
		const outsideGrant = { permission: 'read', count: 1, sources: [{ source: 'outside collaborator', count: 1, repositories: [`${ORG}/org-repo`] }] };
		assert.deepStrictEqual(review, [
			// the owner and the member reach org-repo at their organization role's level (the team adds nothing above it)
			person('octo-user', 'owner', 'admin', 1, 'admin', ['developers'], [], ''),
			person('other-user', 'member', 'read', 1, 'read', ['developers'], [], ''),
			person('outside-user', 'outside collaborator', 'none', 0, 'read', [], [outsideGrant], `read on 1 (outside collaborator: ${ORG}/org-repo)`),
			{
				kind: 'team',
				organization: ORG,
				team: 'developers',
				memberCount: 2,
				members: ['octo-user', 'other-user'],
				maintainers: ['octo-user'],
				repositoryCount: 1,
				repositories: { admin: [], maintain: [], write: [], triage: [], read: [`${ORG}/org-repo`] },
			},
			invitation(null, 'new.hire@example.com', newHireId),
			invitation(null, 'other.user@corp.example', corporateId),
			{
				kind: 'summary',
				organization: ORG,
				output: 'perPerson',
				complete: true,
				people: 3,
				repositories: 1,
				teams: 1,
				owners: 1,
				outsideCollaborators: 1,
				admins: 1,
				invitations: 2,
				repositoryInvitations: 0,
				twoFactorDisabled: [],
				notReadable: [],
				basePermission: 'read',
				readThrough: 'GraphQL',
			},
		]);

		// ---- Team → Get Many, Get Members; Organization → Get Members (admin), Get Invitations, Get Outside Collaborators
		const developers = one('Get Teams');
		assert.deepStrictEqual([developers.id, developers.slug, developers.name, developers.organization_id], [200, 'developers', 'Developers', 100]);
		assert.deepStrictEqual(items('Get Team Members').map((u) => [u.login, u.id]), [['octo-user', 1], ['other-user', 2]]);
		assert.deepStrictEqual(items('Get Org Admins').map((u) => u.login), ['octo-user']);
		assert.deepStrictEqual(items('Get Invitations').map((i) => [i.id, i.login, i.email, i.role, i.team_count]), [
			[newHireId, null, 'new.hire@example.com', 'direct_member', 0],
			[corporateId, null, 'other.user@corp.example', 'direct_member', 0],
		]);
		assert.deepStrictEqual(items('Get Outside Collaborators').map((u) => [u.login, u.id]), [['outside-user', 3]]);

		// ---- Access → Sync, Plan Only: the roster (octo-user, outside-user) against developers
		const plan = { organization: ORG, team: 'developers', role: 'member', dryRun: true, applied: false };
		// each change carries its signed plan line (Access → Apply Plan applies it)
		const syncPlan = items('Sync Plan');
		assert.deepStrictEqual(
			syncPlan.filter((item) => item.plan).map((item) => [item.plan.line, item.plan.lines, item.plan.operation, item.plan.change.login, item.plan.change.action, /^hmac-sha256:/.test(item.plan.digest)]),
			[
				[1, 2, 'access.sync', 'outside-user', 'add', true],
				[2, 2, 'access.sync', 'other-user', 'remove', true],
			],
		);
		assert.deepStrictEqual(syncPlan.map(({ plan: _line, ...item }) => item), [
			{ organization: ORG, team: 'developers', login: 'outside-user', action: 'add', role: 'member', dryRun: true, applied: false },
			{ ...plan, login: 'other-user', action: 'remove' },
			{
				organization: ORG,
				action: 'complete',
				dryRun: true,
				complete: true,
				teams: ['developers'],
				people: 2,
				changes: 2,
				additions: 1,
				removals: 1,
				changesApplied: 0,
				changesNotApplied: 2,
				maintainersKept: [],
				notReadable: [],
				maxRemovals: 5,
				wouldApply: true,
				summary: '1 addition and 1 removal planned in 1 team of octo-org; nothing was changed (Plan Only)',
			},
		]);
		// each change paired with the roster items of its person; the removal (not in the roster) with the items naming the team
		const pairs = runData['Sync Plan'][0].data.main[0].map((item) => (Array.isArray(item.pairedItem) ? item.pairedItem : [item.pairedItem]).map((p) => p.item));
		assert.deepStrictEqual(pairs.slice(0, 2), [[1], [0, 1]]);

		// ---- Team → Add Member (other-user made maintainer: already in the team), Remove Member
		assert.deepStrictEqual(one('Add Team Member'), {
			username: 'other-user',
			url: `${developers.url}/memberships/other-user`,
			role: 'maintainer',
			state: 'active',
		});
		assert.deepStrictEqual(one('Remove Team Member'), { success: true, team: 'developers', username: 'other-user' });

		// ---- Access → Revoke of other.user@corp.example (SAML → other-user): planned, applied, again
		const subject = { organization: ORG, login: 'other-user', email: 'other.user@corp.example' };
		const changes = (dryRun, applied) => [
			{ ...subject, action: 'removedMember', role: 'member', dryRun, applied },
			{ ...subject, action: 'cancelledInvitation', invitationId: corporateId, invitedEmail: 'other.user@corp.example', role: 'direct_member', dryRun, applied },
		];
		// the plan: each change with its signed line
		assert.deepStrictEqual(items('Revoke Plan').map((item) => item.plan && [item.plan.line, item.plan.lines, item.plan.change.action, item.plan.change.path]), [
			[1, 2, 'removedMember', `/orgs/${ORG}/members/other-user`],
			[2, 2, 'cancelledInvitation', `/orgs/${ORG}/invitations/${corporateId}`],
			undefined,
		]);
		assert.deepStrictEqual(items('Revoke Plan').map(({ plan: _line, ...item }) => item), [
			...changes(true, false),
			{ ...subject, action: 'complete', dryRun: true, complete: true, changes: 2, changesApplied: 0, changesNotApplied: 2, notChecked: [], summary: '2 change(s) planned for other-user in octo-org; nothing was changed (Plan Only)' },
		]);
		assert.deepStrictEqual(items('Revoke Apply'), [
			...changes(false, true),
			{ ...subject, action: 'complete', dryRun: false, complete: true, changes: 2, changesApplied: 2, changesNotApplied: 0, notChecked: [], summary: "other-user's access to octo-org is revoked (2 change(s) made)" },
		]);
		assert.deepStrictEqual(items('Revoke Again'), [
			{ ...subject, action: 'complete', dryRun: false, complete: true, changes: 0, changesApplied: 0, changesNotApplied: 0, notChecked: [], summary: "other-user's access to octo-org is revoked (0 change(s) made)" },
		]);

		// ---- every request to the organization, in order: reads only but the invitations, the team change and the applied revoke;
		// and the token's own login (GET /user), asked once by each node that could remove it (it would be kept)
		const ours = requests.filter((r) => r.path === '/user' || r.path === '/graphql' || r.path.startsWith(`/orgs/${ORG}`) || r.path.startsWith(`/repos/${ORG}/`));
		const line = (r) => {
			const query = Object.entries(r.query ?? {}).filter(([name]) => name !== 'per_page').map(([name, value]) => `${name}=${value}`).join('&');
			return `${r.method} ${r.path}${query ? `?${query}` : ''}`;
		};
		const o = `/orgs/${ORG}`;
		const revokeReads = ['POST /graphql', `GET ${o}/memberships/other-user`, `GET ${o}/invitations`, `GET ${o}/repos?type=all`, `GET /repos/${ORG}/org-repo/invitations`, `GET ${o}/outside_collaborators`];
		assert.deepStrictEqual(ours.map(line), [
			// Invite By Email
			`POST ${o}/invitations`,
			`POST ${o}/invitations`,
			// Access → Review: lists only
			`GET ${o}`,
			`GET ${o}/members`,
			`GET ${o}/members?role=admin`,
			`GET ${o}/members?filter=2fa_disabled`,
			`GET ${o}/outside_collaborators`,
			`GET ${o}/outside_collaborators?filter=2fa_disabled`,
			`GET ${o}/invitations`,
			`GET ${o}/teams`,
			`GET ${o}/teams/developers/members`,
			`GET ${o}/teams/developers/repos`,
			// the repositories and their direct collaborators in one GraphQL query, the teams' maintainers in another
			'POST /graphql',
			'POST /graphql',
			`GET /repos/${ORG}/org-repo/invitations`,
			// Team → Get Many, Get Members; Organization → Get Members, Get Invitations, Get Outside Collaborators
			`GET ${o}/teams`,
			`GET ${o}/teams/developers/members?role=all`,
			`GET ${o}/members?role=admin`,
			`GET ${o}/invitations?role=all&invitation_source=all`,
			`GET ${o}/outside_collaborators`,
			// Access → Sync, Plan Only: the team's maintainers, members and pending invitations
			`GET ${o}/teams/developers/members?role=maintainer`,
			`GET ${o}/teams/developers/members?role=member`,
			`GET ${o}/teams/developers/invitations`,
			// and the own login, since the plan removes someone (not it: nothing kept)
			'GET /user',
			// Team → Add Member, Remove Member (the own login first: other-user is not it)
			`PUT ${o}/teams/developers/memberships/other-user`,
			'GET /user',
			`DELETE ${o}/teams/developers/memberships/other-user`,
			// Access → Revoke: Plan Only (reads), Apply (the same reads, two deletions), again (reads; nothing to remove, no GET /user)
			...revokeReads,
			'GET /user',
			...revokeReads,
			'GET /user',
			`DELETE ${o}/members/other-user`,
			`DELETE ${o}/invitations/${corporateId}`,
			...revokeReads,
		]);
		const bodies = ours.filter((r) => r.method === 'POST' || r.method === 'PUT').map((r) => [line(r), JSON.parse(r.body)]);
		assert.deepStrictEqual(bodies.filter(([l]) => !l.startsWith('POST /graphql')), [
			[`POST ${o}/invitations`, { role: 'direct_member', email: 'new.hire@example.com' }],
			[`POST ${o}/invitations`, { role: 'direct_member', email: 'other.user@corp.example' }],
			[`PUT ${o}/teams/developers/memberships/other-user`, { role: 'maintainer' }],
		]);
		const queries = bodies.filter(([l]) => l.startsWith('POST /graphql')).map(([, body]) => body);
		assert.deepStrictEqual(queries.map((body) => body.operationName), ['OrganizationRepositories', 'OrganizationTeamMaintainers', 'SamlIdentities', 'SamlIdentities', 'SamlIdentities']);
		assert.ok(queries.every((body) => /^query /.test(body.query) && body.variables.org === ORG), 'the GraphQL requests only read (the repositories, the teams\' maintainers, the SAML identities)');

		// ---- the stand-in afterwards: other-user gone from the organization and its team, the corporate invitation cancelled
		const org = state.orgs[ORG];
		assert.deepStrictEqual(org.members, { 'octo-user': 'admin' });
		assert.deepStrictEqual(org.invitations.map((i) => [i.id, i.email]), [[newHireId, 'new.hire@example.com']]);
		const team_ = org.teams.get('developers');
		assert.deepStrictEqual([...team_.members], [['octo-user', 'maintainer']]);
		assert.deepStrictEqual([...team_.pending], []);
		// the sync only planned: outside-user is still an outside collaborator, not invited
		assert.strictEqual(state.repos[`${ORG}/org-repo`].collaborators.get('outside-user'), 'pull');
	},
};
