'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Access → Remove Grants on both platforms in a real n8n (issue 49, item 2): the single grants a
 * reviewer marked Remove, from each platform's Access → Review, planned (Mode: Plan Only, signed
 * lines), applied by Access → Apply Plan from the plan items, then planned again.
 * Relevance AI: viewer@ in the first project, Max (Mixed.Case@acme.test) in Marketing only, and the
 * API key's own user (kept). GitHub (octo-org): outside-user's outside access to org-repo (a Review
 * exception), other-user's membership of developers, and the token's own login in developers
 * (kept). Checked: the items, every write in order (only the approved removals), and that
 * everything else stays (Max's other projects and keys, other-user's organization membership,
 * octo-user's team).
 */
const ORG = 'octo-org';

module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['governance', 'codehosting'],
	check({ assert, items, governance, codehosting }) {
		const { PROJECT_ID, VIEWER_USER_ID, MIXED_USER_ID, ADMIN_USER_ID } = governance.constants;
		const byEmail = (a, b) => String(a.email).toLowerCase().localeCompare(String(b.email).toLowerCase());
		const summary = (name, fields) => items(name).map((item) => fields.map((field) => (field === 'lines' ? (item.plan ?? []).length : item[field])));

		// ---- Relevance AI
		const planned = items('Plan Removals (Relevance AI)').sort(byEmail);
		assert.deepEqual(
			planned.map((item) => [item.email, item.project, item.action, item.plan.length]),
			[
				['admin@example.com', PROJECT_ID, 'kept', 0],
				['Mixed.Case@acme.test', 'proj-e2e-0002', 'revoke', 1],
				['viewer@example.com', PROJECT_ID, 'revoke', 1],
			],
			'Relevance AI: two removals planned and signed, the own user kept',
		);
		for (const item of planned) assert.deepEqual([item.dryRun, item.applied, item.plannedRemovals, item.wouldApply], [true, false, 2, true]);
		assert.deepEqual(
			items('Apply Plan (Relevance AI)').sort(byEmail).map((item) => [item.email, item.result, item.approvedBy]),
			[
				['Mixed.Case@acme.test', 'applied', 'e2e approver'],
				['viewer@example.com', 'applied', 'e2e approver'],
			],
		);
		assert.deepEqual(items('Plan Again (Relevance AI)').sort(byEmail).map((item) => [item.action, item.plan.length]), [['kept', 0], ['notFound', 0], ['notFound', 0]], 'planned again: nothing left to remove');
		const govWrites = governance.requests.filter((r) => r.method === 'POST' && /\/(create|update|delete)$/.test(r.path)).map((r) => r.path).sort();
		assert.deepEqual(govWrites, [`/latest/auth/users/${MIXED_USER_ID}/delete`, `/latest/auth/users/${VIEWER_USER_ID}/delete`].sort(), 'Relevance AI: only the approved removals were written');
		const { state } = governance;
		assert.equal(state.memberships[PROJECT_ID][VIEWER_USER_ID], undefined, 'viewer@ left the first project');
		assert.equal(state.memberships['proj-e2e-0002'][MIXED_USER_ID], undefined, 'Max left Marketing');
		for (const project of ['proj-e2e-0003', 'proj-e2e-0004']) assert.ok(state.memberships[project][MIXED_USER_ID], `Max stays in ${project}`);
		assert.ok(Object.values(state.keys).some((key) => key.user_id === MIXED_USER_ID), 'Max keeps his API keys');
		assert.ok(state.memberships[PROJECT_ID][ADMIN_USER_ID], 'the API key\'s own user stays');

		// ---- GitHub
		assert.deepEqual(
			summary('Plan Removals (GitHub)', ['grant', 'login', 'action', 'lines']),
			[
				['repository', 'outside-user', 'remove', 1],
				['team', 'other-user', 'remove', 1],
				['team', 'octo-user', 'kept', 0],
			],
			'GitHub: two removals planned and signed, the token\'s own login kept',
		);
		assert.deepEqual(summary('Apply Plan (GitHub)', ['login', 'result', 'approvedBy']), [
			['outside-user', 'applied', 'e2e approver'],
			['other-user', 'applied', 'e2e approver'],
		]);
		assert.deepEqual(summary('Plan Again (GitHub)', ['login', 'action', 'lines']), [
			['outside-user', 'notFound', 0],
			['other-user', 'notFound', 0],
			['octo-user', 'kept', 0],
		]);
		const ghWrites = codehosting.requests.filter((r) => !['GET', 'HEAD'].includes(r.method) && !r.path.endsWith('/graphql')).map((r) => `${r.method} ${r.path}`);
		assert.deepEqual(ghWrites, [`DELETE /repos/${ORG}/org-repo/collaborators/outside-user`, `DELETE /orgs/${ORG}/teams/developers/memberships/other-user`], 'GitHub: only the approved removals were written');
		const org = codehosting.state.orgs[ORG];
		const developers = org.teams.get('developers');
		assert.equal(developers.members.has('other-user'), false, 'other-user left developers');
		assert.equal(developers.members.get('octo-user'), 'maintainer', 'the token\'s own login stays a maintainer');
		assert.ok(org.members['other-user'], 'other-user stays a member of the organization');
		const orgRepo = Object.values(codehosting.state.repos).find((repo) => repo.owner.toLowerCase() === ORG && repo.name === 'org-repo');
		assert.equal(orgRepo.collaborators.has('outside-user'), false, 'outside-user lost access to org-repo');
	},
};
