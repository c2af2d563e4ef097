/**
 * Every implemented operation once, with state changes checked and each JSON answer validated
 * against the OpenAPI response schema (the server's validateResponses option).
 */
import type { CodeHostingServer } from '../servers/codehosting/server';
import { OTHER_TOKEN } from '../servers/codehosting/server';
import { call, links, startServer } from './harness';
import { until } from '../helpers/until';

let srv: CodeHostingServer;
beforeAll(async () => {
	srv = await startServer();
});
afterAll(async () => {
	await srv.stop();
});
const other = { authorization: `Bearer ${OTHER_TOKEN}` };

describe('repositories', () => {
	test('GET /user, /user/orgs, /users/{u}', async () => {
		expect((await call(srv, 'GET', '/user')).json).toMatchObject({ login: 'octo-user', id: 1, type: 'User' });
		expect((await call(srv, 'GET', '/user/orgs')).json.map((o: { login: string }) => o.login)).toEqual(['octo-org']);
		expect((await call(srv, 'GET', '/users/other-user')).json.login).toBe('other-user');
		expect((await call(srv, 'GET', '/users/nobody')).status).toBe(404);
	});

	test('GET a repository, with permissions for the caller', async () => {
		const mine = await call(srv, 'GET', '/repos/octo-user/hello-world');
		expect(mine.json).toMatchObject({ id: 1296269, full_name: 'octo-user/hello-world', default_branch: 'main', permissions: { admin: true } });
		const theirs = await call(srv, 'GET', '/repos/octo-user/hello-world', { headers: other });
		expect(theirs.json.permissions).toEqual({ admin: false, maintain: false, push: true, triage: true, pull: true });
		expect((await call(srv, 'GET', '/repos/Octo-User/Hello-World')).json.name).toBe('hello-world');
		expect((await call(srv, 'GET', '/repos/octo-user/private-repo', { headers: other })).status).toBe(404);
	});

	test('create in the account and in an organization; names are cleaned; duplicates are 422', async () => {
		const created = await call(srv, 'POST', '/user/repos', { body: { name: 'my new repo', description: 'd', private: true, auto_init: true } });
		expect(created.status).toBe(201);
		expect(created.json).toMatchObject({ name: 'my-new-repo', full_name: 'octo-user/my-new-repo', private: true, visibility: 'private' });
		expect(srv.fileContent('octo-user', 'my-new-repo', 'README.md')).toBeDefined();
		const duplicate = await call(srv, 'POST', '/user/repos', { body: { name: 'my-new-repo' } });
		expect(duplicate.status).toBe(422);
		expect(duplicate.json.errors[0].message).toBe('name already exists on this account');
		expect((await call(srv, 'POST', '/orgs/octo-org/repos', { body: { name: 'team-repo', visibility: 'internal' } })).status).toBe(422);
		const orgRepo = await call(srv, 'POST', '/orgs/octo-org/repos', { body: { name: 'team-repo', visibility: 'private' } });
		expect(orgRepo.status).toBe(201);
		expect(orgRepo.json.owner.login).toBe('octo-org');
		expect((await call(srv, 'POST', '/orgs/nope/repos', { body: { name: 'x' } })).status).toBe(404);
		const empty = await call(srv, 'GET', '/repos/octo-org/team-repo/contents/README.md');
		expect(empty.status).toBe(404);
	});

	test('list the account, user and organization repositories', async () => {
		const mine = await call(srv, 'GET', '/user/repos?per_page=100');
		expect(mine.json.map((r: { full_name: string }) => r.full_name)).toEqual(expect.arrayContaining(['octo-user/hello-world', 'octo-org/org-repo', 'octo-user/private-repo']));
		const owned = await call(srv, 'GET', '/user/repos?affiliation=owner&sort=created&direction=asc');
		expect(owned.json.every((r: { owner: { login: string } }) => r.owner.login === 'octo-user')).toBe(true);
		expect((await call(srv, 'GET', '/user/repos?type=owner&visibility=public')).status).toBe(422);
		const theirs = await call(srv, 'GET', '/users/octo-user/repos', { headers: other });
		expect(theirs.json.some((r: { private: boolean }) => r.private)).toBe(false);
		const org = await call(srv, 'GET', '/orgs/octo-org/repos');
		expect(org.json.map((r: { name: string }) => r.name)).toContain('org-repo');
	});

	test('search repositories and users (resource locator lists)', async () => {
		const repos = await call(srv, 'GET', '/search/repositories?q=user:octo-user+hello');
		expect(repos.json.items.map((r: { full_name: string }) => r.full_name)).toEqual(['octo-user/hello-world']);
		const org = await call(srv, 'GET', '/search/repositories?q=org:octo-org');
		expect(org.json.items.map((r: { name: string }) => r.name)).toContain('org-repo');
		const users = await call(srv, 'GET', '/search/users?q=octo');
		expect(users.json.items.map((u: { login: string }) => u.login)).toEqual(['octo-org', 'octo-user']);
		expect((await call(srv, 'GET', '/search/users?q=octo+type:org')).json.items.map((u: { login: string }) => u.login)).toEqual(['octo-org']);
	});

	test('star and check the star', async () => {
		expect((await call(srv, 'GET', '/user/starred/octo-org/org-repo')).status).toBe(404);
		expect((await call(srv, 'PUT', '/user/starred/octo-org/org-repo')).status).toBe(204);
		expect((await call(srv, 'GET', '/user/starred/octo-org/org-repo')).status).toBe(204);
		expect((await call(srv, 'GET', '/repos/octo-org/org-repo')).json.stargazers_count).toBe(1);
		expect((await call(srv, 'PUT', '/user/starred/octo-user/nope')).status).toBe(404);
	});
});

