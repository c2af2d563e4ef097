import type { CodeHostingServer } from './harness';
import { LOGIN, repo, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const issuePages = () => srv.requests.filter((request) => request.path === `/repos/${LOGIN}/hello-world/issues`);

describe('pagination through Link headers', () => {
	// 3 seeded issues + 2 pull requests (the issues list includes pull requests) + 245 = 250.
	beforeEach(() => srv.addIssues(LOGIN, 'hello-world', 245));

	test('Return All: 250 issues in ceil(250/100) = 3 requests of per_page=100', async () => {
		const { output, error } = await runCodeHosting(srv, {
			parameters: { resource: 'issue', operation: 'getAll', ...repo(), returnAll: true, filters: { state: 'all' } },
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(250);
		expect(new Set(output.map((item) => item.json.number)).size).toBe(250);
		expect(issuePages()).toHaveLength(3);
		expect(issuePages()[0].query).toMatchObject({ per_page: '100', state: 'all' });
		// Later pages follow the Link URL, which keeps the filters.
		expect(issuePages()[2].query).toMatchObject({ per_page: '100', state: 'all', page: '3' });
	});

	test('Limit 150: two pages, not three, and exactly 150 items', async () => {
		const { output } = await runCodeHosting(srv, {
			parameters: { resource: 'issue', operation: 'getAll', ...repo(), returnAll: false, limit: 150, filters: { state: 'all' } },
		});
		expect(output).toHaveLength(150);
		expect(issuePages()).toHaveLength(2);
	});

	test('Limit 5: one request with per_page=5', async () => {
		const { output } = await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'getAll', ...repo(), returnAll: false, limit: 5, filters: {} } });
		expect(output).toHaveLength(5);
		expect(issuePages()).toHaveLength(1);
		expect(issuePages()[0].query.per_page).toBe('5');
	});

	test('filters: Since as ISO 8601, Labels as a comma list without spaces (as in User → Get Issues)', async () => {
		const { error } = await runCodeHosting(srv, {
			parameters: { resource: 'issue', operation: 'getAll', ...repo(), returnAll: false, limit: 5, filters: { labels: 'bug,  ui ', since: '2024-01-02T03:04:05Z' } },
		});
		expect(error).toBeUndefined();
		expect(issuePages()[0].query).toMatchObject({ labels: 'bug,ui', since: '2024-01-02T03:04:05.000Z' });
	});

	test('Enterprise base: Link pages stay under /api/v3', async () => {
		const { output } = await runCodeHosting(srv, {
			server: `${srv.url}/api/v3`,
			parameters: { resource: 'issue', operation: 'getAll', ...repo(), returnAll: true, filters: { state: 'all' } },
		});
		expect(output).toHaveLength(250);
		expect(srv.requests.every((request) => request.rawPath.startsWith('/api/v3/'))).toBe(true);
	});
});

describe('issue', () => {
	const base = { resource: 'issue', ...repo() };

	test('get, create, update, comment, assignees', async () => {
		const got = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', issueNumber: 1 } });
		expect(got.output[0].json).toMatchObject({ number: 1, title: 'Found a bug 1' });

		const created = await runCodeHosting(srv, {
			parameters: { ...base, operation: 'create', title: 'New bug', additionalFields: { body: 'details', labels: 'bug, urgent', assignees: LOGIN } },
		});
		expect(created.error).toBeUndefined();
		const number = created.output[0].json.number as number;
		const createRequest = srv.requests.find((request) => request.method === 'POST')!;
		expect(JSON.parse(createRequest.body!)).toEqual({ title: 'New bug', body: 'details', labels: ['bug', 'urgent'], assignees: [LOGIN] });

		const updated = await runCodeHosting(srv, {
			parameters: { ...base, operation: 'update', issueNumber: number, updateFields: { state: 'closed', state_reason: 'completed', title: 'Fixed bug' } },
		});
		expect(updated.output[0].json).toMatchObject({ number, state: 'closed', title: 'Fixed bug' });

		const comment = await runCodeHosting(srv, { parameters: { ...base, operation: 'createComment', issueNumber: number, body: 'Thanks!' } });
		expect(comment.output[0].json).toMatchObject({ body: 'Thanks!' });

		const assignees = await runCodeHosting(srv, { parameters: { ...base, operation: 'getAssignees', issueNumber: 1 } });
		expect(assignees.output.map((item) => item.json.login)).toEqual([LOGIN]);
	});

	test('update with nothing to change: clear error, zero requests', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'update', issueNumber: 1, updateFields: {} } });
		expect(error?.message).toBe('Add at least one field to update');
		expect(srv.requests).toHaveLength(0);
	});

	test('issue number 0 from an expression: clear error, zero requests', async () => {
		const { error } = await runCodeHosting(srv, { items: [{ n: 0 }], parameters: { ...base, operation: 'get', issueNumber: '={{ $json.n }}' } });
		expect(error?.message).toContain('Issue Number must be a whole number');
		expect(srv.requests).toHaveLength(0);
	});

	test('search issues and pull requests', async () => {
		const { output, error } = await runCodeHosting(srv, {
			parameters: { resource: 'issue', operation: 'search', query: `repo:${LOGIN}/hello-world is:pr`, returnAll: true, options: { sort: 'created', order: 'asc' } },
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.number).sort()).toEqual([4, 5]);
		expect(srv.requests[0].query).toMatchObject({ q: `repo:${LOGIN}/hello-world is:pr`, sort: 'created', order: 'asc' });
	});
});

