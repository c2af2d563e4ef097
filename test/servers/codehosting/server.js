'use strict';
/**
 * A local stand-in for GitHub's REST API v3 and a sliver of GraphQL v4, strict about what it
 * accepts (issue 4, item 3; webhook needs of issue 5).
 *
 * REST is served at `${url}/` (api.github.com style) and `${url}/api/v3/` (Enterprise Server
 * style); GraphQL at `${url}/graphql` and `${url}/api/graphql`. URLs inside responses (url,
 * html_url, Link headers, redirects) use the base the request came in on.
 *
 * Every request, in this order:
 *  1. is recorded in `srv.requests` and checked against `failNext` faults (which win over all);
 *  2. needs a `User-Agent` (403), then `Authorization: Bearer|token <token>` or Basic with the token
 *     as password (401 {message:'Bad credentials'} when missing or unknown);
 *  3. meets the primary rate limit (403, x-ratelimit-remaining 0; refills at `reset`) and the
 *     secondary limit set by `setSecondaryRateLimit` (403 + retry-after);
 *  4. `X-GitHub-Api-Version`, when present, must be 2022-11-28 (400);
 *  5. `Accept` must name application/vnd.github…, application/json or * / * (415 otherwise, also when
 *     missing: the mission document's "value for the response_body field" failure);
 *  6. is matched against the paths of `@octokit/openapi`'s api.github.com.json (unknown path or
 *     method → 404 Not Found); typed path parameters (numbers) must fit (404);
 *  7. query parameters declared by the operation are type/enum/format checked (422; unknown ones
 *     are ignored like GitHub); JSON bodies must parse (400 'Problems parsing JSON') and validate
 *     against the operation's requestBody schema with ajv (422 'Invalid request.\n\n<details>');
 *  8. is answered from the in-memory state below, or 501 {message:'not implemented by the test
 *     server'} for operations that exist in the description but have no handler here.
 * Responses carry x-ratelimit-limit/remaining/reset/used/resource (5000/h core, 30/min search,
 * 5000/h graphql), x-github-request-id, ETag on GET 200s (If-None-Match → 304, not counted against
 * the limit), and Link headers (first/prev/next/last) on every implemented list endpoint.
 *
 * State (`srv.state`; names are case-insensitive keys in lower case):
 *   users:   { [login]: {id, login, node_id, type:'User', name, email, company, location, bio,
 *              created_at, updated_at, starred:Set<'owner/repo'>} }
 *   orgs:    { [login]: {id, login, node_id, type:'Organization', name, description, created_at,
 *              updated_at, members: {[login]: 'admin'|'member'}, default_permission:'pull'} }
 *   tokens:  { [token]: {login, scopes: string[]} }
 *   repos:   { ['owner/name']: Repo }         renamed: { ['oldowner/oldname']: repoId }
 *   Repo = {id, node_id, owner, name, private, description, homepage, default_branch, created_at,
 *     updated_at, pushed_at, has_issues, has_projects, has_wiki, has_discussions, archived,
 *     is_template, topics, language,
 *     blobs: Map<sha, Buffer>, commits: Map<sha, Commit>, branches: Map<name, sha>,
 *     tags: Map<name, sha>, issues: Map<number, Issue>, nextNumber, comments: Map<id, Comment>,
 *     labels: Map<lowername, Label>, collaborators: Map<login, 'pull'|'triage'|'push'|'maintain'|'admin'>,
 *     invitations: Map<id, {id, node_id, invitee, inviter, permission, created_at}>,
 *     stargazers: Set<login>, workflows: Map<id, Workflow>, runs: Map<id, Run>, releases: Release[]}
 *   Commit = {sha, seq, tree: {'path/in/repo': blobSha}, treeSha, parents: [sha], message,
 *     author: {name, email, date}, committer, authorLogin, committerLogin}
 *   Issue = {id, node_id, number, title, body, state, state_reason, user, labels: [name],
 *     assignees: [login], locked, created_at, updated_at, closed_at, closed_by,
 *     pull?: {id, node_id, head: {ref, sha}, base: {ref, sha}, draft, merged, merged_at, merged_by,
 *     merge_commit_sha, mergeable (undefined = computed; true/false = forced),
 *     maintainer_can_modify, requested_reviewers: [login], reviews: [Review]}}
 *   Workflow = {id, node_id, name, path, state:'active'|'disabled_manually', dispatchable,
 *     inputs: {[name]: {required, type, options?}}, created_at, updated_at}
 *   Run = {id, node_id, workflow_id, name, path, display_title, head_branch, head_sha, event,
 *     status, conclusion, run_number, actor, inputs, created_at, updated_at}
 *   gists:   { [id]: {id, node_id, owner, description, public, files: {[name]: {content}},
 *              revision, created_at, updated_at} }
 *   hooks:   { [id]: {id, scope:'repository'|'organization', target:'owner/repo'|'org', name,
 *              active, events, config: {url, content_type, secret, insecure_ssl}, created_at,
 *              updated_at, last_response, deliveries: Delivery[]} }
 *   projects:{ [projectId]: {id, number, title, ownerType:'organization'|'user', owner,
 *              fields: [{id, name, dataType, options?: [{id, name}]}],
 *              items: Map<itemId, {id, type, content?: {repo, number}, values: {[fieldId]: optionId}}>} }
 *   events:  Event[] (oldest first; GET …/events lists newest first)
 *   rate:    { core|search|graphql: {limit, remaining, reset, used, status} }
 *   secondary: {retryAfter, times, status}
 *
 * Operations with real state (routes.js; everything else in the description → 501 after validation):
 *   GET /user, /user/repos, /user/orgs, /users/{u}, /users/{u}/repos, /orgs/{org}/repos;
 *   POST /user/repos, /orgs/{org}/repos; GET /repos/{o}/{r}; PUT/GET/DELETE /user/starred/{o}/{r};
 *   GET/PUT/DELETE /repos/{o}/{r}/contents/{path}; GET …/branches, …/branches/{branch};
 *   POST …/git/refs; GET …/git/ref/{ref}; GET …/commits, …/commits/{ref};
 *   GET/POST …/issues; GET/PATCH …/issues/{n}; POST …/issues/{n}/comments; GET …/assignees;
 *   GET /search/issues, /search/repositories, /search/users; GET/POST …/pulls;
 *   GET/PATCH …/pulls/{n}; PUT …/pulls/{n}/merge; GET …/pulls/{n}/requested_reviewers, …/reviews;
 *   GET …/actions/workflows, …/actions/workflows/{id}; POST …/workflows/{id}/dispatches;
 *   PUT …/workflows/{id}/enable|disable; GET …/actions/runs, …/workflows/{id}/runs,
 *   …/actions/runs/{id}; POST /gists; PATCH/GET /gists/{id}; GET /gists, /users/{u}/gists;
 *   GET …/releases; GET …/collaborators, …/collaborators/{u}, …/collaborators/{u}/permission;
 *   PUT/DELETE …/collaborators/{u}; GET /rate_limit; POST/GET …/hooks, GET/DELETE …/hooks/{id}
 *   (repository and organization); GET /repos/{o}/{r}/events, /users/{u}/events.
 *
 * Seeded on creation (SHAs of seeded commits are the same in every instance):
 *   users octo-user (id 1, TOKEN, all scopes), other-user (id 2, OTHER_TOKEN: all scopes, but only
 *   push on hello-world and plain member of octo-org, so 403 on hooks/collaborators),
 *   outside-user (id 3, no token); org octo-org (id 100; octo-user admin, other-user member).
 *   octo-user/hello-world (id 1296269, public): branches main, develop, feature-a, conflicting;
 *     tag v0.1.0 (= develop), v1.0.0 and v1.1.0 (releases, = main); files README.md,
 *     src/index.js, docs/guide.md, `docs/ü ber #1.md`; history on main: Initial commit (octo-user),
 *     Add sources and docs, Update README (other-user), README on main; issues #1 "Found a bug 1"
 *     (label bug, assignee octo-user), #2 "Question 2" (by other-user, mentions @octo-user), #3
 *     "Old issue 3" (closed); pulls #4 "Add feature A" (feature-a → main, mergeable, reviewer
 *     other-user, one COMMENTED review) and #5 "Conflicting change" (conflicting → main,
 *     mergeable false: README.md changed on both sides); workflows 161335 ci.yml (inputs
 *     environment, debug; 2 completed runs), 161336 deploy.yml (required choice input target:
 *     staging|production), 161337 nightly.yml (no workflow_dispatch); collaborator other-user
 *     (push), stargazer other-user; events PushEvent, WatchEvent, IssuesEvent, 2 ReleaseEvents.
 *   octo-org/org-repo (id 1296300; README.md; issue #1 "Org issue 1"; outside-user pull).
 *   octo-user/renamed-repo (id 1296400) formerly legacy-name: /repos/octo-user/legacy-name/… →
 *     301 (307 for writes) to /repositories/1296400/…, which is served.
 *   octo-user/private-repo (id 1296500, private), other-user/other-repo (id 1296600).
 *   gists of octo-user: aa5a315d61ae9438b18d (public, hello.md), bb5a315d61ae9438b18e (secret).
 *   Projects (v2): org octo-org #1 PVT_kwDOAOrgProj01 "Org Roadmap": fields PVTF_lADOAOrgTitle
 *     Title, PVTSSF_lADOAOrgStatus Status (f75ad846 Todo, 47fc9ee4 In Progress, 98236657 Done),
 *     PVTF_lADOAOrgEstimate Estimate; item PVTI_lADOAOrgItem001 (octo-org/org-repo#1, Todo).
 *     user octo-user #1 PVT_kwHOAUserProj01 "Personal board": PVTSSF_lAHOAUserStatus Status
 *     (a1b2c3d4 Todo, b2c3d4e5 Doing, c3d4e5f6 Done); item PVTI_lAHOAUserItem001 (draft).
 *
 * Seed helpers (on the returned object; owner/repo names are case-insensitive):
 *   addUser(login, {id,name,email}) · addOrg(login, {members, default_permission}) ·
 *   addToken(token, login, scopes?) · addRepo(owner, name, {private, description, auto_init,
 *   files, default_branch, id}) · addFile(owner, repo, path, Buffer|string, branch?, {message,
 *   authorLogin, date}) → {commit, sha} · addBranch(owner, repo, branch, fromRef?) ·
 *   addIssues(owner, repo, n, {state, labels, assignees, user, prefix, body}) ·
 *   addPull(owner, repo, {head, base, title, draft, mergeable, reviewers, reviews, file}) ·
 *   addWorkflow(owner, repo, {id, name, path, state, dispatchable, inputs}) ·
 *   addWorkflowRuns(owner, repo, workflowId, n, {status, conclusion, event, branch}) ·
 *   setRunStatus(owner, repo, runId, status, conclusion?) · addGist(owner, {id, description,
 *   public, files: {name: content}}) · addReleases(owner, repo, n, {draft, prerelease}) ·
 *   addCollaborator(owner, repo, login, permission) · acceptInvitations(owner, repo) ·
 *   renameRepo(owner, old, new) · addProject('organization'|'user', owner, {number, title,
 *   fields, items}) · addEvent(type, actor, owner, repo, payload) · repo(owner, name) → Repo ·
 *   fileContent(owner, repo, path, ref?) → Buffer.
 * Other controls: failNext, setRateLimit, setSecondaryRateLimit, setAutoDeliver, settle,
 * deliver(hookId, event, payload?, {signature: 'valid'|'missing'|'wrong', action}),
 * examplePayload(event, action?) (from @octokit/webhooks-examples), hooks, requests,
 * resetRequests, responseProblems (with option validateResponses: true).
 * Outside the API description: GET /raw/{owner}/{repo}/{ref}/{path} serves file bytes (the
 * contents API's download_url; raw.githubusercontent.com's role; no auth needed for public repos).
 *
 * Webhooks: creating a hook sends a `ping` to its config.url (asynchronously, failures ignored);
 * actions done through the API also send their webhook events (issues, issue_comment,
 * pull_request, push, create, star, watch, member, repository (org hooks), workflow_dispatch,
 * workflow_run, projects_v2_item (org hooks)) unless `autoDeliver: false`. Deliveries are only
 * ever sent to loopback URLs (127.0.0.1, localhost, ::1); others are recorded as not delivered.
 */