describe('branches, refs and commits', () => {
	test('list and get branches (names with slashes too)', async () => {
		const list = await call(srv, 'GET', '/repos/octo-user/hello-world/branches');
		expect(list.json.map((b: { name: string }) => b.name)).toEqual(expect.arrayContaining(['main', 'develop', 'feature-a', 'conflicting']));
		const main = await call(srv, 'GET', '/repos/octo-user/hello-world/branches/main');
		expect(main.json.commit.sha).toBe(srv.repo('octo-user', 'hello-world')?.branches.get('main'));
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/branches/nope')).json.message).toBe('Branch not found');
	});

	test('create a branch from a SHA; existing refs, bad names and unknown SHAs are 422', async () => {
		const sha = srv.repo('octo-user', 'hello-world')?.branches.get('develop') as string;
		const created = await call(srv, 'POST', '/repos/octo-user/hello-world/git/refs', { body: { ref: 'refs/heads/feature/slash', sha } });
		expect(created.status).toBe(201);
		expect(created.json).toMatchObject({ ref: 'refs/heads/feature/slash', object: { sha, type: 'commit' } });
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/branches/feature/slash')).json.name).toBe('feature/slash');
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/branches/feature%2Fslash')).json.name).toBe('feature/slash');
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/git/ref/heads/feature/slash')).json.object.sha).toBe(sha);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/git/ref/heads/none')).status).toBe(404);
		const again = await call(srv, 'POST', '/repos/octo-user/hello-world/git/refs', { body: { ref: 'refs/heads/feature/slash', sha } });
		expect(again.json.message).toBe('Reference already exists');
		expect((await call(srv, 'POST', '/repos/octo-user/hello-world/git/refs', { body: { ref: 'heads/x', sha } })).status).toBe(422);
		const unknown = await call(srv, 'POST', '/repos/octo-user/hello-world/git/refs', { body: { ref: 'refs/heads/y', sha: 'a'.repeat(40) } });
		expect(unknown.json.message).toBe('Object does not exist');
	});

	test('list commits with sha, path, author, since/until; get one with files', async () => {
		const all = await call(srv, 'GET', '/repos/octo-user/hello-world/commits?per_page=100');
		expect(all.json.length).toBeGreaterThanOrEqual(4);
		const develop = await call(srv, 'GET', '/repos/octo-user/hello-world/commits?sha=develop');
		expect(develop.json.map((c: { commit: { message: string } }) => c.commit.message)).toEqual(['Add sources and docs', 'Initial commit']);
		const readme = await call(srv, 'GET', '/repos/octo-user/hello-world/commits?path=README.md&sha=main');
		expect(readme.json.every((c: { commit: { message: string } }) => /README|Initial/.test(c.commit.message))).toBe(true);
		const byOther = await call(srv, 'GET', '/repos/octo-user/hello-world/commits?author=other-user');
		expect(byOther.json.map((c: { author: { login: string } }) => c.author.login)).toEqual(['other-user']);
		const window = await call(srv, 'GET', '/repos/octo-user/hello-world/commits?since=2024-01-02T10:04:00Z&until=2024-01-02T10:06:00Z');
		expect(window.json.map((c: { commit: { message: string } }) => c.commit.message)).toEqual(['Update README']);
		const paged = await call(srv, 'GET', '/repos/octo-user/hello-world/commits?per_page=1');
		expect(links(paged.headers.get('link')).next).toContain('page=2');
		const one = await call(srv, 'GET', `/repos/octo-user/hello-world/commits/${develop.json[0].sha}`);
		expect(one.json.files.map((f: { filename: string }) => f.filename)).toEqual(['docs/guide.md', 'docs/ü ber #1.md', 'src/index.js']);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/commits/v0.1.0')).json.sha).toBe(develop.json[0].sha);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/commits/nope')).status).toBe(422);
	});
});

