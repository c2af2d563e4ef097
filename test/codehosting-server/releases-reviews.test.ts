/**
 * Releases, pull request reviews, workflow timing and the dispatched run's lifecycle, each answer
 * validated against the OpenAPI response schema (validateResponses).
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
const base = '/repos/octo-user/hello-world';

describe('releases', () => {
	test('create (tag made from the target), get by id and by tag, update, publish a draft, delete (tag kept)', async () => {
		const created = await call(srv, 'POST', `${base}/releases`, { body: { tag_name: 'v2.0.0', target_commitish: 'develop', name: 'Two', body: 'Notes', prerelease: true } });
		expect(created.status).toBe(201);
		expect(created.json).toMatchObject({ tag_name: 'v2.0.0', target_commitish: 'develop', name: 'Two', body: 'Notes', draft: false, prerelease: true, author: { login: 'octo-user' } });
		const hello = srv.repo('octo-user', 'hello-world')!;
		expect(hello.tags.get('v2.0.0')).toBe(hello.branches.get('develop'));
		expect((await call(srv, 'GET', `${base}/releases/${created.json.id}`)).json.id).toBe(created.json.id);
		expect((await call(srv, 'GET', `${base}/releases/tags/v2.0.0`)).json.id).toBe(created.json.id);
		expect((await call(srv, 'POST', `${base}/releases`, { body: { tag_name: 'v2.0.0' } })).json.errors).toEqual([{ resource: 'Release', code: 'already_exists', field: 'tag_name' }]);
		expect((await call(srv, 'POST', `${base}/releases`, { body: { tag_name: 'v9', target_commitish: 'nope' } })).status).toBe(422);
		expect((await call(srv, 'POST', `${base}/releases`, { body: { name: 'no tag' } })).status).toBe(422);

		const draft = await call(srv, 'POST', `${base}/releases`, { body: { tag_name: 'v3.0.0', draft: true, generate_release_notes: true } });
		expect(draft.json).toMatchObject({ draft: true, published_at: null, name: 'v3.0.0' });
		expect(draft.json.body).toContain('compare/v2.0.0...v3.0.0');
		expect(hello.tags.has('v3.0.0')).toBe(false);
		expect((await call(srv, 'GET', `${base}/releases/tags/v3.0.0`)).status).toBe(404);
		expect((await call(srv, 'GET', `${base}/releases/${draft.json.id}`, { headers: { authorization: undefined } })).status).toBe(401);
		const published = await call(srv, 'PATCH', `${base}/releases/${draft.json.id}`, { body: { draft: false, name: 'Three' } });
		expect(published.json).toMatchObject({ draft: false, name: 'Three' });
		expect(published.json.published_at).toEqual(expect.any(String));
		expect(hello.tags.get('v3.0.0')).toBe(hello.branches.get('main'));

		expect((await call(srv, 'DELETE', `${base}/releases/${created.json.id}`)).status).toBe(204);
		expect((await call(srv, 'GET', `${base}/releases/${created.json.id}`)).status).toBe(404);
		expect(hello.tags.has('v2.0.0')).toBe(true);
		expect((await call(srv, 'DELETE', `${base}/releases/${created.json.id}`)).status).toBe(404);
		expect((await call(srv, 'PATCH', `${base}/releases/1`, { body: { name: 'x' } })).status).toBe(404);
	});

	test('drafts are hidden from readers without push; writes need push', async () => {
		srv.addReleases('octo-user', 'hello-world', 1, { draft: true });
		const all = await call(srv, 'GET', `${base}/releases`);
		const hidden = all.json.find((r: { draft: boolean }) => r.draft);
		srv.addUser('reader');
		srv.addToken('ghp_reader', 'reader');
		const reader = { authorization: 'Bearer ghp_reader' };
		expect((await call(srv, 'GET', `${base}/releases/${hidden.id}`, { headers: reader })).status).toBe(404);
		expect((await call(srv, 'POST', `${base}/releases`, { body: { tag_name: 'v5' }, headers: reader })).status).toBe(403);
	});
});

describe('reviews', () => {
	test('create (approve, comment with line comments, pending), get, list, update; the rules GitHub applies', async () => {
		const pulls = `${base}/pulls/4/reviews`;
		const own = await call(srv, 'POST', pulls, { body: { event: 'APPROVE' } });
		expect([own.status, own.json.errors]).toEqual([422, ['Review Can not approve your own pull request']]);
		expect((await call(srv, 'POST', pulls, { body: { event: 'COMMENT' }, headers: other })).status).toBe(422);
		const approved = await call(srv, 'POST', pulls, { body: { event: 'APPROVE', body: 'LGTM' }, headers: other });
		expect(approved.json).toMatchObject({ state: 'APPROVED', body: 'LGTM', user: { login: 'other-user' } });
		const commented = await call(srv, 'POST', pulls, {
			body: { event: 'COMMENT', body: 'See lines', comments: [{ path: 'src/feature-a.js', line: 1, body: 'here' }] },
		});
		expect(commented.json.state).toBe('COMMENTED');
		expect((await call(srv, 'POST', pulls, { body: { event: 'COMMENT', body: 'x', comments: [{ path: 'README.md', line: 1, body: 'no' }] } })).json.errors).toEqual(['Path could not be resolved']);
		expect((await call(srv, 'POST', pulls, { body: { event: 'COMMENT', body: 'x', commit_id: 'f'.repeat(40) } })).status).toBe(422);
		const pending = await call(srv, 'POST', pulls, { body: { body: 'draft' } });
		expect(pending.json.state).toBe('PENDING');
		expect((await call(srv, 'POST', pulls, { body: {} })).json.errors).toEqual(['User can only have one pending review per pull request']);
		expect((await call(srv, 'GET', `${pulls}/${pending.json.id}`, { headers: other })).status).toBe(404);

		const listed = await call(srv, 'GET', pulls, { headers: other });
		expect(listed.json.map((r: { state: string }) => r.state)).toEqual(['COMMENTED', 'APPROVED', 'COMMENTED']);
		expect((await call(srv, 'GET', `${pulls}/${approved.json.id}`)).json.id).toBe(approved.json.id);
		expect((await call(srv, 'GET', `${base}/pulls/5/reviews/${approved.json.id}`)).status).toBe(404);

		const updated = await call(srv, 'PUT', `${pulls}/${approved.json.id}`, { body: { body: 'Still LGTM' }, headers: other });
		expect(updated.json).toMatchObject({ body: 'Still LGTM', state: 'APPROVED' });
		expect((await call(srv, 'PUT', `${pulls}/${approved.json.id}`, { body: { body: 'mine now' } })).status).toBe(403);
		expect((await call(srv, 'PUT', `${pulls}/${approved.json.id}`, { body: {} })).status).toBe(422);
	});
});

describe('workflow timing and the dispatched run lifecycle', () => {
	test('timing counts completed runs; a dispatched run advances one step per read', async () => {
		const timing = await call(srv, 'GET', `${base}/actions/workflows/ci.yml/timing`);
		expect(timing.json).toEqual({ billable: { UBUNTU: { total_ms: 120000 }, MACOS: { total_ms: 0 }, WINDOWS: { total_ms: 0 } } });
		expect((await call(srv, 'GET', `${base}/actions/workflows/nope.yml/timing`)).status).toBe(404);
		const dispatched = await call(srv, 'POST', `${base}/actions/workflows/ci.yml/dispatches`, { body: { ref: 'main', return_run_details: true } });
		const run = `${base}/actions/runs/${dispatched.json.workflow_run_id}`;
		expect((await call(srv, 'GET', run)).json).toMatchObject({ status: 'in_progress', conclusion: null });
		expect((await call(srv, 'GET', run)).json).toMatchObject({ status: 'completed', conclusion: 'success' });
		expect((await call(srv, 'GET', run)).json).toMatchObject({ status: 'completed', conclusion: 'success' });

		srv.state.runProgress = 'never';
		const stuck = await call(srv, 'POST', `${base}/actions/workflows/ci.yml/dispatches`, { body: { ref: 'main', return_run_details: true } });
		expect((await call(srv, 'GET', `${base}/actions/runs/${stuck.json.workflow_run_id}`)).json.status).toBe('queued');
	});
});

describe('release assets on the upload host', () => {
	test('POST …/assets is served on /uploads/ (and /api/uploads/) only, stores the bytes, answers the asset', async () => {
		const [release] = srv.repo('octo-user', 'hello-world')!.releases;
		const bytes = Buffer.from([0, 1, 2, 255, 254]);
		const path = `${base}/releases/${release.id}/assets?name=app.bin&label=App`;
		expect((await call(srv, 'POST', path, { rawBody: bytes, headers: { 'content-type': 'application/octet-stream' } })).status).toBe(404);
		const uploaded = await call(srv, 'POST', `/uploads${path}`, { rawBody: bytes, headers: { 'content-type': 'application/octet-stream' } });
		expect(uploaded.status).toBe(201);
		expect(uploaded.json).toMatchObject({ name: 'app.bin', label: 'App', size: 5, state: 'uploaded', content_type: 'application/octet-stream', uploader: { login: 'octo-user' } });
		expect(srv.repo('octo-user', 'hello-world')!.releases[0].assets![0].data).toEqual(bytes);
		expect((await call(srv, 'GET', `${base}/releases/${release.id}`)).json.assets.map((a: { name: string }) => a.name)).toEqual(['app.bin']);
		expect((await call(srv, 'POST', `/api/uploads${path}`, { rawBody: bytes, headers: { 'content-type': 'application/octet-stream' } })).json.errors).toEqual([
			{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' },
		]);
		expect((await call(srv, 'POST', `/uploads${base}/releases/${release.id}/assets`, { rawBody: bytes, headers: { 'content-type': 'text/plain' } })).status).toBe(422);
		expect((await call(srv, 'GET', `/uploads${base}/releases/${release.id}`)).status).toBe(404);
	});
});
