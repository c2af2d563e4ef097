/**
 * The endpoints behind file → list, issue → lock/unlock, repository → getLicense/getProfile/
 * listPopularPaths/listReferrers and user → getIssues/invite: state changes checked and each JSON
 * answer validated against the OpenAPI response schema (validateResponses).
 */
import type { CodeHostingServer } from '../servers/codehosting/server';
import { OTHER_TOKEN } from '../servers/codehosting/server';
import { call, startServer } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	expect(srv.responseProblems).toEqual([]);
	await srv.stop();
});
const other = { authorization: `Bearer ${OTHER_TOKEN}` };
const MIT = 'MIT License\n\nCopyright (c) 2026 Octo\n\nPermission is hereby granted, free of charge, ...\n';

describe('git trees', () => {
	test('by branch: the top entries; recursive: every file and folder below', async () => {
		const top = await call(srv, 'GET', '/repos/octo-user/hello-world/git/trees/main');
		expect(top.status).toBe(200);
		expect(top.json.tree.map((e: { path: string; type: string }) => `${e.type}:${e.path}`)).toEqual(['blob:README.md', 'tree:docs', 'tree:src']);
		const all = await call(srv, 'GET', '/repos/octo-user/hello-world/git/trees/main?recursive=1');
		expect(all.json.tree.map((e: { path: string }) => e.path)).toEqual(['README.md', 'docs', 'docs/guide.md', 'docs/ü ber #1.md', 'src', 'src/index.js']);
		expect(all.json.truncated).toBe(false);
	});

	test('by a folder\'s tree SHA (from the contents listing); unknown SHA → 404', async () => {
		const root = await call(srv, 'GET', '/repos/octo-user/hello-world/contents/');
		const docs = root.json.find((e: { path: string }) => e.path === 'docs');
		const tree = await call(srv, 'GET', `/repos/octo-user/hello-world/git/trees/${docs.sha}?recursive=true`);
		expect(tree.json.sha).toBe(docs.sha);
		expect(tree.json.tree.map((e: { path: string; size: number }) => [e.path, e.size])).toEqual([['guide.md', 8], ['ü ber #1.md', 46]]);
		expect((await call(srv, 'GET', `/repos/octo-user/hello-world/git/trees/${'0'.repeat(40)}`)).status).toBe(404);
	});
});

describe('issue lock', () => {
	test('lock with a reason, unlock; the issue shows it; bad reason → 422; pull-only user → 403', async () => {
		expect((await call(srv, 'PUT', '/repos/octo-user/hello-world/issues/1/lock', { body: { lock_reason: 'too heated' } })).status).toBe(204);
		const locked = await call(srv, 'GET', '/repos/octo-user/hello-world/issues/1');
		expect(locked.json).toMatchObject({ locked: true, active_lock_reason: 'too heated' });
		expect((await call(srv, 'DELETE', '/repos/octo-user/hello-world/issues/1/lock')).status).toBe(204);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/issues/1')).json).toMatchObject({ locked: false, active_lock_reason: null });
		expect((await call(srv, 'PUT', '/repos/octo-user/hello-world/issues/1/lock', { body: { lock_reason: 'boring' } })).status).toBe(422);
		expect((await call(srv, 'PUT', '/repos/octo-user/hello-world/issues/99/lock', { body: {} })).status).toBe(404);
		expect((await call(srv, 'PUT', '/repos/octo-org/org-repo/issues/1/lock', { body: {}, headers: other })).status).toBe(403);
	});
});

