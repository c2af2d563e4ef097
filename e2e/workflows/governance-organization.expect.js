'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
// Governance at organization scale, one credential acting in the projects its key reaches:
// Project → Get Organization Info By ID and with the credential's project (no Project parameter
// saved); Access → Ensure with the project From List, matching the member stored as
// Mixed.Case@acme.test (a role update, no invite); Access → Review of some projects with Include
// API Keys (keys read once per user); Access → Sync of a roster from a Code node over three
// projects (Project field): Dry Run (0 writes), applied (the least writes: update, invites,
// removal, a mixed-case member's update, a pending invite replaced), then again (all unchanged,
// 0 writes); a cut-off roster over Max Removals with Continue On Fail (the error item, 0 writes);
// Access → Revoke with Scope Every Project and Delete API Keys (one item, a line per project, the
// project without Admin notChecked, the key deleted once); User → Update Organization Role; and
// Access → Review of every project (the project without Admin: its members, then notReadable).
// The requests are split per node at each node's projects list and checked one by one, with
// their project (Authorization) and every write's body; the server's end state is checked too.

const P1 = 'proj-e2e-0001';
const P2 = 'proj-e2e-0002';
const P3 = 'proj-e2e-0003';
const P4 = 'proj-e2e-0004';
const P5 = 'proj-e2e-0005';
const NAMES = { [P1]: 'E2E project', [P2]: 'Marketing', [P3]: 'Research', [P4]: 'Sandbox', [P5]: 'Finance' };

const perms = (...actions) => ({ items: { serviceDefault: { actions: Object.fromEntries(actions.map((a) => [a, true])) } } });
const ADMIN = perms('admin');
const EDITOR = perms('role:editor');
const VIEWER = perms('role:viewer');
const EDITOR_VIEWER = perms('role:editor', 'role:viewer');

const isWrite = (r) => r.method !== 'GET' && !r.path.endsWith('/list');
/** The role update is the one call whose Authorization has no Bearer. */
const NO_BEARER = /^\/latest\/auth\/users\/[^/]+\/update$/;