describe('issues', () => {
	test('list with filters, get, create, update, comment, assignees, search', async () => {
		const open = await call(srv, 'GET', '/repos/octo-user/hello-world/issues');
		expect(open.json.every((i: { state: string }) => i.state === 'open')).toBe(true);
		const bugs = await call(srv, 'GET', '/repos/octo-user/hello-world/issues?labels=bug&state=all');
		expect(bugs.json.map((i: { title: string }) => i.title)).toEqual(['Found a bug 1']);
		const created = await call(srv, 'POST', '/repos/octo-user/hello-world/issues', { body: { title: 'New one', body: 'text', labels: ['bug', 'new-label'], assignees: ['other-user'] } });
		expect(created.status).toBe(201);
		expect(created.json).toMatchObject({ title: 'New one', state: 'open', labels: [{ name: 'bug' }, { name: 'new-label' }], assignees: [{ login: 'other-user' }], user: { login: 'octo-user' } });
		const number = created.json.number;
		expect((await call(srv, 'GET', `/repos/octo-user/hello-world/issues/${number}`)).json.title).toBe('New one');
		const closed = await call(srv, 'PATCH', `/repos/octo-user/hello-world/issues/${number}`, { body: { state: 'closed', state_reason: 'not_planned', title: 'Renamed' } });
		expect(closed.json).toMatchObject({ state: 'closed', state_reason: 'not_planned', title: 'Renamed', closed_by: { login: 'octo-user' } });
		expect((await call(srv, 'PATCH', `/repos/octo-user/hello-world/issues/${number}`, { body: { state: 'done' } })).status).toBe(422);
		const comment = await call(srv, 'POST', `/repos/octo-user/hello-world/issues/${number}/comments`, { body: { body: 'A comment' } });
		expect(comment.status).toBe(201);
		expect(comment.json).toMatchObject({ body: 'A comment', user: { login: 'octo-user' } });
		expect((await call(srv, 'GET', `/repos/octo-user/hello-world/issues/${number}`)).json.comments).toBe(1);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/issues/999')).status).toBe(404);
		const assignees = await call(srv, 'GET', '/repos/octo-user/hello-world/assignees');
		expect(assignees.json.map((u: { login: string }) => u.login)).toEqual(['octo-user', 'other-user']);
		const outsider = await call(srv, 'PATCH', `/repos/octo-org/org-repo/issues/1`, { headers: { authorization: 'Bearer ghp_outsider' }, body: { title: 'x' } });
		expect(outsider.status).toBe(401);
	});

	test('search issues and pull requests', async () => {
		const prs = await call(srv, 'GET', '/search/issues?q=repo:octo-user/hello-world+is:pr+is:open');
		expect(prs.json.items.map((i: { title: string }) => i.title).sort()).toEqual(['Add feature A', 'Conflicting change']);
		expect(prs.json.items[0].pull_request.url).toMatch(/\/pulls\/\d+$/);
		const words = await call(srv, 'GET', `/search/issues?q=${encodeURIComponent('problem repo:octo-user/hello-world is:issue')}`);
		expect(words.json.items.map((i: { title: string }) => i.title)).toEqual(['Found a bug 1']);
		const closed = await call(srv, 'GET', '/search/issues?q=repo:octo-user/hello-world+is:closed+is:issue');
		expect(closed.json.items.map((i: { title: string }) => i.title)).toContain('Old issue 3');
		const label = await call(srv, 'GET', '/search/issues?q=label:bug+author:octo-user&sort=created&order=asc');
		expect(label.json.total_count).toBeGreaterThanOrEqual(1);
	});
});