const http = require('http');
const crypto = require('crypto');
const { listen, readBody } = require('../http-util');
const openapi = require('./openapi');
const git = require('./git');
const shapes = require('./shapes');
const { createRoutes } = require('./routes');
const { createGraphql } = require('./graphql');
const { createOAuth, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET } = require('./oauth');

const TOKEN = 'ghp_octoUserToken00000000000000000000001';
const OTHER_TOKEN = 'ghp_otherUserToken0000000000000000000002';
const LOGIN = 'octo-user';
const OTHER_LOGIN = 'other-user';
const OUTSIDER_LOGIN = 'outside-user';
const ORG = 'octo-org';
const API_VERSION = '2022-11-28';
const ALL_SCOPES = [
	'repo',
	'workflow',
	'gist',
	'admin:repo_hook',
	'admin:org_hook',
	'admin:org',
	'read:org',
	'project',
	'user',
	'notifications',
	'delete_repo',
];
const DOCS = 'https://docs.github.com/rest';
const RATE_DOCS = 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api';
const LEVELS = ['pull', 'triage', 'push', 'maintain', 'admin'];

class HttpError extends Error {
	constructor(status, body, headers = {}) {
		super(typeof body === 'object' && body ? body.message : String(body));
		this.status = status;
		this.body = body;
		this.headers = headers;
	}
}

function isoAt(offsetSeconds) {
	return git.isoNow(new Date(Date.UTC(2024, 0, 2, 10, 0, 0) + offsetSeconds * 1000));
}