module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['governance'],
	check({ assert, items, runData, governance: { state, requests, constants } }) {
		const { ADMIN_KEY, ADMIN_USER_ID, VIEWER_USER_ID, MIXED_USER_ID, MIXED_EMAIL, PENDING_INVITE_CODE, ORGANIZATION_ID, SECOND_ORGANIZATION_ID } = constants;
		assert.equal(constants.NO_ADMIN_PROJECT_ID, P5);
		const one = (name) => {
			const list = items(name);
			assert.equal(list.length, 1, `${name}: one item`);
			return list[0];
		};
		const pairing = (name) => runData[name][0].data.main[0].map((item) => (Array.isArray(item.pairedItem) ? item.pairedItem : [item.pairedItem]).map((p) => p.item));

		// ---- every request: the Authorization form, its project; the internal project header never leaves n8n
		const projectOf = (r) => {
			const header = String(r.headers.authorization ?? '');
			const match = NO_BEARER.test(r.path) ? /^([^:\s]+):(.+)$/.exec(header) : /^Bearer ([^:\s]+):(.+)$/.exec(header);
			assert.ok(match, `${r.method} ${r.path}: Authorization "${header.replace(ADMIN_KEY, '<key>')}" has the wrong form`);
			assert.equal(match[2], ADMIN_KEY, `${r.path}: the credential's key`);
			return match[1];
		};
		for (const r of requests) {
			assert.deepEqual(Object.keys(r.headers).filter((name) => name.includes('governance')), [], `${r.path}: no internal header`);
		}
		const line = (r) => `${r.method} ${r.path} @${projectOf(r)}`;

		// ---- the requests per node: every node that reads the projects list starts with it
		const segments = [[]];
		for (const r of requests) {
			if (r.path === '/latest/projects/list') segments.push([]);
			segments.at(-1).push(r);
		}
		const [infoAndEnsure, reviewSome, dryRun, apply, again, overMax, revokeAndRole, reviewEvery, ...rest] = segments;
		assert.deepEqual(rest, [], `${segments.length} request groups: one more projects list than expected`);
		const reads = (...projects) => projects.flatMap((p) => [`POST /latest/auth/users/list @${p}`, `POST /latest/auth/invite/list @${p}`]);
		const written = (segment) => segment.filter(isWrite).map((r) => `${line(r)} ${JSON.stringify(JSON.parse(r.body))}`);
		const bodyOf = (r) => JSON.parse(r.body || '{}');
		const write = (path, project, body) => `POST ${path} @${project} ${JSON.stringify(body)}`;

		// ---- Project → Get Organization Info: By ID, and the credential's project
		const [otherOrgInfo, ownOrgInfo, ...ensureRequests] = infoAndEnsure;
		assert.equal(line(otherOrgInfo), `GET /latest/projects/organization_info @${P4}`);
		assert.equal(line(ownOrgInfo), `GET /latest/projects/organization_info @${P1}`);
		assert.deepEqual(one('Org Info By ID'), { project_id: P4, ...state.organizationInfo[SECOND_ORGANIZATION_ID] });
		assert.equal(one('Org Info By ID').entitlement_plan, 'free');
		assert.deepEqual(one('Org Info Of Credential Project'), { project_id: P1, ...state.organizationInfo[ORGANIZATION_ID] });

		// ---- Access → Ensure, project From List: the member stored as Mixed.Case@… is updated, no invite
		assert.deepEqual(one('Ensure Mixed Case From List'), {
			email: 'MIXED.CASE@acme.test',
			action: 'updated',
			userId: MIXED_USER_ID,
			roles: ['viewer'],
			accepted: true,
		});
		assert.deepEqual(ensureRequests.map(line), [
			`POST /latest/auth/users/list @${P2}`, // the case-sensitive search finds nobody
			`POST /latest/auth/users/list @${P2}`, // the whole list, compared without case
			`POST /latest/auth/invite/list @${P2}`,
			`GET /latest/auth/info @${P1}`, // who the API key is (its own user is kept), once a member is found
			`POST /latest/auth/users/${MIXED_USER_ID}/update @${P2}`,
		]);
		assert.deepEqual(bodyOf(ensureRequests[0]).user_filters, { email_search: 'MIXED.CASE@acme.test' });
		assert.equal(bodyOf(ensureRequests[1]).user_filters, undefined);
		assert.deepEqual(written(infoAndEnsure), [write(`/latest/auth/users/${MIXED_USER_ID}/update`, P2, { permissions: VIEWER, overwrite: true })]);

		// ---- Access → Review of three projects with API keys (as the state was then)
		// keys: [count, labels] with Include API Keys
		const member = (project, email, userId, roles, keys) => ({
			project,
			projectName: NAMES[project],
			email,
			userId,
			state: 'member',
			roles,
			...(keys ? { apiKeyCount: keys[0], apiKeyLabels: keys[1] } : {}),
		});
		const adminKeys = [1, []]; // key-admin has no label
		const mixedKeys = [1, ['laptop']];
		assert.deepEqual(items('Review Some Projects'), [
			member(P2, 'admin@example.com', ADMIN_USER_ID, ['admin'], adminKeys),
			member(P2, MIXED_EMAIL, MIXED_USER_ID, ['viewer'], mixedKeys),
			member(P3, 'admin@example.com', ADMIN_USER_ID, ['admin'], adminKeys),
			member(P3, MIXED_EMAIL, MIXED_USER_ID, ['viewer'], mixedKeys),
			{
				project: P3,
				projectName: 'Research',
				email: 'Pending.Person@acme.test',
				state: 'pending',
				roles: ['editor'],
				inviteCode: PENDING_INVITE_CODE,
				invitedAt: '2025-01-15T09:30:00.000Z',
			},
			member(P4, 'admin@example.com', ADMIN_USER_ID, ['admin'], adminKeys),
			member(P4, MIXED_EMAIL, MIXED_USER_ID, ['admin'], mixedKeys),
		]);
		assert.deepEqual(reviewSome.map(line), [
			`GET /latest/projects/list @${P1}`,
			`POST /latest/auth/users/list @${P2}`,
			`POST /latest/auth/users/${ADMIN_USER_ID}/keys/list @${P2}`, // keys read once per user
			`POST /latest/auth/users/${MIXED_USER_ID}/keys/list @${P2}`,
			`POST /latest/auth/invite/list @${P2}`,
			...reads(P3, P4),
		]);
		assert.ok(!JSON.stringify(items('Review Some Projects')).includes('sk-'), 'no key secret in the review');

		// ---- Access → Sync: the plan (Dry Run), then applied, then again
		const change = (project, email, action, fromRoles, toRoles, reason, userId) => ({
			project,
			projectName: NAMES[project],
			email,
			action,
			fromRoles,
			toRoles,
			reason,
			...(userId ? { userId } : {}),
		});
		const SAME = 'member with exactly these roles';
		const plan = [
			change(P1, 'admin@example.com', 'unchanged', ['admin'], ['admin'], SAME, ADMIN_USER_ID),
			change(P1, 'Viewer@Example.com', 'update', ['viewer'], ['editor'], 'member with other roles', VIEWER_USER_ID),
			change(P1, 'member@example.com', 'invite', [], ['viewer'], 'no access yet'),
			change(P1, 'new.hire@acme.test', 'invite', [], ['editor', 'viewer'], 'no access yet'),
			change(P2, 'admin@example.com', 'unchanged', ['admin'], ['admin'], SAME, ADMIN_USER_ID),
			change(P2, MIXED_EMAIL, 'revoke', ['viewer'], [], 'member not in the roster', MIXED_USER_ID),
			change(P3, 'admin@example.com', 'unchanged', ['admin'], ['admin'], SAME, ADMIN_USER_ID),
			change(P3, 'MIXED.CASE@ACME.TEST', 'update', ['viewer'], ['editor'], 'member with other roles', MIXED_USER_ID),
			change(P3, 'pending.person@acme.test', 'reinvite', ['editor'], ['viewer'], 'pending invite with other roles: replaced (deleted, invited again; restored if that fails)'),
		];
		// each change paired with its roster item; the removal with every roster item of its project
		const planPairing = [[0], [1], [2], [3], [4], [4], [5], [6], [7]];
		const syncReads = [`GET /latest/projects/list @${P1}`, `GET /latest/auth/info @${P1}`, ...reads(P1, P2, P3)];

		// the Dry Run also tells an approver whether the applied sync would pass the brake (1 removal, Max Removals 5)
		// each change that writes carries its signed plan line (Access → Apply Plan applies it), in order
		const dryRunItems = items('Sync Dry Run');
		const writing = plan.filter((entry) => entry.action !== 'unchanged');
		assert.deepEqual(
			dryRunItems.filter((item) => item.plan).map((item) => [item.plan.line, item.plan.lines, item.plan.change.email, item.plan.change.action, /^hmac-sha256:/.test(item.plan.digest)]),
			writing.map((entry, index) => [index + 1, writing.length, entry.email, entry.action, true]),
		);
		assert.deepEqual(dryRunItems.map(({ plan: _line, ...item }) => item), plan.map((entry) => ({ ...entry, dryRun: true, applied: false, plannedRemovals: 1, maxRemovals: 5, wouldApply: true })));
		assert.deepEqual(pairing('Sync Dry Run'), planPairing);
		assert.deepEqual(dryRun.map(line), syncReads, 'Dry Run: reads only');

		assert.deepEqual(items('Sync Apply'), plan.map((entry) => ({ ...entry, dryRun: false, applied: entry.action !== 'unchanged' })));
		assert.deepEqual(pairing('Sync Apply'), planPairing);
		assert.deepEqual(apply.filter((r) => !isWrite(r)).map(line), syncReads, 'every project read before the first write');
		assert.deepEqual(written(apply), [
			write(`/latest/auth/users/${VIEWER_USER_ID}/update`, P1, { permissions: EDITOR, overwrite: true }),
			write('/latest/auth/invite/create', P1, { email: 'member@example.com', permissions: VIEWER }),
			write('/latest/auth/invite/create', P1, { email: 'new.hire@acme.test', permissions: EDITOR_VIEWER }),
			write(`/latest/auth/users/${MIXED_USER_ID}/delete`, P2, {}),
			write(`/latest/auth/users/${MIXED_USER_ID}/update`, P3, { permissions: EDITOR, overwrite: true }),
			write('/latest/auth/invite/delete', P3, { invite_code: PENDING_INVITE_CODE }),
			// the replacing invite keeps the address as the platform stores it
			write('/latest/auth/invite/create', P3, { email: 'Pending.Person@acme.test', permissions: VIEWER }),
		]);
		assert.ok(apply.slice(0, syncReads.length).every((r) => !isWrite(r)), 'the writes come after all reads');

		const unchanged = (project, email, roles, reason, userId) => ({ ...change(project, email, 'unchanged', roles, roles, reason, userId), dryRun: false, applied: false });
		const INVITED = 'pending invite with exactly these roles';
		assert.deepEqual(items('Sync Again'), [
			unchanged(P1, 'admin@example.com', ['admin'], SAME, ADMIN_USER_ID),
			unchanged(P1, 'Viewer@Example.com', ['editor'], SAME, VIEWER_USER_ID),
			unchanged(P1, 'member@example.com', ['viewer'], SAME, 'user-member'), // the invite was accepted at once
			unchanged(P1, 'new.hire@acme.test', ['editor', 'viewer'], INVITED),
			unchanged(P2, 'admin@example.com', ['admin'], SAME, ADMIN_USER_ID),
			unchanged(P3, 'admin@example.com', ['admin'], SAME, ADMIN_USER_ID),
			unchanged(P3, 'MIXED.CASE@ACME.TEST', ['editor'], SAME, MIXED_USER_ID),
			unchanged(P3, 'pending.person@acme.test', ['viewer'], INVITED),
		]);
		assert.deepEqual(again.map(line), syncReads, 'the same roster again: reads only, no write');

		// ---- Max Removals: the cut-off roster would remove 2 (more than 1); Continue On Fail
		assert.deepEqual(items('Sync Over Max Removals'), [
			{
				error: 'The sync would remove 2 members or invites, more than Max Removals (1): nothing was changed',
				errorDescription: `First removals: member@example.com (${P1}), new.hire@acme.test (${P1}). If the roster is complete, raise Max Removals; run with Mode: Plan Only to see the whole plan.`,
			},
		]);
		assert.deepEqual(pairing('Sync Over Max Removals'), [[0, 1]], 'the error item is paired with every roster item');
		assert.deepEqual(overMax.map(line), [`GET /latest/projects/list @${P1}`, `GET /latest/auth/info @${P1}`, ...reads(P1)], 'no write');

		// ---- Access → Revoke, Every Project, with API keys: one item, a line per project
		const revoked = one('Revoke Everywhere');
		const refused = revoked.projects?.[4];
		assert.match(String(refused?.error), /Admin permission/, 'the project without Admin says why');
		assert.deepEqual(revoked, {
			email: 'mixed.case@acme.test',
			scope: 'everyProject',
			action: 'removed',
			complete: false,
			userId: MIXED_USER_ID,
			keysDeleted: 1,
			projectsChecked: 4,
			projectsNotChecked: 1,
			projects: [
				{ projectId: P1, projectName: NAMES[P1], action: 'notFound' },
				{ projectId: P2, projectName: NAMES[P2], action: 'notFound' }, // the sync removed them there
				{ projectId: P3, projectName: NAMES[P3], action: 'removed', userId: MIXED_USER_ID },
				{ projectId: P4, projectName: NAMES[P4], action: 'removed', userId: MIXED_USER_ID },
				{ projectId: P5, projectName: NAMES[P5], action: 'notChecked', error: refused?.error },
			],
		});
		const lookup = (p) => [`POST /latest/auth/users/list @${p}`, `POST /latest/auth/users/list @${p}`, `POST /latest/auth/invite/list @${p}`];
		const orgUpdate = `/latest/auth/organization/${SECOND_ORGANIZATION_ID}/user/${MIXED_USER_ID}/update`;
		assert.deepEqual(revokeAndRole.map(line), [
			`GET /latest/projects/list @${P1}`, // one projects list
			...lookup(P1),
			...lookup(P2),
			...lookup(P3),
			`GET /latest/auth/info @${P1}`, // who the API key is (its own user is kept), once, when a member is found
			`POST /latest/auth/users/${MIXED_USER_ID}/keys/list @${P3}`, // keys once, in the first project with the member
			`POST /latest/auth/users/${MIXED_USER_ID}/keys/delete @${P3}`,
			`POST /latest/auth/users/${MIXED_USER_ID}/delete @${P3}`,
			...lookup(P4),
			`POST /latest/auth/users/${MIXED_USER_ID}/delete @${P4}`,
			...lookup(P5), // the invite list is refused (403): nothing written there
			`GET /latest/auth/info @${P1}`, // User → Update Organization Role: its own run asks once who the API key is (kept if it is the target)
			`POST ${orgUpdate} @${P4}`,
		]);
		assert.deepEqual(written(revokeAndRole), [
			write(`/latest/auth/users/${MIXED_USER_ID}/keys/delete`, P3, { id: 'key-mixed' }),
			write(`/latest/auth/users/${MIXED_USER_ID}/delete`, P3, {}),
			write(`/latest/auth/users/${MIXED_USER_ID}/delete`, P4, {}),
			write(orgUpdate, P4, { admin: false, role: 'operator' }),
		]);

		// ---- User → Update Organization Role (project By ID)
		assert.deepEqual(one('Update Organization Role'), {
			success: true,
			organization_id: SECOND_ORGANIZATION_ID,
			user_id: MIXED_USER_ID,
			admin: false,
			role: 'operator',
		});
		assert.equal(state.organizationRoles[SECOND_ORGANIZATION_ID][MIXED_USER_ID], 'operator');
		assert.equal(state.organizationAdmins[SECOND_ORGANIZATION_ID][MIXED_USER_ID], false);
		assert.equal(state.organizationRoles[ORGANIZATION_ID][MIXED_USER_ID], 'operator', 'the other organization is untouched (seeded operator)');

		// ---- the server's end state
		assert.deepEqual(state.memberships[P1], { [ADMIN_USER_ID]: ADMIN, [VIEWER_USER_ID]: EDITOR, 'user-member': VIEWER });
		assert.deepEqual(state.memberships[P2], { [ADMIN_USER_ID]: ADMIN });
		assert.deepEqual(state.memberships[P3], { [ADMIN_USER_ID]: ADMIN });
		assert.deepEqual(state.memberships[P4], { [ADMIN_USER_ID]: ADMIN });
		assert.deepEqual(state.memberships[P5], { [ADMIN_USER_ID]: VIEWER, [MIXED_USER_ID]: VIEWER }, 'nothing changed where the key lacks Admin');
		assert.equal(state.invites[PENDING_INVITE_CODE], undefined, 'the seeded invite was replaced');
		const pending = Object.values(state.invites).map((invite) => `${invite.project} ${invite.email} ${JSON.stringify(invite.permissions)}`);
		assert.deepEqual(pending, [`${P1} new.hire@acme.test ${JSON.stringify(EDITOR_VIEWER)}`, `${P3} Pending.Person@acme.test ${JSON.stringify(VIEWER)}`]);
		assert.deepEqual(Object.values(state.keys).map((key) => key.key_id).sort(), ['key-admin', 'key-viewer'], 'the leaver\'s key is gone, the others stay');

		// ---- Access → Review of every project: the end state; members, then pending invites; the
		// project without Admin lists its members, then a notReadable line (its invites are refused)
		const inviteOf = (project) => Object.values(state.invites).find((invite) => invite.project === project);
		const pendingLine = (project, email, roles) => ({ project, projectName: NAMES[project], email, state: 'pending', roles, inviteCode: inviteOf(project)._id });
		const review = items('Review Every Project');
		const notReadable = review.at(-1);
		assert.match(String(notReadable?.error), /Admin permission/);
		assert.deepEqual(review, [
			member(P1, 'admin@example.com', ADMIN_USER_ID, ['admin']),
			member(P1, 'viewer@example.com', VIEWER_USER_ID, ['editor']),
			member(P1, 'member@example.com', 'user-member', ['viewer']),
			pendingLine(P1, 'new.hire@acme.test', ['editor', 'viewer']),
			member(P2, 'admin@example.com', ADMIN_USER_ID, ['admin']),
			member(P3, 'admin@example.com', ADMIN_USER_ID, ['admin']),
			pendingLine(P3, 'Pending.Person@acme.test', ['viewer']),
			member(P4, 'admin@example.com', ADMIN_USER_ID, ['admin']),
			member(P5, 'admin@example.com', ADMIN_USER_ID, ['viewer']),
			member(P5, MIXED_EMAIL, MIXED_USER_ID, ['viewer']),
			{ project: P5, projectName: NAMES[P5], state: 'notReadable', reading: 'invites', error: notReadable?.error },
		]);
		assert.deepEqual(reviewEvery.map(line), [`GET /latest/projects/list @${P1}`, ...reads(P1, P2, P3, P4, P5)]);
		assert.deepEqual(written(reviewEvery), [], 'Review reads only');
	},
};