describe('pull requests', () => {
	test('list, get (mergeable), reviewers and reviews', async () => {
		const list = await call(srv, 'GET', '/repos/octo-user/hello-world/pulls');
		expect(list.json.map((p: { head: { ref: string } }) => p.head.ref).sort()).toEqual(['conflicting', 'feature-a']);
		const featureA = list.json.find((p: { head: { ref: string } }) => p.head.ref === 'feature-a');
		const full = await call(srv, 'GET', `/repos/octo-user/hello-world/pulls/${featureA.number}`);
		expect(full.json).toMatchObject({ mergeable: true, merged: false, mergeable_state: 'clean', base: { ref: 'main' } });
		const reviewers = await call(srv, 'GET', `/repos/octo-user/hello-world/pulls/${featureA.number}/requested_reviewers`);
		expect(reviewers.json).toMatchObject({ users: [{ login: 'other-user' }], teams: [] });
		const reviews = await call(srv, 'GET', `/repos/octo-user/hello-world/pulls/${featureA.number}/reviews`);
		expect(reviews.json).toMatchObject([{ state: 'COMMENTED', user: { login: 'other-user' } }]);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/pulls/1')).status).toBe(404); // an issue, not a PR
		const head = await call(srv, 'GET', '/repos/octo-user/hello-world/pulls?head=octo-user:conflicting');
		expect(head.json).toHaveLength(1);
	});

	test('merging a conflicting PR is 405; a clean one merges and updates the base branch', async () => {
		const conflicting = [...(srv.repo('octo-user', 'hello-world')?.issues.values() ?? [])].find((i) => i.pull?.head.ref === 'conflicting');
		const refused = await call(srv, 'PUT', `/repos/octo-user/hello-world/pulls/${conflicting?.number}/merge`, { body: {} });
		expect(refused.status).toBe(405);
		expect(refused.json.message).toBe('Pull Request is not mergeable');
		expect((await call(srv, 'GET', `/repos/octo-user/hello-world/pulls/${conflicting?.number}`)).json.mergeable).toBe(false);

		await call(srv, 'POST', '/repos/octo-user/hello-world/git/refs', { body: { ref: 'refs/heads/to-merge', sha: srv.repo('octo-user', 'hello-world')?.branches.get('main') } });
		await call(srv, 'PUT', '/repos/octo-user/hello-world/contents/merged.txt', { body: { message: 'on branch', content: 'bWVyZ2Vk', branch: 'to-merge' } });
		const noCommits = await call(srv, 'POST', '/repos/octo-user/hello-world/pulls', { body: { title: 't', head: 'main', base: 'to-merge' } });
		expect(noCommits.status).toBe(422);
		expect(noCommits.json.errors[0].message).toBe('No commits between to-merge and main');
		const missingBase = await call(srv, 'POST', '/repos/octo-user/hello-world/pulls', { body: { title: 't', head: 'to-merge', base: 'nope' } });
		expect(missingBase.json.errors[0]).toMatchObject({ field: 'base', code: 'invalid' });
		const created = await call(srv, 'POST', '/repos/octo-user/hello-world/pulls', { body: { title: 'Merge me', head: 'octo-user:to-merge', base: 'main', body: 'please' } });
		expect(created.status).toBe(201);
		expect(created.json).toMatchObject({ title: 'Merge me', state: 'open', head: { ref: 'to-merge' }, base: { ref: 'main' }, commits: 1 });
		const dup = await call(srv, 'POST', '/repos/octo-user/hello-world/pulls', { body: { title: 'again', head: 'to-merge', base: 'main' } });
		expect(dup.json.errors[0].message).toBe('A pull request already exists for octo-user:to-merge.');
		const patched = await call(srv, 'PATCH', `/repos/octo-user/hello-world/pulls/${created.json.number}`, { body: { title: 'Merge me now' } });
		expect(patched.json.title).toBe('Merge me now');
		const stale = await call(srv, 'PUT', `/repos/octo-user/hello-world/pulls/${created.json.number}/merge`, { body: { sha: 'b'.repeat(40) } });
		expect(stale.status).toBe(409);
		const merged = await call(srv, 'PUT', `/repos/octo-user/hello-world/pulls/${created.json.number}/merge`, { body: { merge_method: 'squash', commit_title: 'Squashed' } });
		expect(merged.status).toBe(200);
		expect(merged.json).toMatchObject({ merged: true, message: 'Pull Request successfully merged' });
		expect(srv.repo('octo-user', 'hello-world')?.branches.get('main')).toBe(merged.json.sha);
		expect(srv.fileContent('octo-user', 'hello-world', 'merged.txt')?.toString()).toBe('merged');
		const after = await call(srv, 'GET', `/repos/octo-user/hello-world/pulls/${created.json.number}`);
		expect(after.json).toMatchObject({ state: 'closed', merged: true, merged_by: { login: 'octo-user' }, merge_commit_sha: merged.json.sha });
		expect((await call(srv, 'PUT', `/repos/octo-user/hello-world/pulls/${created.json.number}/merge`, { body: {} })).status).toBe(405);
	});
});