function isLoopbackUrl(url) {
	try {
		const parsed = new URL(url);
		return (
			(parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
			['127.0.0.1', 'localhost', '[::1]', '::1'].includes(parsed.hostname)
		);
	} catch {
		return false;
	}
}

function createCodeHostingServer(options = {}) {
	const state = {
		users: {},
		orgs: {},
		tokens: {},
		repos: {},
		renamed: {},
		gists: {},
		hooks: {},
		projects: {},
		events: [],
		rate: {},
		secondary: { retryAfter: 0, times: 0, status: 403 },
		counters: { id: 1000000, event: 30000000000, delivery: 0 },
	};
	const requests = [];
	const faults = [];
	const pending = new Set();
	const responseProblems = [];
	let autoDeliver = options.autoDeliver !== false;
	let requestCounter = 0;
	let running;

	const nowSeconds = () => Math.floor(Date.now() / 1000);
	function resetRate(name, limit, windowSeconds) {
		const custom = options.rateLimit?.[name] ?? (name === 'core' ? options.rateLimit : undefined) ?? {};
		state.rate[name] = {
			limit: custom.limit ?? limit,
			remaining: custom.remaining ?? custom.limit ?? limit,
			used: custom.used ?? 0,
			reset: custom.reset ?? nowSeconds() + windowSeconds,
			window: windowSeconds,
			status: custom.status ?? 403,
		};
	}
	resetRate('core', 5000, 3600);
	resetRate('search', 30, 60);
	resetRate('graphql', 5000, 3600);

	const nextId = () => ++state.counters.id;
	const key = (owner, name) => `${owner}/${name}`.toLowerCase();

	// ---------------------------------------------------------------- accounts and repositories
	function account(login) {
		if (login === undefined || login === null) return undefined;
		const lower = String(login).toLowerCase();
		return state.users[lower] ?? state.orgs[lower];
	}

	function addUser(login, opts = {}) {
		const id = opts.id ?? nextId();
		const user = {
			id,
			login,
			node_id: shapes.nodeId('User', id),
			type: 'User',
			name: opts.name ?? login,
			email: opts.email ?? `${login}@users.noreply.example`,
			company: opts.company ?? null,
			location: opts.location ?? null,
			bio: opts.bio ?? null,
			created_at: opts.created_at ?? isoAt(0),
			updated_at: opts.updated_at ?? isoAt(0),
			starred: new Set(),
		};
		state.users[login.toLowerCase()] = user;
		return user;
	}

	function addOrg(login, opts = {}) {
		const id = opts.id ?? nextId();
		const org = {
			id,
			login,
			node_id: shapes.nodeId('Organization', id),
			type: 'Organization',
			name: opts.name ?? login,
			description: opts.description ?? null,
			created_at: opts.created_at ?? isoAt(0),
			updated_at: opts.updated_at ?? isoAt(0),
			members: { ...(opts.members ?? {}) },
			default_permission: opts.default_permission ?? 'pull',
			members_can_create_repositories: opts.members_can_create_repositories ?? true,
		};
		state.orgs[login.toLowerCase()] = org;
		return org;
	}

	function addToken(token, login, scopes = ALL_SCOPES) {
		state.tokens[token] = { login, scopes: [...scopes] };
	}

	/**
	 * Creates a repository. opts: {private, description, homepage, default_branch ('main'),
	 * auto_init (true: README.md commit), files: {path: content} (initial commit), id, topics,
	 * has_issues, created_at}.
	 */
	function addRepo(owner, name, opts = {}) {
		const ownerAccount = account(owner);
		if (!ownerAccount) throw new Error(`addRepo: unknown owner ${owner}`);
		const id = opts.id ?? nextId();
		const created = opts.created_at ?? git.isoNow();
		const repo = {
			id,
			node_id: shapes.nodeId('Repository', id),
			owner: ownerAccount.login,
			name,
			private: Boolean(opts.private),
			description: opts.description ?? null,
			homepage: opts.homepage ?? null,
			default_branch: opts.default_branch ?? 'main',
			created_at: created,
			updated_at: created,
			pushed_at: created,
			has_issues: opts.has_issues ?? true,
			has_projects: opts.has_projects ?? true,
			has_wiki: opts.has_wiki ?? true,
			has_discussions: opts.has_discussions ?? false,
			archived: false,
			is_template: Boolean(opts.is_template),
			topics: opts.topics ?? [],
			language: opts.language ?? null,
			blobs: new Map(),
			commits: new Map(),
			branches: new Map(),
			tags: new Map(),
			issues: new Map(),
			nextNumber: 1,
			comments: new Map(),
			labels: new Map(),
			collaborators: new Map(),
			invitations: new Map(),
			stargazers: new Set(),
			workflows: new Map(),
			runs: new Map(),
			releases: [],
		};
		state.repos[key(ownerAccount.login, name)] = repo;
		for (const [labelName, color] of [['bug', 'd73a4a'], ['enhancement', 'a2eeef'], ['documentation', '0075ca']]) {
			addLabel(repo, labelName, color, true);
		}
		const files = opts.files ?? (opts.auto_init ? { 'README.md': `# ${name}\n${opts.description ? `\n${opts.description}\n` : ''}` } : undefined);
		if (files) {
			const tree = {};
			for (const [path, content] of Object.entries(files)) tree[path] = git.putBlob(repo, content);
			const commit = git.makeCommit(repo, {
				tree,
				message: 'Initial commit',
				authorLogin: ownerAccount.type === 'User' ? ownerAccount.login : LOGIN,
				author: authorOf(ownerAccount.type === 'User' ? ownerAccount.login : LOGIN),
				date: created,
			});
			repo.branches.set(repo.default_branch, commit.sha);
		}
		return repo;
	}

	function addLabel(repo, name, color = 'ededed', isDefault = false) {
		const existing = repo.labels.get(name.toLowerCase());
		if (existing) return existing;
		const id = nextId();
		const l = { id, node_id: shapes.nodeId('Label', id), name, color, description: null, default: isDefault };
		repo.labels.set(name.toLowerCase(), l);
		return l;
	}

	function authorOf(login) {
		const user = account(login);
		return { name: user?.name ?? login, email: user?.email ?? `${login}@users.noreply.example` };
	}

	function findRepo(owner, name) {
		return state.repos[key(owner, name)];
	}

	function mustRepo(owner, name) {
		const repo = findRepo(owner, name);
		if (!repo) throw new Error(`unknown repository ${owner}/${name}`);
		return repo;
	}

	/** The permission level of `login` on `repo`: 'admin' … 'pull', or null (no access). */
	function level(repo, login) {
		if (!login) return repo.private ? null : 'pull';
		const lower = String(login).toLowerCase();
		if (repo.owner.toLowerCase() === lower) return 'admin';
		let best = -1;
		const org = state.orgs[repo.owner.toLowerCase()];
		if (org) {
			const role = Object.entries(org.members).find(([member]) => member.toLowerCase() === lower)?.[1];
			if (role === 'admin') return 'admin';
			if (role) best = Math.max(best, LEVELS.indexOf(org.default_permission));
		}
		const collaborator = repo.collaborators.get(lower);
		if (collaborator) best = Math.max(best, LEVELS.indexOf(collaborator));
		if (best < 0 && !repo.private) best = 0;
		return best < 0 ? null : LEVELS[best];
	}

	function atLeast(repo, login, needed) {
		const current = level(repo, login);
		return current !== null && LEVELS.indexOf(current) >= LEVELS.indexOf(needed);
	}

	/** Adds a file in a new commit on `branch` (default branch). Returns {commit, sha}. */
	function addFile(owner, name, path, content, branch, opts = {}) {
		const repo = mustRepo(owner, name);
		const target = branch ?? repo.default_branch;
		const parent = repo.branches.get(target);
		const tree = parent ? { ...repo.commits.get(parent).tree } : {};
		const blob = git.putBlob(repo, content);
		tree[path] = blob;
		const login = opts.authorLogin ?? LOGIN;
		const commit = git.makeCommit(repo, {
			tree,
			parents: parent ? [parent] : [],
			message: opts.message ?? `Add ${path}`,
			authorLogin: login,
			author: authorOf(login),
			date: opts.date,
		});
		repo.branches.set(target, commit.sha);
		repo.pushed_at = git.isoNow();
		return { commit, sha: blob };
	}

	/** Creates `branch` at `from` (a ref or SHA; default: the default branch). */
	function addBranch(owner, name, branch, from) {
		const repo = mustRepo(owner, name);
		const sha = git.resolveRef(repo, from);
		if (!sha) throw new Error(`addBranch: unknown ref ${from}`);
		repo.branches.set(branch, sha);
		return sha;
	}

	/** Adds `n` issues (titles "Issue 1" …). opts: {state, labels, assignees, user, prefix}. */
	function addIssues(owner, name, n, opts = {}) {
		const repo = mustRepo(owner, name);
		const created = [];
		for (let i = 0; i < n; i++) {
			created.push(
				createIssue(repo, {
					title: `${opts.prefix ?? 'Issue'} ${repo.nextNumber}`,
					body: opts.body ?? `Body of issue ${repo.nextNumber}`,
					user: opts.user ?? LOGIN,
					labels: opts.labels ?? [],
					assignees: opts.assignees ?? [],
					state: opts.state ?? 'open',
				}),
			);
		}
		return created;
	}

	function createIssue(repo, fields) {
		const id = nextId();
		const now = git.isoNow();
		const issue = {
			id,
			node_id: shapes.nodeId('Issue', id),
			number: repo.nextNumber++,
			title: String(fields.title),
			body: fields.body ?? null,
			state: fields.state ?? 'open',
			state_reason: fields.state === 'closed' ? 'completed' : null,
			user: fields.user,
			labels: [],
			assignees: [...(fields.assignees ?? [])],
			locked: false,
			created_at: now,
			updated_at: now,
			closed_at: fields.state === 'closed' ? now : null,
			closed_by: fields.state === 'closed' ? fields.user : null,
		};
		for (const labelName of fields.labels ?? []) issue.labels.push(addLabel(repo, labelName).name);
		repo.issues.set(issue.number, issue);
		return issue;
	}

	/**
	 * Adds a pull request from `head` to `base` (branches; head is created with one commit adding
	 * `file` when it does not exist). opts: {title, body, draft, mergeable (force), reviewers:
	 * [login], reviews: [{user, state, body}], user, file, date (of the head commit)}.
	 */
	function addPull(owner, name, opts = {}) {
		const repo = mustRepo(owner, name);
		const base = opts.base ?? repo.default_branch;
		const head = opts.head ?? `feature-${repo.nextNumber}`;
		if (!repo.branches.has(head)) {
			addBranch(owner, name, head, base);
			addFile(owner, name, opts.file ?? `feature-${repo.nextNumber}.txt`, `change for ${head}\n`, head, { date: opts.date });
		}
		const issue = createIssue(repo, { title: opts.title ?? `Pull request ${repo.nextNumber}`, body: opts.body ?? null, user: opts.user ?? LOGIN });
		const id = nextId();
		issue.pull = {
			id,
			node_id: shapes.nodeId('PullRequest', id),
			head: { ref: head, sha: repo.branches.get(head) },
			base: { ref: base, sha: repo.branches.get(base) },
			draft: Boolean(opts.draft),
			merged: false,
			merged_at: null,
			merged_by: null,
			merge_commit_sha: null,
			mergeable: opts.mergeable,
			maintainer_can_modify: false,
			requested_reviewers: [...(opts.reviewers ?? [])],
			reviews: (opts.reviews ?? []).map((r) => {
				const reviewId = nextId();
				return {
					id: reviewId,
					node_id: shapes.nodeId('PullRequestReview', reviewId),
					user: r.user ?? OTHER_LOGIN,
					state: r.state ?? 'APPROVED',
					body: r.body ?? '',
					commit_id: repo.branches.get(head),
					submitted_at: git.isoNow(),
				};
			}),
		};
		return issue;
	}

	/** Adds a workflow. opts: {id, name, path ('.github/workflows/<file>'), state, dispatchable, inputs}. */
	function addWorkflow(owner, name, opts = {}) {
		const repo = mustRepo(owner, name);
		const id = opts.id ?? nextId();
		const file = opts.path ?? `.github/workflows/workflow-${id}.yml`;
		const w = {
			id,
			node_id: shapes.nodeId('Workflow', id),
			name: opts.name ?? file.split('/').pop().replace(/\.ya?ml$/, ''),
			path: file,
			state: opts.state ?? 'active',
			dispatchable: opts.dispatchable ?? true,
			inputs: opts.inputs ?? {},
			created_at: opts.created_at ?? isoAt(60),
			updated_at: opts.created_at ?? isoAt(60),
		};
		repo.workflows.set(id, w);
		return w;
	}

	/** Adds `n` runs of workflow `workflowId`. opts: {status, conclusion, event, branch, actor}. */
	function addWorkflowRuns(owner, name, workflowId, n, opts = {}) {
		const repo = mustRepo(owner, name);
		const w = repo.workflows.get(Number(workflowId));
		if (!w) throw new Error(`addWorkflowRuns: unknown workflow ${workflowId}`);
		const runs = [];
		for (let i = 0; i < n; i++) {
			runs.push(
				createRun(repo, w, {
					branch: opts.branch ?? repo.default_branch,
					event: opts.event ?? 'push',
					actor: opts.actor ?? LOGIN,
					status: opts.status ?? 'completed',
					conclusion: opts.conclusion === undefined ? ((opts.status ?? 'completed') === 'completed' ? 'success' : null) : opts.conclusion,
				}),
			);
		}
		return runs;
	}

	function createRun(repo, w, opts) {
		const id = nextId();
		const number = [...repo.runs.values()].filter((run) => run.workflow_id === w.id).length + 1;
		const now = git.isoNow();
		const run = {
			id,
			node_id: shapes.nodeId('WorkflowRun', id),
			workflow_id: w.id,
			name: w.name,
			path: w.path,
			display_title: opts.display_title ?? w.name,
			head_branch: opts.branch,
			head_sha: git.resolveRef(repo, opts.branch) ?? repo.branches.get(repo.default_branch) ?? null,
			event: opts.event,
			status: opts.status,
			conclusion: opts.conclusion ?? null,
			run_number: number,
			actor: opts.actor,
			inputs: opts.inputs ?? {},
			created_at: now,
			updated_at: now,
		};
		repo.runs.set(id, run);
		return run;
	}

	/** Sets a run's status (and conclusion when completed). */
	function setRunStatus(owner, name, runId, status, conclusion) {
		const repo = mustRepo(owner, name);
		const run = repo.runs.get(Number(runId));
		if (!run) throw new Error(`setRunStatus: unknown run ${runId}`);
		run.status = status;
		run.conclusion = status === 'completed' ? (conclusion ?? 'success') : null;
		run.updated_at = git.isoNow();
		return run;
	}

	/** Adds a gist. opts: {description, public (true), files: {name: content}, id}. */
	function addGist(owner, opts = {}) {
		const ownerAccount = account(owner);
		if (!ownerAccount) throw new Error(`addGist: unknown owner ${owner}`);
		const id = opts.id ?? crypto.randomBytes(16).toString('hex');
		const now = opts.created_at ?? git.isoNow();
		const files = {};
		for (const [filename, content] of Object.entries(opts.files ?? { 'hello.txt': 'Hello\n' })) files[filename] = { content: String(content) };
		const g = {
			id,
			node_id: shapes.nodeId('Gist', id),
			owner: ownerAccount.login,
			description: opts.description ?? null,
			public: opts.public ?? true,
			files,
			revision: git.sha1(`${id}:${JSON.stringify(files)}:${Date.now()}`),
			created_at: now,
			updated_at: now,
			seq: ++state.counters.id,
		};
		state.gists[id] = g;
		return g;
	}

	/** Adds `n` releases (tags v1.0.0 …) at the default branch. opts: {draft, prerelease, author}. */
	function addReleases(owner, name, n, opts = {}) {
		const repo = mustRepo(owner, name);
		const created = [];
		for (let i = 0; i < n; i++) {
			const version = `v1.${repo.releases.length}.0`;
			const id = nextId();
			const sha = repo.branches.get(repo.default_branch);
			if (sha) repo.tags.set(version, sha);
			const r = {
				id,
				node_id: shapes.nodeId('Release', id),
				tag_name: version,
				target_commitish: repo.default_branch,
				name: `Release ${version}`,
				body: `Notes for ${version}`,
				draft: Boolean(opts.draft),
				prerelease: Boolean(opts.prerelease),
				author: opts.author ?? LOGIN,
				created_at: git.isoNow(),
				published_at: git.isoNow(),
			};
			repo.releases.push(r);
			created.push(r);
			if (!r.draft) addEvent('ReleaseEvent', r.author, repo, (u) => ({ action: 'published', release: shapes.release(u, repo, r, kit) }));
		}
		return created;
	}

	/** Adds a collaborator directly (no invitation). */
	function addCollaborator(owner, name, login, permission = 'push') {
		mustRepo(owner, name).collaborators.set(login.toLowerCase(), permission);
	}

	/** Accepts the pending invitations of a repository (they become collaborators). */
	function acceptInvitations(owner, name) {
		const repo = mustRepo(owner, name);
		for (const inv of repo.invitations.values()) repo.collaborators.set(inv.invitee.toLowerCase(), inv.permission);
		repo.invitations.clear();
	}

	/** Renames a repository; the old name answers with 301 redirects (like GitHub). */
	function renameRepo(owner, oldName, newName) {
		const repo = mustRepo(owner, oldName);
		delete state.repos[key(owner, oldName)];
		repo.name = newName;
		state.repos[key(owner, newName)] = repo;
		state.renamed[key(owner, oldName)] = repo.id;
		return repo;
	}

	function repoById(id) {
		return Object.values(state.repos).find((repo) => repo.id === Number(id));
	}

	/** Adds a Projects (v2) project. opts: {number, title, fields, items}. Returns the project. */
	function addProject(ownerType, owner, opts = {}) {
		const number = opts.number ?? Object.values(state.projects).filter((p) => p.owner.toLowerCase() === owner.toLowerCase()).length + 1;
		const id = opts.id ?? `PVT_kw${crypto.createHash('md5').update(`${owner}/${number}`).digest('base64url').slice(0, 12)}`;
		const project = {
			id,
			number,
			title: opts.title ?? `Project ${number}`,
			ownerType,
			owner,
			fields: opts.fields ?? [],
			items: new Map(),
		};
		for (const item of opts.items ?? []) project.items.set(item.id, { values: {}, type: 'ISSUE', ...item });
		state.projects[id] = project;
		return project;
	}

	// ---------------------------------------------------------------- events and webhooks
	function addEvent(type, actorLogin, repo, payload) {
		const owner = account(repo.owner);
		state.events.push({
			id: String(++state.counters.event),
			type,
			actor: actorLogin,
			repo: { id: repo.id, name: `${repo.owner}/${repo.name}` },
			payload: typeof payload === 'function' ? payload : () => payload,
			public: !repo.private,
			created_at: git.isoNow(),
			org: owner?.type === 'Organization' ? owner.login : undefined,
		});
	}

	function webhookBase(u) {
		return u ?? { api: running?.url ?? 'http://127.0.0.1', web: running?.url ?? 'http://127.0.0.1' };
	}

	/** Hooks of a repository (and of its organization) that want `event`. */
	function hooksFor(repo, orgLogin, event) {
		return Object.values(state.hooks).filter((h) => {
			if (!h.active) return false;
			if (!(h.events.includes(event) || h.events.includes('*'))) return false;
			if (repo && h.scope === 'repository' && h.target.toLowerCase() === key(repo.owner, repo.name)) return true;
			const org = orgLogin ?? (repo && state.orgs[repo.owner.toLowerCase()] ? repo.owner : undefined);
			return Boolean(org && h.scope === 'organization' && h.target.toLowerCase() === org.toLowerCase());
		});
	}

	/** Sends `event` to the hooks that want it. `build(hook)` returns the payload. */
	function emitWebhook(event, { repo, org, u, sender }, build) {
		if (!autoDeliver) return;
		const base = webhookBase(u);
		for (const h of hooksFor(repo, org, event)) {
			const payload = build(h);
			if (repo) payload.repository = shapes.repository(base, repo, account(repo.owner));
			const orgAccount = state.orgs[(org ?? repo?.owner ?? '').toLowerCase()];
			if (orgAccount) payload.organization = shapes.organizationSimple(base, orgAccount);
			payload.sender = shapes.simpleUser(base, account(sender ?? LOGIN));
			track(sendDelivery(h, event, payload, {}).catch(() => {}));
		}
	}

	function track(promise) {
		pending.add(promise);
		promise.finally(() => pending.delete(promise));
		return promise;
	}

	function signBody(secret, body) {
		return crypto.createHmac('sha256', secret).update(body).digest('hex');
	}

	/** POSTs one delivery like GitHub's Hookshot; resolves {status, body, headers, guid}. */
	function sendDelivery(h, event, payload, opts = {}) {
		const guid = crypto.randomUUID();
		const json = JSON.stringify(payload);
		const bodyText = h.config.content_type === 'form' ? `payload=${encodeURIComponent(json)}` : json;
		const body = Buffer.from(bodyText, 'utf8');
		const delivery = {
			id: ++state.counters.delivery,
			guid,
			event,
			action: payload?.action ?? null,
			delivered_at: git.isoNow(),
			status_code: 0,
			status: 'pending',
			redelivery: false,
			url: h.config.url,
			requestHeaders: undefined,
			requestBody: bodyText,
		};
		h.deliveries.push(delivery);
		if (!isLoopbackUrl(h.config.url)) {
			delivery.status = 'not delivered: the test server only delivers to loopback URLs';
			h.last_response = { code: null, status: 'not_delivered', message: delivery.status };
			return Promise.reject(new Error(`refusing to deliver to ${h.config.url}: not a loopback URL`));
		}
		const headers = {
			'User-Agent': 'GitHub-Hookshot/044aadd',
			Accept: '*/*',
			'Content-Type': h.config.content_type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
			'Content-Length': body.length,
			'X-GitHub-Event': event,
			'X-GitHub-Delivery': guid,
			'X-GitHub-Hook-ID': String(h.id),
			'X-GitHub-Hook-Installation-Target-Type': h.scope,
			'X-GitHub-Hook-Installation-Target-ID': String(h.targetId),
		};
		const signature = opts.signature ?? 'valid';
		const secret = signature === 'wrong' ? `${h.config.secret ?? ''}-wrong` : h.config.secret;
		if (signature !== 'missing' && secret) {
			headers['X-Hub-Signature'] = `sha1=${crypto.createHmac('sha1', secret).update(body).digest('hex')}`;
			headers['X-Hub-Signature-256'] = `sha256=${signBody(secret, body)}`;
		}
		delivery.requestHeaders = headers;
		return new Promise((resolve, reject) => {
			const target = new URL(h.config.url);
			const request = http.request(
				{
					method: 'POST',
					hostname: target.hostname.replace(/^\[|\]$/g, ''),
					port: target.port || 80,
					path: `${target.pathname}${target.search}`,
					headers,
					timeout: opts.timeout ?? 30000,
				},
				(response) => {
					const chunks = [];
					response.on('data', (chunk) => chunks.push(chunk));
					response.on('end', () => {
						const text = Buffer.concat(chunks).toString('utf8');
						delivery.status_code = response.statusCode;
						delivery.status = response.statusCode < 300 ? 'OK' : `Invalid HTTP Response: ${response.statusCode}`;
						h.last_response = { code: response.statusCode, status: response.statusCode < 300 ? 'active' : 'failed', message: delivery.status };
						resolve({ status: response.statusCode, body: text, headers: response.headers, guid });
					});
					response.on('error', reject);
				},
			);
			request.on('timeout', () => request.destroy(new Error('delivery timed out')));
			request.on('error', (error) => {
				delivery.status = `failed: ${error.message}`;
				h.last_response = { code: null, status: 'failed', message: error.message };
				reject(error);
			});
			request.end(body);
		});
	}

	function pingPayload(h, u) {
		const base = webhookBase(u);
		const payload = {
			zen: 'Keep it logically awesome.',
			hook_id: h.id,
			hook: { ...shapes.hook(base, h) },
		};
		if (h.scope === 'repository') {
			const repo = findRepo(...h.target.split('/'));
			if (repo) payload.repository = shapes.repository(base, repo, account(repo.owner));
		} else {
			const org = state.orgs[h.target.toLowerCase()];
			if (org) payload.organization = shapes.organizationSimple(base, org);
		}
		payload.sender = shapes.simpleUser(base, account(h.creator ?? LOGIN));
		return payload;
	}

	// ---------------------------------------------------------------- merge status
	function mergeStatus(repo, issue) {
		const p = issue.pull;
		const headSha = repo.branches.get(p.head.ref) ?? p.head.sha;
		const baseSha = repo.branches.get(p.base.ref) ?? p.base.sha;
		let result = { tree: {}, conflicts: [], ahead: [] };
		if (headSha && baseSha && repo.commits.has(headSha) && repo.commits.has(baseSha)) result = git.merge(repo, baseSha, headSha);
		const common = headSha && baseSha ? git.mergeBase(repo, baseSha, headSha) : undefined;
		const changed = git.changedPaths(common?.tree ?? {}, repo.commits.get(headSha)?.tree ?? {});
		let mergeable = p.mergeable !== undefined ? p.mergeable : result.conflicts.length === 0;
		if (p.merged || issue.state === 'closed') mergeable = p.merged ? null : mergeable;
		return {
			mergeable,
			mergeable_state: p.merged ? 'unknown' : mergeable === false ? 'dirty' : 'clean',
			conflicts: result.conflicts,
			tree: result.tree,
			commits: result.ahead.length,
			additions: changed.length,
			deletions: 0,
			changed_files: changed.length,
			headSha,
			baseSha,
		};
	}

	// ---------------------------------------------------------------- seed
	function seed() {
		addUser(LOGIN, { id: 1, name: 'Octo User', email: 'octo-user@example.com', company: 'Octo Org', location: 'Earth' });
		addUser(OTHER_LOGIN, { id: 2, name: 'Other User', email: 'other-user@example.com' });
		addUser(OUTSIDER_LOGIN, { id: 3, name: 'Outside User', email: 'outside-user@example.com' });
		addOrg(ORG, { id: 100, name: 'Octo Org', description: 'The seeded organization', members: { [LOGIN]: 'admin', [OTHER_LOGIN]: 'member' } });
		addToken(TOKEN, LOGIN);
		addToken(OTHER_TOKEN, OTHER_LOGIN);

		const hello = addRepo(LOGIN, 'hello-world', { id: 1296269, description: 'My first repository', created_at: isoAt(0), language: 'JavaScript', topics: ['octocat', 'example'] });
		const t1 = {};
		t1['README.md'] = git.putBlob(hello, '# hello-world\n\nA seeded repository.\n');
		const c1 = git.makeCommit(hello, { tree: t1, message: 'Initial commit', authorLogin: LOGIN, author: authorOf(LOGIN), date: isoAt(100) });
		const t2 = { ...t1 };
		t2['src/index.js'] = git.putBlob(hello, "console.log('hello world');\n");
		t2['docs/guide.md'] = git.putBlob(hello, '# Guide\n');
		t2['docs/ü ber #1.md'] = git.putBlob(hello, '# Über #1\n\nA file whose path needs encoding.\n');
		const c2 = git.makeCommit(hello, { tree: t2, parents: [c1.sha], message: 'Add sources and docs', authorLogin: LOGIN, author: authorOf(LOGIN), date: isoAt(200) });
		const t3 = { ...t2 };
		t3['README.md'] = git.putBlob(hello, '# hello-world\n\nA seeded repository.\n\nSee docs/.\n');
		const c3 = git.makeCommit(hello, { tree: t3, parents: [c2.sha], message: 'Update README', authorLogin: OTHER_LOGIN, author: authorOf(OTHER_LOGIN), date: isoAt(300) });
		hello.branches.set('main', c3.sha);
		hello.branches.set('develop', c2.sha);
		hello.tags.set('v0.1.0', c2.sha);
		hello.pushed_at = isoAt(300);
		hello.updated_at = isoAt(300);
		hello.collaborators.set(OTHER_LOGIN, 'push');
		hello.stargazers.add(OTHER_LOGIN);
		state.users[OTHER_LOGIN].starred.add(key(LOGIN, 'hello-world'));
		addIssues(LOGIN, 'hello-world', 1, { prefix: 'Found a bug', labels: ['bug'], assignees: [LOGIN], body: 'I am having a problem with this.' });
		addIssues(LOGIN, 'hello-world', 1, { prefix: 'Question', user: OTHER_LOGIN, body: 'How do I @octo-user?' });
		addIssues(LOGIN, 'hello-world', 1, { prefix: 'Old issue', state: 'closed' });
		addPull(LOGIN, 'hello-world', { head: 'feature-a', title: 'Add feature A', file: 'src/feature-a.js', date: isoAt(310), reviewers: [OTHER_LOGIN], reviews: [{ user: OTHER_LOGIN, state: 'COMMENTED', body: 'Looks fine' }] });
		addBranch(LOGIN, 'hello-world', 'conflicting', 'main');
		addFile(LOGIN, 'hello-world', 'README.md', '# conflicting README\n', 'conflicting', { message: 'Rewrite README', date: isoAt(320) });
		addFile(LOGIN, 'hello-world', 'README.md', '# hello-world (main moved on)\n', 'main', { message: 'README on main', date: isoAt(400) });
		addPull(LOGIN, 'hello-world', { head: 'conflicting', title: 'Conflicting change' });
		addWorkflow(LOGIN, 'hello-world', {
			id: 161335,
			name: 'CI',
			path: '.github/workflows/ci.yml',
			inputs: { environment: { required: false, type: 'string' }, debug: { required: false, type: 'boolean' } },
		});
		addWorkflow(LOGIN, 'hello-world', {
			id: 161336,
			name: 'Deploy',
			path: '.github/workflows/deploy.yml',
			inputs: { target: { required: true, type: 'choice', options: ['staging', 'production'] } },
		});
		addWorkflow(LOGIN, 'hello-world', { id: 161337, name: 'Nightly', path: '.github/workflows/nightly.yml', dispatchable: false });
		addWorkflowRuns(LOGIN, 'hello-world', 161335, 2);
		addReleases(LOGIN, 'hello-world', 2);

		const orgRepo = addRepo(ORG, 'org-repo', { id: 1296300, description: 'An organization repository', auto_init: true, created_at: isoAt(500) });
		orgRepo.collaborators.set(OUTSIDER_LOGIN, 'pull');
		addIssues(ORG, 'org-repo', 1, { prefix: 'Org issue' });
		addRepo(LOGIN, 'legacy-name', { id: 1296400, description: 'A repository that was renamed', auto_init: true, created_at: isoAt(600) });
		renameRepo(LOGIN, 'legacy-name', 'renamed-repo');
		addRepo(LOGIN, 'private-repo', { id: 1296500, private: true, auto_init: true, created_at: isoAt(700) });
		addRepo(OTHER_LOGIN, 'other-repo', { id: 1296600, auto_init: true, created_at: isoAt(800) });

		addGist(LOGIN, { id: 'aa5a315d61ae9438b18d', description: 'Hello gist', files: { 'hello.md': '# Hello\n' }, created_at: isoAt(900) });
		addGist(LOGIN, { id: 'bb5a315d61ae9438b18e', description: 'Secret gist', public: false, files: { 'secret.txt': 'psst\n' }, created_at: isoAt(1000) });

		const orgProject = addProject('organization', ORG, {
			id: 'PVT_kwDOAOrgProj01',
			number: 1,
			title: 'Org Roadmap',
			fields: [
				{ id: 'PVTF_lADOAOrgTitle', name: 'Title', dataType: 'TITLE' },
				{
					id: 'PVTSSF_lADOAOrgStatus',
					name: 'Status',
					dataType: 'SINGLE_SELECT',
					options: [
						{ id: 'f75ad846', name: 'Todo' },
						{ id: '47fc9ee4', name: 'In Progress' },
						{ id: '98236657', name: 'Done' },
					],
				},
				{ id: 'PVTF_lADOAOrgEstimate', name: 'Estimate', dataType: 'NUMBER' },
			],
			items: [{ id: 'PVTI_lADOAOrgItem001', type: 'ISSUE', content: { repo: `${ORG}/org-repo`, number: 1 }, values: { PVTSSF_lADOAOrgStatus: 'f75ad846' } }],
		});
		void orgProject;
		addProject('user', LOGIN, {
			id: 'PVT_kwHOAUserProj01',
			number: 1,
			title: 'Personal board',
			fields: [
				{ id: 'PVTF_lAHOAUserTitle', name: 'Title', dataType: 'TITLE' },
				{
					id: 'PVTSSF_lAHOAUserStatus',
					name: 'Status',
					dataType: 'SINGLE_SELECT',
					options: [
						{ id: 'a1b2c3d4', name: 'Todo' },
						{ id: 'b2c3d4e5', name: 'Doing' },
						{ id: 'c3d4e5f6', name: 'Done' },
					],
				},
			],
			items: [{ id: 'PVTI_lAHOAUserItem001', type: 'DRAFT_ISSUE', values: {} }],
		});

		addEvent('PushEvent', LOGIN, hello, { repository_id: hello.id, push_id: 1, ref: 'refs/heads/main', head: c3.sha, before: c2.sha });
		addEvent('WatchEvent', OTHER_LOGIN, hello, { action: 'started' });
		addEvent('IssuesEvent', OTHER_LOGIN, hello, (u) => ({ action: 'opened', issue: shapes.issue(u, hello, hello.issues.get(2), kit) }));
	}

	// ---------------------------------------------------------------- request helpers
	function sendRaw(res, status, headers, body) {
		res.writeHead(status, headers);
		res.end(body);
	}

	function errorBody(status, message, docs, extra = {}) {
		return { message, documentation_url: docs ?? DOCS, status: String(status), ...extra };
	}

	function rateHeaders(resourceName) {
		const r = state.rate[resourceName];
		return {
			'x-ratelimit-limit': String(r.limit),
			'x-ratelimit-remaining': String(Math.max(0, r.remaining)),
			'x-ratelimit-reset': String(r.reset),
			'x-ratelimit-used': String(r.used),
			'x-ratelimit-resource': resourceName,
		};
	}

	function refreshRate(resourceName) {
		const r = state.rate[resourceName];
		if (nowSeconds() >= r.reset) {
			r.remaining = r.limit;
			r.used = 0;
			r.reset = nowSeconds() + r.window;
		}
		return r;
	}

	function authenticate(req) {
		const header = req.headers.authorization;
		if (typeof header !== 'string') return undefined;
		let token;
		const bearer = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(header);
		if (bearer) token = bearer[1];
		const basic = /^basic\s+(\S+)\s*$/i.exec(header);
		if (basic) token = Buffer.from(basic[1], 'base64').toString('utf8').split(':').slice(1).join(':');
		const entry = token !== undefined ? state.tokens[token] : undefined;
		if (!entry) return undefined;
		return { token, login: entry.login, account: account(entry.login), scopes: entry.scopes };
	}

	function acceptable(accept) {
		if (typeof accept !== 'string' || accept.trim() === '') return false;
		return accept.split(',').some((part) => {
			const type = part.split(';')[0].trim().toLowerCase();
			return type === '*/*' || type === 'application/*' || type === 'application/json' || type.startsWith('application/vnd.github');
		});
	}

	function decodePath(rawPath) {
		return rawPath
			.split('/')
			.map((segment) => {
				try {
					return decodeURIComponent(segment);
				} catch {
					return segment;
				}
			})
			.join('/');
	}

	function paginate(ctx, items, opts = {}) {
		let perPage = Number(ctx.query.per_page ?? opts.perPage ?? 30);
		if (!Number.isFinite(perPage) || perPage < 1) perPage = opts.perPage ?? 30;
		perPage = Math.min(perPage, 100);
		let page = Number(ctx.query.page ?? 1);
		if (!Number.isFinite(page) || page < 1) page = 1;
		const total = opts.max !== undefined ? Math.min(items.length, opts.max) : items.length;
		const last = Math.max(1, Math.ceil(total / perPage));
		const link = (n) => {
			const params = new URLSearchParams(ctx.search);
			params.set('page', String(n));
			if (ctx.search.has('per_page')) params.set('per_page', ctx.search.get('per_page'));
			return `<${ctx.origin}${ctx.rawPathFull}?${params.toString()}>`;
		};
		const parts = [];
		if (page > 1) parts.push(`${link(Math.min(page - 1, last))}; rel="prev"`);
		if (page < last) parts.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`);
		if (page > 1) parts.push(`${link(1)}; rel="first"`);
		if (parts.length) ctx.responseHeaders.Link = parts.join(', ');
		const start = (page - 1) * perPage;
		return items.slice(start, Math.min(start + perPage, total));
	}

	function docsOf(op) {
		return op?.raw?.externalDocs?.url ?? DOCS;
	}

	const kit = {
		state,
		options,
		HttpError,
		LOGIN,
		OTHER_LOGIN,
		ORG,
		LEVELS,
		account,
		level,
		atLeast,
		findRepo,
		repoById,
		addLabel,
		addRepo,
		createIssue,
		createRun,
		addGist,
		authorOf,
		nextId,
		addEvent,
		emitWebhook,
		sendDelivery,
		pingPayload,
		track,
		mergeStatus,
		paginate,
		errorBody,
		isLoopbackUrl,
		get autoDeliver() {
			return autoDeliver;
		},
	};
	const routes = createRoutes(kit);
	const graphql = createGraphql(kit);
	const oauth = createOAuth({
		allScopes: ALL_SCOPES,
		addToken,
		login: () => options.oauthLogin ?? LOGIN,
		now: () => Date.now(),
	});

	// ---------------------------------------------------------------- the handler
	async function handle(req, res) {
		const requestId = `${(++requestCounter).toString(16).toUpperCase().padStart(4, '0')}:TEST:${Date.now().toString(16).toUpperCase()}`;
		const rawUrl = req.url ?? '/';
		const queryIndex = rawUrl.indexOf('?');
		const rawPathFull = queryIndex === -1 ? rawUrl : rawUrl.slice(0, queryIndex);
		const search = new URLSearchParams(queryIndex === -1 ? '' : rawUrl.slice(queryIndex + 1));
		const prefix = rawPathFull === '/api/v3' || rawPathFull.startsWith('/api/v3/') ? '/api/v3' : '';
		let rawPath = prefix ? rawPathFull.slice(prefix.length) || '/' : rawPathFull;
		const bodyBuffer = await readBody(req);
		const record = {
			method: req.method,
			path: decodePath(rawPath),
			rawPath: rawPathFull,
			query: Object.fromEntries(search),
			headers: req.headers,
			body: bodyBuffer.length ? bodyBuffer.toString('utf8') : undefined,
			bodyBuffer,
		};
		requests.push(record);

		const fault = faults.find(
			(entry) =>
				entry.times > 0 &&
				(!entry.method || entry.method.toUpperCase() === req.method) &&
				(typeof entry.path === 'string' ? entry.path === record.path : entry.path.test(record.path)),
		);
		if (fault) {
			fault.times--;
			if (fault.drop) {
				req.socket.destroy();
				return;
			}
			const text = fault.body === undefined ? JSON.stringify({ message: 'injected failure' }) : typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
			sendRaw(res, fault.status ?? 500, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...(fault.headers ?? {}) }, text);
			return;
		}

		const origin = `http://${req.headers.host ?? new URL(running.url).host}`;
		const u = { api: `${origin}${prefix}`, web: origin };
		const method = req.method === 'HEAD' ? 'GET' : req.method;
		const baseHeaders = {
			'x-github-request-id': requestId,
			'x-github-media-type': 'github.v3; format=json',
			'x-github-api-version-selected': API_VERSION,
			'access-control-expose-headers': 'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
		};
		const isGraphql = rawPathFull === '/graphql' || rawPathFull === '/api/graphql';
		const resourceName = isGraphql ? 'graphql' : rawPath.startsWith('/search/') ? 'search' : 'core';

		const reply = (status, body, headers = {}, counted = true, who) => {
			const all = { ...baseHeaders, ...headers };
			if (who) {
				all['x-oauth-scopes'] = who.scopes.join(', ');
				all['x-accepted-oauth-scopes'] = all['x-accepted-oauth-scopes'] ?? '';
				const r = refreshRate(resourceName);
				if (counted) {
					r.remaining = Math.max(0, r.remaining - 1);
					r.used++;
				}
				Object.assign(all, rateHeaders(resourceName));
			}
			if (Buffer.isBuffer(body)) {
				all['Content-Length'] = body.length;
				return sendRaw(res, status, all, req.method === 'HEAD' ? undefined : body);
			}
			const text = body === undefined ? '' : JSON.stringify(body);
			if (body !== undefined) all['Content-Type'] = all['Content-Type'] ?? 'application/json; charset=utf-8';
			all['Content-Length'] = Buffer.byteLength(text);
			sendRaw(res, status, all, req.method === 'HEAD' ? undefined : text);
		};

		// The OAuth app web flow lives on the web base (github.com/login/oauth/…), not under /api/v3.
		if (!prefix && oauth.handles(rawPath)) return oauth.handle(req, res, rawPath, search, bodyBuffer);

		// Raw file downloads (download_url of the contents API; raw.githubusercontent.com's role).
		if (!prefix && method === 'GET' && rawPath.startsWith('/raw/')) {
			const parts = rawPath.split('/').slice(2).map((s) => decodePath(s));
			const [owner, name, ref, ...rest] = parts;
			const repo = owner && name ? findRepo(owner, name) : undefined;
			const who = authenticate(req);
			if (!repo || level(repo, who?.login) === null) return reply(404, Buffer.from('404: Not Found'), { 'Content-Type': 'text/plain; charset=utf-8' }, false);
			const sha = git.resolveRef(repo, ref);
			const blob = sha ? repo.commits.get(sha).tree[rest.join('/')] : undefined;
			if (!blob) return reply(404, Buffer.from('404: Not Found'), { 'Content-Type': 'text/plain; charset=utf-8' }, false);
			return reply(200, repo.blobs.get(blob), { 'Content-Type': 'text/plain; charset=utf-8' }, false);
		}

		if (!req.headers['user-agent']) {
			return reply(403, {
				message: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes.',
			});
		}
		const who = authenticate(req);
		if (!who) {
			return reply(401, errorBody(401, 'Bad credentials', 'https://docs.github.com/rest'));
		}
		const isRateLimitCall = !isGraphql && rawPath === '/rate_limit' && method === 'GET';
		const rate = refreshRate(resourceName);
		if (!isRateLimitCall && rate.remaining <= 0) {
			return reply(
				rate.status,
				{ message: `API rate limit exceeded for user ID ${who.account.id}.`, documentation_url: RATE_DOCS, status: String(rate.status) },
				{},
				false,
				who,
			);
		}
		if (!isRateLimitCall && state.secondary.times > 0) {
			state.secondary.times--;
			return reply(
				state.secondary.status,
				{ message: `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${requestId}.`, documentation_url: 'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits', status: String(state.secondary.status) },
				{ 'retry-after': String(state.secondary.retryAfter) },
				false,
				who,
			);
		}
		const version = req.headers['x-github-api-version'];
		if (version !== undefined && version !== API_VERSION) {
			return reply(400, errorBody(400, `Unsupported 'X-GitHub-Api-Version' header: ${version}. Supported versions are ${API_VERSION}.`, 'https://docs.github.com/rest/overview/api-versions'), {}, true, who);
		}
		const accept = req.headers.accept;
		if (!acceptable(accept)) {
			return reply(
				415,
				errorBody(415, `Unsupported Accept header: ${accept === undefined ? '(none)' : JSON.stringify(accept)}. Accept application/vnd.github+json, application/json or */*. Please provide a value for the response_body field.`, 'https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#media-types'),
				{},
				true,
				who,
			);
		}

		if (isGraphql) {
			if (method !== 'POST') return reply(404, errorBody(404, 'Not Found', 'https://docs.github.com/graphql'), {}, true, who);
			let payload;
			try {
				payload = JSON.parse(bodyBuffer.toString('utf8'));
			} catch {
				return reply(400, errorBody(400, 'Problems parsing JSON', 'https://docs.github.com/graphql'), {}, true, who);
			}
			const result = graphql.execute(payload, who, u);
			return reply(result.status ?? 200, result.body, {}, true, who);
		}

		// /repositories/{id}/… (where renamed-repository redirects point) → /repos/{owner}/{name}/…
		const byId = /^\/repositories\/(\d+)(\/.*)?$/.exec(rawPath);
		if (byId) {
			const repo = repoById(byId[1]);
			if (!repo || level(repo, who.login) === null) return reply(404, errorBody(404, 'Not Found'), {}, true, who);
			rawPath = `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}${byId[2] ?? ''}`;
		}

		let match = openapi.matchPath(rawPath);
		if (!match && /^\/repos\/[^/]+\/[^/]+\/contents\/.+\/$/.test(rawPath)) {
			// GitHub answers contents/dir/ like contents/dir.
			match = openapi.matchPath(rawPath.replace(/\/+$/, ''));
		}
		const rootContents = /^\/repos\/([^/]+)\/([^/]+)\/contents\/?$/.exec(rawPath);
		if (!match && rootContents) {
			match = {
				template: '/repos/{owner}/{repo}/contents/{path}',
				params: { owner: decodePath(rootContents[1]), repo: decodePath(rootContents[2]), path: '' },
			};
		}
		const op = match ? openapi.operation(match.template, method.toLowerCase()) : undefined;
		if (!op) return reply(404, errorBody(404, 'Not Found'), {}, true, who);
		const docs = docsOf(op);

		// Renamed repositories answer with a redirect to /repositories/{id}/… like GitHub.
		if (match.template.startsWith('/repos/{owner}/{repo}') && match.params.owner && match.params.repo) {
			const movedId = state.renamed[key(match.params.owner, match.params.repo)];
			if (movedId !== undefined && !findRepo(match.params.owner, match.params.repo)) {
				const rest = rawPath.split('/').slice(4).join('/');
				const location = `${u.api}/repositories/${movedId}${rest ? `/${rest}` : ''}${queryIndex === -1 ? '' : rawUrl.slice(queryIndex)}`;
				const status = method === 'GET' ? 301 : 307;
				return reply(status, { message: 'Moved Permanently', url: location, documentation_url: 'https://docs.github.com/v3/#http-redirects' }, { Location: location }, true, who);
			}
		}
		if (match.params.path !== '' && !openapi.validatePathParams(op, match.params)) {
			return reply(404, errorBody(404, 'Not Found', docs), {}, true, who);
		}
		const checked = openapi.validateQuery(op, search);
		if (checked.error) return reply(422, errorBody(422, checked.error, docs), {}, true, who);

		let body;
		if (method !== 'GET' && openapi.jsonBodyMediaType(op)) {
			const text = bodyBuffer.toString('utf8');
			if (text.trim() !== '') {
				try {
					body = JSON.parse(text);
				} catch {
					return reply(400, errorBody(400, 'Problems parsing JSON', docs), {}, true, who);
				}
			}
			if (body !== undefined || op.requestBody?.required) {
				const problem = openapi.validateBody(op, body === undefined ? {} : body);
				if (problem) return reply(422, errorBody(422, problem, docs), {}, true, who);
			}
		}

		const handler = routes[`${method} ${match.template}`];
		if (!handler) return reply(501, errorBody(501, 'not implemented by the test server', docs), {}, true, who);

		const ctx = {
			req,
			method,
			template: match.template,
			params: match.params,
			query: checked.query,
			search,
			body,
			bodyBuffer,
			who,
			u,
			op,
			docs,
			accept: accept ?? '',
			origin,
			rawPathFull,
			responseHeaders: {},
			notFound: () => new HttpError(404, errorBody(404, 'Not Found', docs)),
			fail: (status, message, extra) => new HttpError(status, errorBody(status, message, docs, extra)),
			validationFailed: (errors, message = 'Validation Failed') => new HttpError(422, errorBody(422, message, docs, { errors })),
		};
		let result;
		try {
			result = await handler(ctx);
		} catch (error) {
			if (error instanceof HttpError) return reply(error.status, error.body, error.headers, true, who);
			throw error;
		}
		const headers = { ...ctx.responseHeaders, ...(result.headers ?? {}) };
		if (result.raw !== undefined) {
			return reply(result.status ?? 200, result.raw, headers, true, who);
		}
		const status = result.status ?? 200;
		if (options.validateResponses && result.body !== undefined) checkResponse(match.template, method, status, result.body);
		if (method === 'GET' && status === 200 && result.body !== undefined) {
			const etag = `W/"${crypto.createHash('sha256').update(JSON.stringify(result.body)).digest('hex').slice(0, 40)}"`;
			headers.ETag = etag;
			headers['Cache-Control'] = 'private, max-age=60, s-maxage=60';
			headers.Vary = 'Accept, Authorization, Cookie, X-GitHub-OTP';
			const ifNoneMatch = req.headers['if-none-match'];
			if (ifNoneMatch && ifNoneMatch.split(',').map((tag) => tag.trim()).some((tag) => tag === etag || tag === etag.slice(2) || tag === '*')) {
				return reply(304, undefined, headers, false, who);
			}
		}
		return reply(status, result.body, headers, true, who);
	}

	function checkResponse(template, method, status, body) {
		const validate = openapi.responseValidator(template, method.toLowerCase(), status);
		if (!validate) return;
		if (template.endsWith('/events') && Array.isArray(body)) {
			// The description's payload oneOf cannot pass (PublicEvent's payload schema is any
			// object), so each payload is checked against the schema of its own type instead.
			const problems = [];
			body.forEach((entry, index) => {
				if (!validate([{ ...entry, payload: {} }])) problems.push(...validate.errors.map((e) => `/${index}${e.instancePath.replace(/^\/0/, '')} ${e.message}`));
				const name = entry.type.replace(/Event$/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase() + '-event';
				const byType = openapi.schemaValidator(name);
				if (byType && !byType(entry.payload)) problems.push(...byType.errors.map((e) => `/${index}/payload${e.instancePath} ${e.message}`));
			});
			if (problems.length) responseProblems.push({ template, method, status, errors: problems.slice(0, 10) });
			return;
		}
		if (!validate(body)) {
			responseProblems.push({
				template,
				method,
				status,
				errors: validate.errors.slice(0, 10).map((e) => `${e.instancePath} ${e.message}`),
			});
		}
	}

	seed();

	const srv = {
		state,
		requests,
		/** Completed OAuth code exchanges: {login, scopes, token, at}. */
		oauthGrants: oauth.grants,
		responseProblems,
		get hooks() {
			return Object.values(state.hooks);
		},
		get url() {
			return running?.url;
		},
		async start(port = options.port ?? 0) {
			openapi.load();
			running = await listen(handle, port);
			return { url: running.url };
		},
		async stop() {
			await srv.settle(2000);
			if (running) await running.close();
			running = undefined;
		},
		/** Forgets the requests recorded so far. */
		resetRequests() {
			requests.length = 0;
		},
		/** Makes the next matching request(s) fail: {method, path (string|RegExp), status, body, headers, times, drop}. */
		failNext(fault) {
			faults.push({ times: 1, ...fault });
		},
		/** Primary rate limit: {remaining, reset (epoch s), limit, used, status (403|429), resource ('core'|'search'|'graphql'; default all)}. */
		setRateLimit(limit) {
			const names = limit.resource ? [limit.resource] : ['core', 'search', 'graphql'];
			for (const name of names) {
				const r = state.rate[name];
				if (limit.limit !== undefined) r.limit = limit.limit;
				if (limit.remaining !== undefined) r.remaining = limit.remaining;
				if (limit.reset !== undefined) r.reset = limit.reset;
				r.used = limit.used ?? Math.max(0, r.limit - r.remaining);
				if (limit.status !== undefined) r.status = limit.status;
			}
		},
		/** Secondary rate limit for the next `times` requests: {retryAfter (s), times (1), status (403|429)}. */
		setSecondaryRateLimit(limit) {
			state.secondary = { retryAfter: limit.retryAfter ?? 60, times: limit.times ?? 1, status: limit.status ?? 403 };
		},
		setAutoDeliver(value) {
			autoDeliver = Boolean(value);
		},
		/** Waits for pending automatic deliveries (pings, events). */
		async settle(timeoutMs = 10000) {
			const deadline = Date.now() + timeoutMs;
			while (pending.size && Date.now() < deadline) {
				let timer;
				await Promise.race([
					Promise.allSettled([...pending]),
					new Promise((resolve) => {
						timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
					}),
				]);
				clearTimeout(timer);
			}
		},
		/**
		 * Delivers `event` with `payload` (default: a ping payload for 'ping', else the first example
		 * of @octokit/webhooks-examples for the event, or for opts.action) to the hook's config.url.
		 * opts.signature: 'valid' (default) | 'missing' | 'wrong'. Resolves {status, body, headers, guid}.
		 */
		async deliver(hookId, event, payload, opts = {}) {
			const h = state.hooks[hookId];
			if (!h) throw new Error(`deliver: unknown hook ${hookId}`);
			const body = payload ?? (event === 'ping' ? pingPayload(h) : srv.examplePayload(event, opts.action));
			return sendDelivery(h, event, body, opts);
		},
		/** A real example payload of @octokit/webhooks-examples (a deep copy), optionally for `action`. */
		examplePayload(event, action) {
			const examples = require('@octokit/webhooks-examples');
			const entry = examples.find((e) => e.name === event);
			if (!entry) throw new Error(`no example payloads for ${event}`);
			const found = entry.examples.find((example) => action === undefined || example.action === action);
			if (!found) throw new Error(`no example payload for ${event}.${action}`);
			return JSON.parse(JSON.stringify(found));
		},
		addUser,
		addOrg,
		addToken,
		addRepo,
		addFile,
		addBranch,
		addIssues,
		addPull,
		addWorkflow,
		addWorkflowRuns,
		setRunStatus,
		addGist,
		addReleases,
		addCollaborator,
		acceptInvitations,
		renameRepo,
		addProject,
		/**
		 * Adds an entry to the events feeds: type ('ForkEvent', 'ReleaseEvent', 'CreateEvent', …),
		 * actor login, repository, payload (object, or function of {api, web} → object).
		 */
		addEvent(type, actor, owner, name, payload = {}) {
			addEvent(type, actor, mustRepo(owner, name), payload);
			return state.events[state.events.length - 1];
		},
		/** The repository record of owner/name (or undefined). */
		repo: findRepo,
		/** The content (Buffer) of `path` at `ref` (default branch), or undefined. */
		fileContent(owner, name, path, ref) {
			const repo = findRepo(owner, name);
			const sha = repo ? git.resolveRef(repo, ref) : undefined;
			const blob = sha ? repo.commits.get(sha).tree[path] : undefined;
			return blob ? repo.blobs.get(blob) : undefined;
		},
	};
	return srv;
}

module.exports = {
	createCodeHostingServer,
	TOKEN,
	OTHER_TOKEN,
	LOGIN,
	OTHER_LOGIN,
	OUTSIDER_LOGIN,
	ORG,
	API_VERSION,
	ALL_SCOPES,
	OAUTH_CLIENT_ID,
	OAUTH_CLIENT_SECRET,
	blobSha: git.blobSha,
};