describe('pull request', () => {
	const base = { resource: 'pullRequest', ...repo() };
	const name = (value: string) => ({ __rl: true, mode: 'name', value });

	test('getAll, get, create, update', async () => {
		const all = await runCodeHosting(srv, { parameters: { ...base, operation: 'getAll', returnAll: true, filters: { state: 'open' } } });
		expect(all.output.map((item) => item.json.number).sort()).toEqual([4, 5]);
		const one = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', pullNumber: 4 } });
		expect(one.output[0].json.title).toBe('Add feature A');
		srv.addFile(LOGIN, 'hello-world', 'develop-only.txt', 'new work', 'develop');
		const created = await runCodeHosting(srv, {
			parameters: { ...base, operation: 'create', title: 'From develop', head: name('develop'), base: name('main'), additionalFields: { draft: true, body: 'b' } },
		});
		expect(created.error).toBeUndefined();
		expect(created.output[0].json).toMatchObject({ title: 'From develop', draft: true });
		const updated = await runCodeHosting(srv, { parameters: { ...base, operation: 'update', pullNumber: created.output[0].json.number, updateFields: { state: 'closed' } } });
		expect(updated.output[0].json.state).toBe('closed');
	});

	test('merge: a mergeable one merges; a conflicting one is the platform 405', async () => {
		const merged = await runCodeHosting(srv, { parameters: { ...base, operation: 'merge', pullNumber: 4, mergeMethod: 'squash', additionalFields: { commit_title: 'Feature A' } } });
		expect(merged.error).toBeUndefined();
		expect(merged.output[0].json.merged).toBe(true);
		const conflict = await runCodeHosting(srv, { parameters: { ...base, operation: 'merge', pullNumber: 5, mergeMethod: 'merge', additionalFields: {} } });
		expect(conflict.error?.httpCode).toBe('405');
	});

	test('getReviewers, with submitted reviews', async () => {
		const { output } = await runCodeHosting(srv, { parameters: { ...base, operation: 'getReviewers', pullNumber: 4, includeReviews: true } });
		expect((output[0].json.users as Array<{ login: string }>).map((user) => user.login)).toEqual(['other-user']);
		expect((output[0].json.reviews as Array<{ state: string }>).map((review) => review.state)).toEqual(['COMMENTED']);
	});
});

describe('branch and commit', () => {
	const base = repo();
	const name = (value: string) => ({ __rl: true, mode: 'name', value });

	test('branches: getAll, get, create from a branch and from a SHA', async () => {
		const all = await runCodeHosting(srv, { parameters: { resource: 'branch', operation: 'getAll', ...base, returnAll: true, protectedOnly: false } });
		expect(all.output.map((item) => item.json.name).sort()).toEqual(['conflicting', 'develop', 'feature-a', 'main']);
		const main = await runCodeHosting(srv, { parameters: { resource: 'branch', operation: 'get', ...base, branch: name('main') } });
		const sha = (main.output[0].json.commit as { sha: string }).sha;

		const fromBranch = await runCodeHosting(srv, { parameters: { resource: 'branch', operation: 'create', ...base, newBranch: 'feature/from-main', from: name('main') } });
		expect(fromBranch.error).toBeUndefined();
		expect(fromBranch.output[0].json).toMatchObject({ ref: 'refs/heads/feature/from-main', object: { sha } });

		srv.resetRequests();
		const fromSha = await runCodeHosting(srv, { parameters: { resource: 'branch', operation: 'create', ...base, newBranch: 'from-sha', from: name(sha) } });
		expect(fromSha.output[0].json).toMatchObject({ ref: 'refs/heads/from-sha' });
		expect(srv.requests).toHaveLength(1); // a SHA needs no lookup

		const again = await runCodeHosting(srv, { parameters: { resource: 'branch', operation: 'create', ...base, newBranch: 'from-sha', from: name(sha) } });
		expect(again.error?.httpCode).toBe('422');
	});

	test('an invalid branch name: clear error, zero requests', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { resource: 'branch', operation: 'create', ...base, newBranch: 'bad name..', from: name('main') } });
		expect(error?.message).toContain('not a valid branch name');
		expect(srv.requests).toHaveLength(0);
	});

	test('commits: getAll with a limit and a path filter, get by SHA', async () => {
		const all = await runCodeHosting(srv, { parameters: { resource: 'commit', operation: 'getAll', ...base, returnAll: false, limit: 2, filters: {} } });
		expect(all.output).toHaveLength(2);
		const sha = all.output[0].json.sha as string;
		const one = await runCodeHosting(srv, { parameters: { resource: 'commit', operation: 'get', ...base, ref: sha } });
		expect(one.output[0].json.sha).toBe(sha);
		const filtered = await runCodeHosting(srv, { parameters: { resource: 'commit', operation: 'getAll', ...base, returnAll: true, filters: { path: 'docs/guide.md' } } });
		expect(filtered.output.length).toBeGreaterThan(0);
		expect(srv.requests[srv.requests.length - 1].query.path).toBe('docs/guide.md');
	});
});