describe('actions', () => {
	test('list workflows; dispatch by file name and by id; enable/disable; runs', async () => {
		const workflows = await call(srv, 'GET', '/repos/octo-user/hello-world/actions/workflows');
		expect(workflows.json.total_count).toBe(3);
		const dispatched = await call(srv, 'POST', '/repos/octo-user/hello-world/actions/workflows/ci.yml/dispatches', { body: { ref: 'main', inputs: { environment: 'test' } } });
		expect(dispatched.status).toBe(204);
		expect(dispatched.text).toBe('');
		const runs = await call(srv, 'GET', '/repos/octo-user/hello-world/actions/workflows/161335/runs?event=workflow_dispatch');
		expect(runs.json.total_count).toBe(1);
		const run = runs.json.workflow_runs[0];
		expect(run).toMatchObject({ event: 'workflow_dispatch', status: 'queued', conclusion: null, head_branch: 'main', workflow_id: 161335 });
		srv.setRunStatus('octo-user', 'hello-world', run.id, 'completed', 'failure');
		expect((await call(srv, 'GET', `/repos/octo-user/hello-world/actions/runs/${run.id}`)).json).toMatchObject({ status: 'completed', conclusion: 'failure' });
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/actions/runs?status=failure')).json.total_count).toBe(1);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/actions/runs?status=bogus')).status).toBe(422);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/actions/runs/42')).status).toBe(404);

		const details = await call(srv, 'POST', '/repos/octo-user/hello-world/actions/workflows/161336/dispatches', { body: { ref: 'v0.1.0', inputs: { target: 'staging' }, return_run_details: true } });
		expect(details.status).toBe(200);
		expect(details.json.workflow_run_id).toEqual(expect.any(Number));

		// The Enterprise form (GHES 3.17–3.19 describe only ref and inputs): other keys are refused,
		// a dispatch is answered 204, and with a delay its run appears a moment later.
		const refused = await call(srv, 'POST', '/api/v3/repos/octo-user/hello-world/actions/workflows/161336/dispatches', { body: { ref: 'main', inputs: { target: 'staging' }, return_run_details: true } });
		expect(refused.status).toBe(422);
		expect(refused.json.message).toBe('Invalid request.\n\n"return_run_details" is not a permitted key.');
		srv.state.dispatchRunDelayMs = 150;
		const countRuns = () => [...srv.repo('octo-user', 'hello-world')!.runs.values()].length;
		const runsBefore = countRuns();
		const accepted = await call(srv, 'POST', '/api/v3/repos/octo-user/hello-world/actions/workflows/161336/dispatches', { body: { ref: 'main', inputs: { target: 'staging' } } });
		expect(accepted.status).toBe(204);
		expect(countRuns()).toBe(runsBefore);
		await until('the dispatched run to appear', () => countRuns() === runsBefore + 1);
		srv.state.dispatchRunDelayMs = undefined;
		const errors = [
			[{ ref: 'nope' }, 'ci.yml', 'No ref found for: nope'],
			[{ ref: 'main', inputs: { unknown: 'x' } }, 'ci.yml', 'Unexpected inputs provided: ["unknown"]'],
			[{ ref: 'main' }, 'deploy.yml', "Required input 'target' not provided"],
			[{ ref: 'main', inputs: { target: 'moon' } }, 'deploy.yml', "Provided value 'moon' for input 'target' not in the list of allowed values"],
			[{ ref: 'main' }, 'nightly.yml', "Workflow does not have 'workflow_dispatch' trigger"],
		] as const;
		for (const [body, workflow, message] of errors) {
			const answer = await call(srv, 'POST', `/repos/octo-user/hello-world/actions/workflows/${workflow}/dispatches`, { body });
			expect([answer.status, answer.json.message]).toEqual([422, message]);
		}
		expect((await call(srv, 'POST', '/repos/octo-user/hello-world/actions/workflows/nope.yml/dispatches', { body: { ref: 'main' } })).status).toBe(404);

		expect((await call(srv, 'PUT', '/repos/octo-user/hello-world/actions/workflows/ci.yml/disable')).status).toBe(204);
		expect(srv.repo('octo-user', 'hello-world')?.workflows.get(161335)?.state).toBe('disabled_manually');
		const disabled = await call(srv, 'POST', '/repos/octo-user/hello-world/actions/workflows/ci.yml/dispatches', { body: { ref: 'main' } });
		expect(disabled.json.message).toBe("Cannot trigger a 'workflow_dispatch' on a disabled workflow");
		expect((await call(srv, 'PUT', '/repos/octo-user/hello-world/actions/workflows/161335/enable')).status).toBe(204);
		expect(srv.repo('octo-user', 'hello-world')?.workflows.get(161335)?.state).toBe('active');
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/actions/runs')).json.total_count).toBe(5); // 4 before, and the run of the Enterprise dispatch
	});
});

