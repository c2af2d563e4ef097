'use strict';
/**
 * The code-hosting test server's state, accounts and repositories (see server.js for the rest).
 *
 * State (`srv.state`; names are case-insensitive keys in lower case):
 *   users:   { [login]: {id, login, node_id, type:'User', name, email, company, location, bio,
 *              created_at, updated_at, starred:Set<'owner/repo'>} }
 *   orgs:    { [login]: {id, login, node_id, type:'Organization', name, description, created_at,
 *              updated_at, members: {[login]: 'admin'|'member'}, default_permission:'pull',
 *              invitations: [{id, node_id, login, email, role, created_at, inviter, teams: [slug]}],
 *              teams: Map<slug, Team>, saml?: {identities: [{nameId, emails: [string], login|null}]}
 *              (no `saml`: the organization has no SAML identity provider)} }
 *   Team = {id, node_id, name, slug, description, privacy:'closed'|'secret', created_at,
 *     members: Map<login, 'member'|'maintainer'>, pending: Map<login, 'member'|'maintainer'>
 *     (invited to the organization through the team), repos: Map<'owner/name', level>}
 *   (a user's two-factor state: users[login].twoFactor = 'enabled'|'disabled'|'insecure')
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
 *   contentLimit: {perMinute, perHour, writes: {[accountId]: ms[]}} (content-creating requests)
 */
const git = require('./git');
const shapes = require('./shapes');
const { LOGIN, ALL_SCOPES, LEVELS, isoAt } = require('./constants');
const { orgHelpers } = require('./store-orgs');

/**
 * The store: {state, nowSeconds, nextId, key, account, addUser, addOrg, addToken, addRepo,
 * addLabel, authorOf, findRepo, mustRepo, level, atLeast, addFile, addBranch, addCollaborator,
 * acceptInvitations, renameRepo, repoById, addTeam, setTwoFactor,
 * acceptOrgInvitation}. Other modules (webhooks.js, items.js) add to it.
 */
function createStore(options = {}) {
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
		// the platform's secondary limit for content-creating requests (POST, PATCH, PUT, DELETE of
		// the REST API), per account: 80 a minute and 500 an hour (REST docs, "About secondary rate
		// limits"); `writes` holds each account's request times (ms) of the last hour
		contentLimit: { perMinute: 80, perHour: 500, writes: {} },
		counters: { id: 1000000, event: 30000000000, delivery: 0 },
	};

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
			// two-factor authentication: 'enabled', 'disabled' or 'insecure' (an SMS code)
			twoFactor: opts.twoFactor ?? 'enabled',
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
			// pending invitations (resources/orgs.js) and teams (resources/teams.js)
			invitations: [],
			teams: new Map(),
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
	 * A fine-grained personal access token (github_pat_…) of `login` with these permissions
	 * ({repository_hooks: 'write', contents: 'read', …}, the same names as a GitHub App's): it has
	 * no scopes, a call its permissions do not cover is answered 403 "Resource not accessible by
	 * personal access token" with X-Accepted-GitHub-Permissions, and no X-OAuth-Scopes header.
	 */
	function addFineGrainedToken(token, login, permissions = {}) {
		state.tokens[token] = { login, scopes: [], fineGrained: { permissions: { metadata: 'read', ...permissions } } };
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

	/**
	 * The role ('admin' | 'member') of `login` in `org`, whatever the case of either, or undefined.
	 * `org.members` is a plain object tests may change: the exact key first, then a lower-case
	 * index rebuilt whenever the number of members changes (an organization of 5,000 people is
	 * not scanned for every permission check).
	 */
	function memberRole(org, login) {
		const exact = org.members[login];
		if (exact !== undefined) return exact;
		const keys = Object.keys(org.members);
		let index = memberIndexes.get(org);
		if (!index || index.size !== keys.length) {
			index = new Map(keys.map((member) => [member.toLowerCase(), member]));
			memberIndexes.set(org, index);
		}
		const key = index.get(String(login).toLowerCase());
		return key === undefined ? undefined : org.members[key];
	}
	const memberIndexes = new WeakMap();

	/** The permission level of `login` on `repo`: 'admin' … 'pull', or null (no access). */
	function level(repo, login) {
		if (!login) return repo.private ? null : 'pull';
		const lower = String(login).toLowerCase();
		if (repo.owner.toLowerCase() === lower) return 'admin';
		// a GitHub App's bot: where one of its installations reaches (apps.js)
		if (state.app && lower === state.app.botLogin.toLowerCase()) return store.botLevel ? store.botLevel(repo) : null;
		let best = -1;
		const org = state.orgs[repo.owner.toLowerCase()];
		if (org) {
			const role = memberRole(org, lower);
			if (role === 'admin') return 'admin';
			if (role) best = Math.max(best, LEVELS.indexOf(org.default_permission));
			// the teams the user is an active member of, with their access to this repository
			for (const team of org.teams.values()) {
				const granted = team.members.has(lower) ? team.repos.get(key(repo.owner, repo.name)) : undefined;
				if (granted) best = Math.max(best, LEVELS.indexOf(granted));
			}
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


	const { addTeam, setTwoFactor, acceptOrgInvitation } = orgHelpers({ state, nextId, key });

	const store = {
		state,
		nowSeconds,
		nextId,
		key,
		account,
		addUser,
		addOrg,
		addToken,
		addFineGrainedToken,
		addRepo,
		addLabel,
		authorOf,
		findRepo,
		mustRepo,
		level,
		atLeast,
		addFile,
		addBranch,
		addCollaborator,
		acceptInvitations,
		renameRepo,
		repoById,
		addTeam,
		setTwoFactor,
		acceptOrgInvitation,
	};
	return store;
}

module.exports = { createStore };