describe('license, community profile, traffic', () => {
	test('no license file → 404; a MIT LICENSE → detected, content in base64', async () => {
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/license')).status).toBe(404);
		srv.addFile('octo-user', 'hello-world', 'LICENSE', MIT);
		const license = await call(srv, 'GET', '/repos/octo-user/hello-world/license');
		expect(license.json).toMatchObject({ name: 'LICENSE', path: 'LICENSE', encoding: 'base64', license: { key: 'mit', spdx_id: 'MIT' } });
		expect(Buffer.from(license.json.content, 'base64').toString('utf8')).toBe(MIT);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/license?ref=develop')).status).toBe(404);
	});

	test('community profile: health from the files present', async () => {
		const before = await call(srv, 'GET', '/repos/octo-user/hello-world/community/profile');
		expect(before.json).toMatchObject({ health_percentage: 29, description: 'My first repository', files: { license: null, contributing: null } });
		expect(before.json.files.readme.url).toContain('/contents/README.md');
		srv.addFile('octo-user', 'hello-world', 'LICENSE', MIT);
		srv.addFile('octo-user', 'hello-world', 'CONTRIBUTING.md', '# Contributing\n');
		const after = await call(srv, 'GET', '/repos/octo-user/hello-world/community/profile');
		expect(after.json.health_percentage).toBe(57);
		expect(after.json.files.license).toMatchObject({ key: 'mit' });
	});

	test('popular paths and referrers need push access', async () => {
		const paths = await call(srv, 'GET', '/repos/octo-user/hello-world/traffic/popular/paths');
		expect(paths.json.map((p: { count: number }) => p.count)).toEqual([120, 33]);
		const referrers = await call(srv, 'GET', '/repos/octo-user/hello-world/traffic/popular/referrers');
		expect(referrers.json.map((r: { referrer: string }) => r.referrer)).toEqual(['Google', 'github.com']);
		expect((await call(srv, 'GET', '/repos/octo-org/org-repo/traffic/popular/paths')).json).toEqual([]);
		expect((await call(srv, 'GET', '/repos/octo-org/org-repo/traffic/popular/paths', { headers: other })).status).toBe(403);
	});
});

describe('the caller\'s issues and organization invitations', () => {
	test('GET /issues: assigned by default, created, all; each with its repository', async () => {
		const assigned = await call(srv, 'GET', '/issues');
		expect(assigned.json.map((i: { title: string; repository: { full_name: string } }) => [i.repository.full_name, i.title])).toEqual([['octo-user/hello-world', 'Found a bug 1']]);
		const created = await call(srv, 'GET', '/issues?filter=created&state=all&sort=created&direction=asc');
		expect(created.json.map((i: { title: string }) => i.title)).toEqual(expect.arrayContaining(['Found a bug 1', 'Old issue 3', 'Org issue 1']));
		expect(created.json.map((i: { title: string }) => i.title)).not.toContain('Question 2');
		const page = await call(srv, 'GET', '/issues?filter=all&per_page=2');
		expect(page.json).toHaveLength(2);
		expect(page.headers.get('link')).toContain('rel="next"');
		expect((await call(srv, 'GET', '/issues?filter=nonsense')).status).toBe(422);
	});

	test('invite by email and by user ID with a role; members, repeats and non-admins refused', async () => {
		const byEmail = await call(srv, 'POST', '/orgs/octo-org/invitations', { body: { email: 'new@example.com', role: 'billing_manager' } });
		expect(byEmail.status).toBe(201);
		expect(byEmail.json).toMatchObject({ email: 'new@example.com', login: null, role: 'billing_manager', inviter: { login: 'octo-user' } });
		const byId = await call(srv, 'POST', '/orgs/octo-org/invitations', { body: { invitee_id: 3 } });
		expect(byId.json).toMatchObject({ login: 'outside-user', role: 'direct_member' });
		expect((await call(srv, 'POST', '/orgs/octo-org/invitations', { body: { invitee_id: 3 } })).status).toBe(422);
		expect((await call(srv, 'POST', '/orgs/octo-org/invitations', { body: { invitee_id: 2 } })).json.errors[0].message).toBe('Invitee is already a part of this organization');
		expect((await call(srv, 'POST', '/orgs/octo-org/invitations', { body: { role: 'admin' } })).status).toBe(422);
		expect((await call(srv, 'POST', '/orgs/octo-org/invitations', { body: { email: 'x@example.com', role: 'owner' } })).status).toBe(422);
		expect((await call(srv, 'POST', '/orgs/octo-org/invitations', { body: { email: 'y@example.com' }, headers: other })).status).toBe(403);
		expect((await call(srv, 'POST', '/orgs/nope/invitations', { body: { email: 'y@example.com' } })).status).toBe(404);
		expect(srv.state.orgs['octo-org'].invitations as unknown[]).toHaveLength(2);
	});
});
