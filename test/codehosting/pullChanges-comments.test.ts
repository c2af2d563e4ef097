/**
 * Pull Request → Get Diff, Get Patch (text or a binary file), Get Files, Get Commits;
 * Organization → Get Members (role filter); Issue → Get Comments, Edit Comment, Delete Comment.
 */
import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, OTHER_TOKEN, repo, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const pull = (operation: string, extra = {}) => ({ resource: 'pullRequest', operation, ...repo(), pullNumber: 4, ...extra });

describe('pull request changes', () => {
	test('Get Diff: the platform\'s diff media type, as text', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: pull('getDiff', { options: {} }) });
		expect(error).toBeUndefined();
		expect(output[0].json.diff).toMatch(/^diff --git a\/src\/feature-a\.js b\/src\/feature-a\.js\nnew file mode 100644\n/);
		expect(output[0].json.diff).toContain('+change for feature-a');
		expect(output[0].json.bytes).toBe(Buffer.byteLength(output[0].json.diff as string));
		expect(srv.requests.map((r) => [r.path, r.headers.accept])).toEqual([['/repos/octo-user/hello-world/pulls/4', 'application/vnd.github.diff']]);
	});

	test('Get Patch as a binary file in the chosen field', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: pull('getPatch', { options: { binary: true, binaryPropertyName: 'patchFile' } }) });
		expect(error).toBeUndefined();
		const file = output[0].binary!.patchFile;
		expect(file.fileName).toBe('pull-4.patch');
		const text = Buffer.from(file.data, 'base64').toString('utf8');
		expect(text).toMatch(/^From [0-9a-f]{40} Mon Sep 17 00:00:00 2001\n/);
		expect(text).toContain('Subject: [PATCH 1/1]');
		expect(output[0].json).toEqual({ pullNumber: 4, bytes: Buffer.byteLength(text) });
		expect(srv.requests[0].headers.accept).toBe('application/vnd.github.patch');
	});

	test('Get Files and Get Commits (limit: one page of that size)', async () => {
		const files = await runCodeHosting(srv, { parameters: pull('getFiles', { returnAll: true }) });
		expect(files.output.map((item) => [item.json.filename, item.json.status, item.json.additions])).toEqual([['src/feature-a.js', 'added', 1]]);
		srv.resetRequests();
		const commits = await runCodeHosting(srv, { parameters: pull('getCommits', { returnAll: false, limit: 1 }) });
		expect(commits.output).toHaveLength(1);
		expect(commits.output[0].json.sha).toBe(srv.repo(LOGIN, 'hello-world')!.branches.get('feature-a'));
		expect(srv.requests.map((r) => r.query.per_page)).toEqual(['1']);
	});

	test('pull request number 0: stopped before any request', async () => {
		const { error } = await runCodeHosting(srv, { parameters: pull('getDiff', { pullNumber: 0, options: {} }) });
		expect(error?.message).toMatch(/Pull Request Number must be a whole number of at least 1/);
		expect(srv.requests).toHaveLength(0);
	});
});

describe('organization members', () => {
	const members = (extra = {}) => ({ resource: 'organization', operation: 'getMembers', owner: { __rl: true, mode: 'name', value: ORG }, returnAll: true, filters: {}, ...extra });

	test('all, and only admins (role filter)', async () => {
		const all = await runCodeHosting(srv, { parameters: members() });
		expect(all.output.map((item) => item.json.login)).toEqual(['octo-user', 'other-user']);
		const admins = await runCodeHosting(srv, { parameters: members({ filters: { role: 'admin' } }) });
		expect(admins.output.map((item) => item.json.login)).toEqual(['octo-user']);
		expect(srv.requests.map((r) => r.query.role)).toEqual(['all', 'admin']);
	});

	test('limit 1: one request of per_page=1', async () => {
		const { output } = await runCodeHosting(srv, { parameters: members({ returnAll: false, limit: 1 }) });
		expect(output).toHaveLength(1);
		expect(srv.requests.map((r) => r.query.per_page)).toEqual(['1']);
	});
});

describe('issue comments', () => {
	const addComments = async (n: number) => {
		for (let i = 1; i <= n; i++) {
			await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'createComment', ...repo(), issueNumber: 2, body: `comment ${i}` } });
		}
		srv.resetRequests();
	};

	test('Get Comments: oldest first, Return All reads every one, Limit stops at one page of that size', async () => {
		await addComments(3);
		const all = await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'getComments', ...repo(), issueNumber: 2, returnAll: true, filters: {} } });
		expect(all.output.map((item) => item.json.body)).toEqual(['comment 1', 'comment 2', 'comment 3']);
		srv.resetRequests();
		const two = await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'getComments', ...repo(), issueNumber: 2, returnAll: false, limit: 2, filters: {} } });
		expect(two.output.map((item) => item.json.body)).toEqual(['comment 1', 'comment 2']);
		expect(srv.requests).toHaveLength(1);
	});

	test('Edit Comment and Delete Comment', async () => {
		await addComments(1);
		const [id] = [...srv.repo(LOGIN, 'hello-world')!.comments.keys()];
		const edited = await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'editComment', ...repo(), commentId: id, body: 'edited' } });
		expect(edited.output[0].json).toMatchObject({ id, body: 'edited' });
		expect(JSON.parse(srv.requests[0].body!)).toEqual({ body: 'edited' });
		const deleted = await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'deleteComment', ...repo(), commentId: id } });
		expect(deleted.output[0].json).toEqual({ deleted: true, id });
		expect(srv.repo(LOGIN, 'hello-world')!.comments.has(id)).toBe(false);
		expect(srv.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /repos/octo-user/hello-world/issues/comments/${id}`, `DELETE /repos/octo-user/hello-world/issues/comments/${id}`]);
	});

	test('someone else\'s comment without push access: the platform\'s 403; an unknown ID: 404; no ID: no request', async () => {
		await addComments(1);
		const [id] = [...srv.repo(LOGIN, 'hello-world')!.comments.keys()];
		srv.addToken('ghp_outsider0000000000000000000000000003', 'outside-user');
		const refused = await runCodeHosting(srv, { token: 'ghp_outsider0000000000000000000000000003', parameters: { resource: 'issue', operation: 'editComment', ...repo(), commentId: id, body: 'x' } });
		expect(refused.error?.httpCode).toBe('403');
		const missing = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: { resource: 'issue', operation: 'deleteComment', ...repo(), commentId: 999999 } });
		expect(missing.error?.httpCode).toBe('404');
		srv.resetRequests();
		const empty = await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'deleteComment', ...repo(), commentId: '' } });
		expect(empty.error?.message).toMatch(/Comment ID is required/);
		expect(srv.requests).toHaveLength(0);
	});
});