describe('gists, releases, collaborators, rate limit, events', () => {
	test('gists: create, update, list mine and a user’s public ones', async () => {
		const created = await call(srv, 'POST', '/gists', { body: { description: 'new gist', public: false, files: { 'a.txt': { content: 'A' } } } });
		expect(created.status).toBe(201);
		expect(created.json).toMatchObject({ description: 'new gist', public: false, files: { 'a.txt': { content: 'A', filename: 'a.txt' } }, owner: { login: 'octo-user' } });
		const updated = await call(srv, 'PATCH', `/gists/${created.json.id}`, { body: { description: 'changed', files: { 'a.txt': { filename: 'b.txt', content: 'B' }, 'c.txt': { content: 'C' } } } });
		expect(Object.keys(updated.json.files).sort()).toEqual(['b.txt', 'c.txt']);
		expect((await call(srv, 'PATCH', `/gists/${created.json.id}`, { headers: other, body: { description: 'x' } })).status).toBe(404);
		expect((await call(srv, 'POST', '/gists', { body: { files: { 'x.txt': { content: '' } } } })).status).toBe(422);
		const mine = await call(srv, 'GET', '/gists');
		expect(mine.json[0].id).toBe(created.json.id);
		expect(mine.json).toHaveLength(3);
		const publicOnes = await call(srv, 'GET', '/users/octo-user/gists', { headers: other });
		expect(publicOnes.json.map((g: { id: string }) => g.id)).toEqual(['aa5a315d61ae9438b18d']);
		const since = await call(srv, 'GET', `/gists?since=${encodeURIComponent(new Date(Date.now() - 60000).toISOString())}`);
		expect(since.json.map((g: { id: string }) => g.id)).toEqual([created.json.id]);
	});

	test('releases', async () => {
		const releases = await call(srv, 'GET', '/repos/octo-user/hello-world/releases');
		expect(releases.json.map((r: { tag_name: string }) => r.tag_name)).toEqual(['v1.1.0', 'v1.0.0']);
	});

	test('collaborators: permission, add (invitation or 204), remove, list', async () => {
		const permission = await call(srv, 'GET', '/repos/octo-user/hello-world/collaborators/other-user/permission');
		expect(permission.json).toMatchObject({ permission: 'write', role_name: 'write', user: { login: 'other-user' } });
		const none = await call(srv, 'GET', '/repos/octo-user/private-repo/collaborators/outside-user/permission');
		expect(none.json.permission).toBe('none');
		const invited = await call(srv, 'PUT', '/repos/octo-user/hello-world/collaborators/outside-user', { body: { permission: 'triage' } });
		expect(invited.status).toBe(201);
		expect(invited.json).toMatchObject({ invitee: { login: 'outside-user' }, inviter: { login: 'octo-user' }, permissions: 'triage' });
		expect((await call(srv, 'PUT', '/repos/octo-user/hello-world/collaborators/outside-user', { body: { permission: 'owner' } })).status).toBe(422);
		expect((await call(srv, 'PUT', '/repos/octo-user/hello-world/collaborators/nobody-here', { body: {} })).status).toBe(404);
		srv.acceptInvitations('octo-user', 'hello-world');
		const again = await call(srv, 'PUT', '/repos/octo-user/hello-world/collaborators/outside-user', { body: { permission: 'maintain' } });
		expect(again.status).toBe(204);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/collaborators/outside-user/permission')).json).toMatchObject({ permission: 'write', role_name: 'maintain' });
		const list = await call(srv, 'GET', '/repos/octo-user/hello-world/collaborators');
		expect(list.json.map((c: { login: string; role_name: string }) => `${c.login}:${c.role_name}`)).toEqual(['octo-user:admin', 'other-user:write', 'outside-user:maintain']);
		expect((await call(srv, 'DELETE', '/repos/octo-user/hello-world/collaborators/outside-user')).status).toBe(204);
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/collaborators/outside-user/permission')).json.permission).toBe('read');
		const member = await call(srv, 'PUT', '/repos/octo-org/org-repo/collaborators/other-user', { body: { permission: 'push' } });
		expect(member.status).toBe(204);
	});

	test('rate limit status', async () => {
		const answer = await call(srv, 'GET', '/rate_limit');
		expect(answer.json.resources.core).toMatchObject({ limit: 5000, remaining: expect.any(Number), used: expect.any(Number) });
		expect(answer.json.rate).toEqual(answer.json.resources.core);
	});

	test('events feeds of a repository and a user, newest first', async () => {
		const repoEvents = await call(srv, 'GET', '/repos/octo-user/hello-world/events?per_page=100');
		const types = repoEvents.json.map((e: { type: string }) => e.type);
		expect(types).toEqual(expect.arrayContaining(['PushEvent', 'WatchEvent', 'IssuesEvent', 'IssueCommentEvent', 'CreateEvent', 'PullRequestEvent']));
		expect(Number(repoEvents.json[0].id)).toBeGreaterThan(Number(repoEvents.json[repoEvents.json.length - 1].id));
		expect(types).toContain('ReleaseEvent');
		const etag = repoEvents.headers.get('etag') as string;
		expect((await call(srv, 'GET', '/repos/octo-user/hello-world/events?per_page=100', { headers: { 'if-none-match': etag } })).status).toBe(304);
		srv.addEvent('WatchEvent', 'outside-user', 'octo-user', 'hello-world', { action: 'started' });
		const changed = await call(srv, 'GET', '/repos/octo-user/hello-world/events?per_page=100', { headers: { 'if-none-match': etag } });
		expect(changed.status).toBe(200);
		expect(changed.json[0]).toMatchObject({ type: 'WatchEvent', actor: { login: 'outside-user' }, repo: { name: 'octo-user/hello-world' } });
		const userEvents = await call(srv, 'GET', '/users/other-user/events');
		expect(userEvents.json.every((e: { actor: { login: string } }) => e.actor.login === 'other-user')).toBe(true);
	});
});

test('no response of this file broke the OpenAPI response schemas', () => {
	expect(srv.responseProblems).toEqual([]);
});
