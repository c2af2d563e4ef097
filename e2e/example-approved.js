'use strict';
/*
 * What a yes changes, per access-changing example of examples/ (used by e2e/example-approvals.js):
 * the writes of the approved run (method + path, in order), the stand-ins' state after it, and
 * for some an optional prepare and a second yes that writes nothing.
 */
const perms = (role) => ({ items: { serviceDefault: { actions: { [`role:${role}`]: true } } } });
const invitesFor = (state, project, email) => Object.values(state.invites).filter((i) => i.project === project && i.email.toLowerCase() === email);
const keysOf = (state, userId) => Object.values(state.keys).filter((k) => k.user_id === userId);

/** Per example: the writes of the approved run (method + path, in order) and the state after it. */
const APPROVED = {
	'governance-nightly-roster-sync': {
		writes: ({ VIEWER_USER_ID }) => [`POST /latest/auth/users/${VIEWER_USER_ID}/update`, 'POST /latest/auth/invite/create', 'POST /latest/auth/invite/create'],
		state(assert, state, { PROJECT_ID, VIEWER_USER_ID }) {
			assert.deepEqual(state.memberships[PROJECT_ID][VIEWER_USER_ID], perms('editor'), 'viewer@ is an editor');
			// member@ is a user of the organization: the stand-in accepts the invite at once
			assert.deepEqual(state.memberships[PROJECT_ID]['user-member'], perms('viewer'), 'member@ invited (and in at once) as viewer');
			assert.deepEqual(invitesFor(state, PROJECT_ID, 'new.hire@example.com').map((i) => i.permissions), [perms('editor')], 'new.hire@ invited as editor');
		},
	},
	'governance-hr-sync': {
		writes: ({ VIEWER_USER_ID }) => ['POST /latest/auth/invite/create', 'POST /latest/auth/invite/create', `POST /latest/auth/users/${VIEWER_USER_ID}/keys/delete`, `POST /latest/auth/users/${VIEWER_USER_ID}/delete`],
		state(assert, state, { PROJECT_ID, VIEWER_USER_ID, ADMIN_USER_ID }) {
			// member@ is a user of the organization: the stand-in accepts the invite at once
			assert.deepEqual(state.memberships[PROJECT_ID]['user-member'], perms('viewer'), 'member@ invited (and in at once) as viewer');
			assert.deepEqual(invitesFor(state, PROJECT_ID, 'new.hire@example.com').map((i) => i.permissions), [perms('editor')], 'new.hire@ invited as editor');
			assert.deepEqual(Object.keys(state.memberships[PROJECT_ID]).sort(), [ADMIN_USER_ID, 'user-member'].sort(), 'the leaver viewer@ is no longer a member');
			assert.deepEqual(keysOf(state, VIEWER_USER_ID), [], 'the leaver\'s API keys are deleted');
		},
	},
	'governance-invite-and-change-roles': {
		writes: ({ VIEWER_USER_ID }) => ['POST /latest/auth/invite/create', `POST /latest/auth/users/${VIEWER_USER_ID}/update`],
		state(assert, state, { PROJECT_ID, VIEWER_USER_ID }) {
			assert.deepEqual(invitesFor(state, PROJECT_ID, 'new.colleague@example.com').map((i) => i.permissions), [perms('editor')], 'new.colleague@ invited as editor');
			const both = { items: { serviceDefault: { actions: { 'role:viewer': true, admin: true } } } };
			assert.deepEqual(state.memberships[PROJECT_ID][VIEWER_USER_ID], both, 'viewer@ has exactly viewer + admin');
		},
	},
	'governance-offboard-leaver': {
		writes: ({ MIXED_USER_ID }) => [
			`POST /latest/auth/users/${MIXED_USER_ID}/keys/delete`,
			`POST /latest/auth/users/${MIXED_USER_ID}/delete`,
			`POST /latest/auth/users/${MIXED_USER_ID}/delete`,
			`POST /latest/auth/users/${MIXED_USER_ID}/delete`,
		],
		state(assert, state, { MIXED_USER_ID, NO_ADMIN_PROJECT_ID }) {
			for (const project of ['proj-e2e-0002', 'proj-e2e-0003', 'proj-e2e-0004']) {
				assert.equal(state.memberships[project][MIXED_USER_ID], undefined, `the leaver is no longer in ${project}`);
			}
			assert.ok(state.memberships[NO_ADMIN_PROJECT_ID][MIXED_USER_ID], 'the project the key cannot manage is left as it is (notChecked)');
			assert.deepEqual(keysOf(state, MIXED_USER_ID), [], 'the leaver\'s API keys are deleted');
		},
	},
	'offboard-leaver-everywhere': {
		/**
		 * The GitHub leaver, outside-user: the seed makes them an outside collaborator on
		 * octo-org/org-repo; here they also get a pending invitation to octo-org (joining the team
		 * developers) and one to a new private repository, as the organization's owner sends them.
		 */
		async prepare({ codehosting }) {
			const { server, url, constants: gh } = codehosting;
			server.addRepo(gh.ORG, 'org-private', { private: true, auto_init: true });
			const call = async (method, apiPath, body) => {
				const response = await fetch(`${url}${apiPath}`, {
					method,
					headers: {
						authorization: `Bearer ${gh.TOKEN}`,
						accept: 'application/vnd.github+json',
						'x-github-api-version': gh.API_VERSION,
						'user-agent': 'n8n-e2e',
						'content-type': 'application/json',
					},
					body: JSON.stringify(body),
				});
				const json = await response.json();
				if (response.status !== 201) throw new Error(`${method} ${apiPath} answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
				return json;
			};
			const developers = server.state.orgs[gh.ORG].teams.get('developers');
			const orgInvitation = await call('POST', `/orgs/${gh.ORG}/invitations`, { invitee_id: server.state.users[gh.OUTSIDER_LOGIN].id, role: 'direct_member', team_ids: [developers.id] });
			const repoInvitation = await call('PUT', `/repos/${gh.ORG}/org-private/collaborators/${gh.OUTSIDER_LOGIN}`, { permission: 'push' });
			return { orgInvitation: orgInvitation.id, repoInvitation: repoInvitation.id };
		},
		writes: ({ MIXED_USER_ID }, { orgInvitation, repoInvitation }) => [
			`POST /latest/auth/users/${MIXED_USER_ID}/keys/delete`,
			`POST /latest/auth/users/${MIXED_USER_ID}/delete`,
			`POST /latest/auth/users/${MIXED_USER_ID}/delete`,
			`POST /latest/auth/users/${MIXED_USER_ID}/delete`,
			`github DELETE /orgs/octo-org/invitations/${orgInvitation}`,
			`github DELETE /repos/octo-org/org-private/invitations/${repoInvitation}`,
			'github DELETE /orgs/octo-org/outside_collaborators/outside-user',
		],
		state(assert, state, { MIXED_USER_ID, NO_ADMIN_PROJECT_ID }, { ctx }) {
			for (const project of ['proj-e2e-0002', 'proj-e2e-0003', 'proj-e2e-0004']) {
				assert.equal(state.memberships[project][MIXED_USER_ID], undefined, `the leaver is no longer in ${project}`);
			}
			assert.ok(state.memberships[NO_ADMIN_PROJECT_ID][MIXED_USER_ID], 'the project the key cannot manage is left as it is (notChecked)');
			assert.deepEqual(keysOf(state, MIXED_USER_ID), [], 'the leaver\'s API keys are deleted');
			const { server, constants: gh } = ctx.codehosting;
			const org = server.state.orgs[gh.ORG];
			const leaver = gh.OUTSIDER_LOGIN;
			const repos = Object.values(server.state.repos).filter((repo) => repo.owner.toLowerCase() === gh.ORG);
			assert.equal(org.members[leaver], undefined, 'the leaver is no member of the GitHub organization');
			assert.deepEqual(org.invitations.filter((i) => i.login === leaver), [], 'their invitation to the organization is cancelled');
			assert.deepEqual([...org.teams.values()].filter((team) => team.members.has(leaver) || team.pending.has(leaver)).map((team) => team.slug), [], 'no team has them, as member or pending');
			assert.deepEqual(repos.filter((repo) => [...repo.invitations.values()].some((i) => i.invitee === leaver)).map((repo) => repo.name), [], 'their repository invitations are cancelled');
			assert.deepEqual(repos.filter((repo) => repo.collaborators.has(leaver)).map((repo) => repo.name), [], 'their outside-collaborator access is gone from every repository');
		},
		// the plan of a second run: nothing to change, and what the key cannot check (Finance, where it is no Admin)
		again: { plan: ['Relevance AI: Finance could not be checked (check by hand)'] },
	},
	'governance-users-and-roles': {
		writes: ({ VIEWER_USER_ID }) => [`POST /latest/auth/users/${VIEWER_USER_ID}/update`],
		state(assert, state, { PROJECT_ID, VIEWER_USER_ID }) {
			assert.deepEqual(state.memberships[PROJECT_ID][VIEWER_USER_ID], perms('editor'), 'viewer@ is exactly an editor');
		},
	},
	'governance-agent-access': {
		writes: ({ VIEWER_USER_ID }) => ['POST /latest/auth/invite/create', `POST /latest/auth/users/${VIEWER_USER_ID}/keys/delete`, `POST /latest/auth/users/${VIEWER_USER_ID}/delete`],
		state(assert, state, { PROJECT_ID, VIEWER_USER_ID, ADMIN_USER_ID }) {
			assert.deepEqual(invitesFor(state, PROJECT_ID, 'new.hire@example.com').map((i) => i.permissions), [perms('editor')], 'new.hire@ invited as editor');
			assert.deepEqual(Object.keys(state.memberships[PROJECT_ID]), [ADMIN_USER_ID], 'viewer@ is no longer a member');
			assert.deepEqual(keysOf(state, VIEWER_USER_ID), [], 'viewer@\'s API keys are deleted');
		},
	},
};

module.exports = { APPROVED };
