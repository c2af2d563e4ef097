'use strict';
/**
 * Handlers of the operations the code-hosting test server implements, keyed by
 * `METHOD /openapi/template`. Each gets a ctx ({method, params, query (validated), body (validated),
 * who, u, accept, responseHeaders, notFound(), fail(), validationFailed()}) and returns
 * {status, body} | {status, raw, headers}; errors are thrown as HttpError.
 */
const git = require('./git');
const shapes = require('./shapes');

const HOOK_EVENTS = new Set([
	'*', 'branch_protection_configuration', 'branch_protection_rule', 'check_run', 'check_suite', 'code_scanning_alert',
	'commit_comment', 'create', 'custom_property', 'custom_property_values', 'delete', 'dependabot_alert',
	'deploy_key', 'deployment', 'deployment_protection_rule', 'deployment_review', 'deployment_status',
	'discussion', 'discussion_comment', 'fork', 'github_app_authorization', 'gollum', 'installation',
	'installation_repositories', 'installation_target', 'issue_comment', 'issue_dependencies', 'issues', 'label',
	'marketplace_purchase', 'member', 'membership', 'merge_group', 'meta', 'milestone', 'org_block',
	'organization', 'package', 'page_build', 'personal_access_token_request', 'ping', 'project', 'project_card',
	'project_column', 'projects_v2', 'projects_v2_item', 'projects_v2_status_update', 'public', 'pull_request',
	'pull_request_review', 'pull_request_review_comment', 'pull_request_review_thread', 'push', 'registry_package',
	'release', 'repository', 'repository_advisory', 'repository_dispatch', 'repository_import',
	'repository_ruleset', 'repository_vulnerability_alert', 'secret_scanning_alert',
	'secret_scanning_alert_location', 'secret_scanning_scan', 'security_advisory', 'security_and_analysis',
	'sponsorship', 'star', 'status', 'sub_issues', 'team', 'team_add', 'watch', 'workflow_dispatch', 'workflow_job',
	'workflow_run',
]);

function createRoutes(kit) {
	const { state, HttpError, LEVELS } = kit;

	// ------------------------------------------------------------ common lookups
	function repoFor(ctx, needed = 'pull', names = ctx.params) {
		const repo = kit.findRepo(names.owner, names.repo);
		if (!repo) throw ctx.notFound();
		const current = kit.level(repo, ctx.who.login);
		if (current === null) throw ctx.notFound();
		if (LEVELS.indexOf(current) < LEVELS.indexOf(needed)) {
			if (needed === 'admin') throw ctx.fail(403, 'Must have admin rights to Repository.');
			throw ctx.fail(403, 'Resource not accessible by personal access token');
		}
		return repo;
	}

	function needScope(ctx, ...scopes) {
		if (!scopes.some((scope) => ctx.who.scopes.includes(scope))) {
			ctx.responseHeaders['x-accepted-oauth-scopes'] = scopes.join(', ');
			throw ctx.notFound();
		}
	}

	function repoJson(ctx, repo) {
		const level = kit.level(repo, ctx.who.login);
		return shapes.repository(ctx.u, repo, kit.account(repo.owner), { permissions: shapes.permissionsObject(level) });
	}

	function issueFor(ctx, repo, number) {
		const issue = repo.issues.get(Number(number));
		if (!issue) throw ctx.notFound();
		return issue;
	}

	function pullFor(ctx, repo, number) {
		const issue = repo.issues.get(Number(number));
		if (!issue || !issue.pull) throw ctx.notFound();
		return issue;
	}

	function sortBy(items, field, direction) {
		const sorted = [...items].sort((a, b) => {
			const x = a[field];
			const y = b[field];
			if (typeof x === 'string' && typeof y === 'string') return x.localeCompare(y, 'en', { sensitivity: 'base' });
			return x < y ? -1 : x > y ? 1 : 0;
		});
		return direction === 'desc' ? sorted.reverse() : sorted;
	}

	function sinceFilter(items, since, field = 'updated_at') {
		if (!since) return items;
		const limit = Date.parse(since);
		return items.filter((item) => Date.parse(item[field]) >= limit);
	}

	const kitForShapes = { account: kit.account, level: kit.level, mergeStatus: kit.mergeStatus };

	// ------------------------------------------------------------ users and repositories
	function counts(login) {
		const owned = Object.values(state.repos).filter((r) => r.owner.toLowerCase() === login.toLowerCase());
		const gists = Object.values(state.gists).filter((g) => g.owner.toLowerCase() === login.toLowerCase());
		return {
			public_repos: owned.filter((r) => !r.private).length,
			total_private_repos: owned.filter((r) => r.private).length,
			owned_private_repos: owned.filter((r) => r.private).length,
			public_gists: gists.filter((g) => g.public).length,
			private_gists: gists.filter((g) => !g.public).length,
			collaborators: 0,
		};
	}

	function listRepos(ctx, repos, defaultSort = 'full_name') {
		const sort = ctx.query.sort ?? defaultSort;
		const field = { created: 'created_at', updated: 'updated_at', pushed: 'pushed_at', full_name: 'fullName' }[sort] ?? 'fullName';
		const direction = ctx.query.direction ?? (sort === 'full_name' ? 'asc' : 'desc');
		const decorated = repos.map((repo) => ({ repo, fullName: `${repo.owner}/${repo.name}`, created_at: repo.created_at, updated_at: repo.updated_at, pushed_at: repo.pushed_at }));
		const page = kit.paginate(ctx, sortBy(decorated, field, direction));
		return { body: page.map((entry) => repoJson(ctx, entry.repo)) };
	}

	function sanitizeRepoName(name) {
		const cleaned = String(name).replace(/[^A-Za-z0-9._-]+/g, '-');
		return cleaned === '.' || cleaned === '..' || cleaned === '' ? '-' : cleaned;
	}

	function createRepo(ctx, ownerAccount) {
		const body = ctx.body;
		const name = sanitizeRepoName(body.name);
		if (kit.findRepo(ownerAccount.login, name)) {
			throw ctx.validationFailed([{ resource: 'Repository', code: 'custom', field: 'name', message: 'name already exists on this account' }], 'Repository creation failed.');
		}
		const isPrivate = body.visibility ? body.visibility !== 'public' : Boolean(body.private);
		const repo = kit.addRepo(ownerAccount.login, name, {
			private: isPrivate,
			description: body.description,
			homepage: body.homepage,
			has_issues: body.has_issues,
			has_projects: body.has_projects,
			has_wiki: body.has_wiki,
			has_discussions: body.has_discussions,
			is_template: body.is_template,
			auto_init: Boolean(body.auto_init || body.gitignore_template || body.license_template),
		});
		kit.addEvent('CreateEvent', ctx.who.login, repo, { ref: repo.default_branch, full_ref: `refs/heads/${repo.default_branch}`, ref_type: 'repository', master_branch: repo.default_branch, description: repo.description, pusher_type: 'user' });
		if (ownerAccount.type === 'Organization') {
			kit.emitWebhook('repository', { org: ownerAccount.login, u: ctx.u, sender: ctx.who.login }, () => ({
				action: 'created',
				repository: shapes.repository(ctx.u, repo, ownerAccount),
			}));
		}
		return { status: 201, body: repoJson(ctx, repo), headers: { Location: `${ctx.u.api}/repos/${ownerAccount.login}/${repo.name}` } };
	}

	const routes = {};

	routes['GET /user'] = (ctx) => ({ body: shapes.privateUser(ctx.u, ctx.who.account, counts(ctx.who.login)) });

	routes['GET /user/repos'] = (ctx) => {
		const { visibility = 'all', type } = ctx.query;
		if (type && (ctx.query.visibility || ctx.query.affiliation)) {
			throw ctx.fail(422, 'If you specify visibility or affiliation, you cannot specify type.');
		}
		const affiliation = new Set(String(ctx.query.affiliation ?? 'owner,collaborator,organization_member').split(',').map((s) => s.trim()));
		const me = ctx.who.login.toLowerCase();
		let repos = Object.values(state.repos).filter((repo) => {
			const isOwner = repo.owner.toLowerCase() === me;
			const isCollaborator = repo.collaborators.has(me);
			const org = state.orgs[repo.owner.toLowerCase()];
			const isMember = Boolean(org && Object.keys(org.members).some((m) => m.toLowerCase() === me));
			if (type === 'owner') return isOwner;
			if (type === 'member') return isCollaborator || isMember;
			return (affiliation.has('owner') && isOwner) || (affiliation.has('collaborator') && isCollaborator) || (affiliation.has('organization_member') && isMember);
		});
		if (type === 'public' || visibility === 'public') repos = repos.filter((repo) => !repo.private);
		if (type === 'private' || visibility === 'private') repos = repos.filter((repo) => repo.private);
		if (ctx.query.since) repos = repos.filter((repo) => Date.parse(repo.updated_at) >= Date.parse(ctx.query.since));
		if (ctx.query.before) repos = repos.filter((repo) => Date.parse(repo.updated_at) < Date.parse(ctx.query.before));
		return listRepos(ctx, repos);
	};

	routes['GET /users/{username}/repos'] = (ctx) => {
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		const type = ctx.query.type ?? 'owner';
		const login = user.login.toLowerCase();
		const repos = Object.values(state.repos).filter((repo) => {
			if (kit.level(repo, ctx.who.login) === null) return false;
			if (repo.private && ctx.who.login.toLowerCase() !== login) return false;
			const isOwner = repo.owner.toLowerCase() === login;
			const isMember = repo.collaborators.has(login);
			if (type === 'member') return isMember;
			if (type === 'all') return isOwner || isMember;
			return isOwner;
		});
		return listRepos(ctx, repos);
	};

	routes['GET /orgs/{org}/repos'] = (ctx) => {
		const org = state.orgs[ctx.params.org.toLowerCase()];
		if (!org) throw ctx.notFound();
		const type = ctx.query.type ?? 'all';
		let repos = Object.values(state.repos).filter((repo) => repo.owner.toLowerCase() === org.login.toLowerCase() && kit.level(repo, ctx.who.login) !== null);
		if (type === 'public') repos = repos.filter((repo) => !repo.private);
		if (type === 'private') repos = repos.filter((repo) => repo.private);
		if (type === 'forks') repos = [];
		return listRepos(ctx, repos, 'created');
	};

	routes['GET /user/orgs'] = (ctx) => {
		const me = ctx.who.login.toLowerCase();
		const orgs = Object.values(state.orgs).filter((org) => Object.keys(org.members).some((m) => m.toLowerCase() === me));
		return { body: kit.paginate(ctx, orgs).map((org) => shapes.organizationSimple(ctx.u, org)) };
	};

	routes['POST /user/repos'] = (ctx) => createRepo(ctx, ctx.who.account);

	routes['POST /orgs/{org}/repos'] = (ctx) => {
		const org = state.orgs[ctx.params.org.toLowerCase()];
		if (!org) throw ctx.notFound();
		const role = Object.entries(org.members).find(([m]) => m.toLowerCase() === ctx.who.login.toLowerCase())?.[1];
		if (!role) throw ctx.notFound();
		if (role !== 'admin' && !org.members_can_create_repositories) throw ctx.fail(403, 'You need admin access to the organization before adding a repository to it.');
		return createRepo(ctx, org);
	};

	routes['GET /repos/{owner}/{repo}'] = (ctx) => ({ body: repoJson(ctx, repoFor(ctx)) });

	routes['PUT /user/starred/{owner}/{repo}'] = (ctx) => {
		const repo = repoFor(ctx);
		const me = ctx.who.login.toLowerCase();
		if (!repo.stargazers.has(me)) {
			repo.stargazers.add(me);
			ctx.who.account.starred.add(`${repo.owner}/${repo.name}`.toLowerCase());
			kit.addEvent('WatchEvent', ctx.who.login, repo, { action: 'started' });
			const starredAt = git.isoNow();
			kit.emitWebhook('star', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'created', starred_at: starredAt }));
			kit.emitWebhook('watch', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'started' }));
		}
		return { status: 204 };
	};

	routes['GET /user/starred/{owner}/{repo}'] = (ctx) => {
		const repo = kit.findRepo(ctx.params.owner, ctx.params.repo);
		if (!repo || kit.level(repo, ctx.who.login) === null || !repo.stargazers.has(ctx.who.login.toLowerCase())) throw ctx.notFound();
		return { status: 204 };
	};

	routes['DELETE /user/starred/{owner}/{repo}'] = (ctx) => {
		const repo = repoFor(ctx);
		repo.stargazers.delete(ctx.who.login.toLowerCase());
		ctx.who.account.starred.delete(`${repo.owner}/${repo.name}`.toLowerCase());
		return { status: 204 };
	};

	// ------------------------------------------------------------ contents
	const RAW = /application\/vnd\.github(?:\.v3)?\.raw(?:\+json)?(?:\s*[;,]|\s*$)/i;
	const OBJECT = /application\/vnd\.github(?:\.v3)?\.object(?:\+json)?/i;

	function commitAt(ctx, repo, ref) {
		if (repo.branches.size === 0) throw ctx.fail(404, 'This repository is empty.');
		const sha = git.resolveRef(repo, ref);
		if (!sha) throw ctx.fail(404, `No commit found for the ref ${ref}`);
		return repo.commits.get(sha);
	}

	routes['GET /repos/{owner}/{repo}/contents/{path}'] = (ctx) => {
		const repo = repoFor(ctx);
		const ref = ctx.query.ref;
		const commit = commitAt(ctx, repo, ref);
		const refName = ref ?? repo.default_branch;
		const path = ctx.params.path.replace(/^\/+|\/+$/g, '');
		const blobSha = commit.tree[path];
		if (blobSha !== undefined) {
			const content = repo.blobs.get(blobSha);
			if (RAW.test(ctx.accept)) {
				return { status: 200, raw: content, headers: { 'Content-Type': 'application/vnd.github.raw', ETag: `"${blobSha}"`, 'x-github-media-type': 'github.raw' } };
			}
			return { body: shapes.contentEntry(ctx.u, repo, refName, { type: 'file', path, sha: blobSha, size: content.length }, content) };
		}
		const entries = shapes.directoryEntries(repo, commit.tree, path);
		if (entries.length === 0) throw ctx.notFound();
		const listing = entries.map((entry) => shapes.contentEntry(ctx.u, repo, refName, entry));
		if (OBJECT.test(ctx.accept)) {
			const dir = shapes.contentEntry(ctx.u, repo, refName, { type: 'dir', path, sha: git.treeSha(commit.tree, path), size: 0 });
			return { body: { ...dir, entries: listing } };
		}
		return { body: listing };
	};

	function base64Content(ctx, text) {
		const compact = String(text).replace(/[\r\n]/g, '');
		if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
			throw ctx.fail(422, 'content is not valid Base64');
		}
		return Buffer.from(compact, 'base64');
	}

	function personFromBody(ctx, person, fallbackLogin) {
		if (person) return { name: person.name, email: person.email, ...(person.date ? { date: person.date } : {}) };
		return kit.authorOf(fallbackLogin);
	}

	function pushEvent(ctx, repo, branch, before, commits) {
		const head = commits[commits.length - 1];
		kit.addEvent('PushEvent', ctx.who.login, repo, {
			repository_id: repo.id,
			push_id: kit.nextId(),
			ref: `refs/heads/${branch}`,
			head: head.sha,
			before: before ?? '0000000000000000000000000000000000000000',
		});
		kit.emitWebhook('push', { repo, u: ctx.u, sender: ctx.who.login }, () => {
			const pushCommit = (c) => {
				const parent = c.parents[0] ? repo.commits.get(c.parents[0]).tree : {};
				const changed = git.changedPaths(parent, c.tree);
				return {
					id: c.sha,
					tree_id: c.treeSha,
					distinct: true,
					message: c.message,
					timestamp: c.committer.date,
					url: `${ctx.u.web}/${repo.owner}/${repo.name}/commit/${c.sha}`,
					author: { name: c.author.name, email: c.author.email, username: c.authorLogin },
					committer: { name: c.committer.name, email: c.committer.email, username: c.committerLogin },
					added: changed.filter((p) => parent[p] === undefined),
					removed: changed.filter((p) => c.tree[p] === undefined),
					modified: changed.filter((p) => parent[p] !== undefined && c.tree[p] !== undefined),
				};
			};
			const account = kit.account(ctx.who.login);
			return {
				ref: `refs/heads/${branch}`,
				before: before ?? '0000000000000000000000000000000000000000',
				after: head.sha,
				created: !before,
				deleted: false,
				forced: false,
				base_ref: null,
				compare: `${ctx.u.web}/${repo.owner}/${repo.name}/compare/${(before ?? '').slice(0, 12)}...${head.sha.slice(0, 12)}`,
				commits: commits.map(pushCommit),
				head_commit: pushCommit(head),
				pusher: { name: account.login, email: account.email },
			};
		});
	}

	routes['PUT /repos/{owner}/{repo}/contents/{path}'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const path = ctx.params.path;
		if (!path || path.startsWith('/') || path.endsWith('/') || path.split('/').some((s) => s === '' || s === '.' || s === '..')) {
			throw ctx.fail(422, 'path contains a malformed path component');
		}
		const content = base64Content(ctx, ctx.body.content ?? '');
		const branch = ctx.body.branch ?? repo.default_branch;
		const parentSha = repo.branches.get(branch);
		if (!parentSha && (repo.branches.size > 0 || ctx.body.branch)) throw ctx.fail(404, `Branch ${branch} not found`);
		const tree = parentSha ? { ...repo.commits.get(parentSha).tree } : {};
		const existing = tree[path];
		if (Object.keys(tree).some((p) => p.startsWith(`${path}/`))) throw ctx.fail(422, `path ${path} is a directory`);
		if (existing !== undefined) {
			if (!ctx.body.sha) throw ctx.fail(422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
			if (ctx.body.sha !== existing) throw ctx.fail(409, `${path} does not match ${ctx.body.sha}`);
		}
		tree[path] = git.putBlob(repo, content);
		const author = personFromBody(ctx, ctx.body.author ?? ctx.body.committer, ctx.who.login);
		const committer = personFromBody(ctx, ctx.body.committer ?? ctx.body.author, ctx.who.login);
		const commit = git.makeCommit(repo, {
			tree,
			parents: parentSha ? [parentSha] : [],
			message: ctx.body.message,
			author,
			committer,
			authorLogin: ctx.who.login,
		});
		repo.branches.set(branch, commit.sha);
		repo.pushed_at = git.isoNow();
		repo.updated_at = repo.pushed_at;
		pushEvent(ctx, repo, branch, parentSha, [commit]);
		const entry = shapes.contentEntry(ctx.u, repo, branch, { type: 'file', path, sha: tree[path], size: content.length });
		return { status: existing === undefined ? 201 : 200, body: { content: entry, commit: shapes.gitCommit(ctx.u, repo, commit) } };
	};

	routes['DELETE /repos/{owner}/{repo}/contents/{path}'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const path = ctx.params.path;
		const branch = ctx.body.branch ?? repo.default_branch;
		const parentSha = repo.branches.get(branch);
		if (!parentSha) throw ctx.fail(404, `Branch ${branch} not found`);
		const tree = { ...repo.commits.get(parentSha).tree };
		if (tree[path] === undefined) throw ctx.notFound();
		if (ctx.body.sha !== tree[path]) throw ctx.fail(409, `${path} does not match ${ctx.body.sha}`);
		delete tree[path];
		const commit = git.makeCommit(repo, {
			tree,
			parents: [parentSha],
			message: ctx.body.message,
			author: personFromBody(ctx, ctx.body.author ?? ctx.body.committer, ctx.who.login),
			committer: personFromBody(ctx, ctx.body.committer ?? ctx.body.author, ctx.who.login),
			authorLogin: ctx.who.login,
		});
		repo.branches.set(branch, commit.sha);
		repo.pushed_at = git.isoNow();
		pushEvent(ctx, repo, branch, parentSha, [commit]);
		return { status: 200, body: { content: null, commit: shapes.gitCommit(ctx.u, repo, commit) } };
	};

	// ------------------------------------------------------------ branches and refs
	function branchCommitJson(ctx, repo, sha) {
		const c = repo.commits.get(sha);
		return shapes.commit(ctx.u, repo, c, { author: kit.account(c.authorLogin), committer: kit.account(c.committerLogin) });
	}

	routes['GET /repos/{owner}/{repo}/branches'] = (ctx) => {
		const repo = repoFor(ctx);
		let names = [...repo.branches.keys()].sort();
		if (ctx.query.protected === true) names = [];
		const page = kit.paginate(ctx, names);
		return {
			body: page.map((name) => ({
				name,
				commit: { sha: repo.branches.get(name), url: `${ctx.u.api}/repos/${repo.owner}/${repo.name}/commits/${repo.branches.get(name)}` },
				protected: false,
			})),
		};
	};

	routes['GET /repos/{owner}/{repo}/branches/{branch}'] = (ctx) => {
		const repo = repoFor(ctx);
		const name = ctx.params.branch;
		const sha = repo.branches.get(name);
		if (!sha) throw ctx.fail(404, 'Branch not found');
		const api = `${ctx.u.api}/repos/${repo.owner}/${repo.name}`;
		const encoded = shapes.encodePath(name);
		return {
			body: {
				name,
				commit: branchCommitJson(ctx, repo, sha),
				_links: { html: `${ctx.u.web}/${repo.owner}/${repo.name}/tree/${encoded}`, self: `${api}/branches/${encoded}` },
				protected: false,
				protection: { enabled: false, required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } },
				protection_url: `${api}/branches/${encoded}/protection`,
			},
		};
	};

	function refJson(ctx, repo, fullRef, sha) {
		const api = `${ctx.u.api}/repos/${repo.owner}/${repo.name}`;
		return {
			ref: fullRef,
			node_id: shapes.nodeId('Ref', `${repo.id}:${fullRef}`),
			url: `${api}/git/${shapes.encodePath(fullRef)}`,
			object: { type: 'commit', sha, url: `${api}/git/commits/${sha}` },
		};
	}

	routes['POST /repos/{owner}/{repo}/git/refs'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const { ref, sha } = ctx.body;
		if (!ref.startsWith('refs/') || ref.split('/').length < 3) {
			throw ctx.fail(422, "Reference name is invalid: ref must start with 'refs/' and have at least two slashes.");
		}
		const match = /^refs\/(heads|tags)\/(.+)$/.exec(ref);
		if (!match || /\.\.|[\s~^:?*[\\]|\/$|\.lock$|^\/|\/\/|@\{/.test(match[2])) throw ctx.fail(422, 'Reference name is invalid');
		if (!/^[0-9a-f]{40}$/.test(sha) || !repo.commits.has(sha)) throw ctx.fail(422, 'Object does not exist');
		const map = match[1] === 'heads' ? repo.branches : repo.tags;
		if (map.has(match[2])) throw ctx.fail(422, 'Reference already exists');
		map.set(match[2], sha);
		kit.addEvent('CreateEvent', ctx.who.login, repo, { ref: match[2], full_ref: ref, ref_type: match[1] === 'heads' ? 'branch' : 'tag', master_branch: repo.default_branch, description: repo.description, pusher_type: 'user' });
		kit.emitWebhook('create', { repo, u: ctx.u, sender: ctx.who.login }, () => ({
			ref: match[2],
			ref_type: match[1] === 'heads' ? 'branch' : 'tag',
			master_branch: repo.default_branch,
			description: repo.description,
			pusher_type: 'user',
		}));
		const body = refJson(ctx, repo, ref, sha);
		return { status: 201, body, headers: { Location: body.url } };
	};

	routes['GET /repos/{owner}/{repo}/git/ref/{ref}'] = (ctx) => {
		const repo = repoFor(ctx);
		const match = /^(heads|tags)\/(.+)$/.exec(ctx.params.ref);
		const sha = match ? (match[1] === 'heads' ? repo.branches : repo.tags).get(match[2]) : undefined;
		if (!sha) throw ctx.notFound();
		return { body: refJson(ctx, repo, `refs/${ctx.params.ref}`, sha) };
	};

	// ------------------------------------------------------------ commits
	function fileChanges(repo, c) {
		const parent = c.parents[0] ? repo.commits.get(c.parents[0]).tree : {};
		const lines = (sha) => (sha ? repo.blobs.get(sha).toString('utf8').split('\n').filter(Boolean).length : 0);
		return git.changedPaths(parent, c.tree).map((filename) => {
			const before = parent[filename];
			const after = c.tree[filename];
			return {
				filename,
				sha: after ?? before,
				status: before === undefined ? 'added' : after === undefined ? 'removed' : 'modified',
				additions: after ? lines(after) : 0,
				deletions: before ? lines(before) : 0,
			};
		});
	}

	routes['GET /repos/{owner}/{repo}/commits'] = (ctx) => {
		const repo = repoFor(ctx);
		if (repo.branches.size === 0) throw ctx.fail(409, 'Git Repository is empty.');
		const start = git.resolveRef(repo, ctx.query.sha);
		if (!start) throw ctx.fail(404, `No commit found for SHA: ${ctx.query.sha}`);
		let commits = git.history(repo, start);
		if (ctx.query.path) {
			const path = String(ctx.query.path).replace(/^\/+|\/+$/g, '');
			commits = commits.filter((c) => fileChanges(repo, c).some((f) => f.filename === path || f.filename.startsWith(`${path}/`)));
		}
		const matchesPerson = (login, person, value) => {
			const needle = String(value).toLowerCase();
			return (login && login.toLowerCase() === needle) || person.email.toLowerCase() === needle;
		};
		if (ctx.query.author) commits = commits.filter((c) => matchesPerson(c.authorLogin, c.author, ctx.query.author));
		if (ctx.query.committer) commits = commits.filter((c) => matchesPerson(c.committerLogin, c.committer, ctx.query.committer));
		if (ctx.query.since) commits = commits.filter((c) => Date.parse(c.committer.date) >= Date.parse(ctx.query.since));
		if (ctx.query.until) commits = commits.filter((c) => Date.parse(c.committer.date) <= Date.parse(ctx.query.until));
		const page = kit.paginate(ctx, commits);
		return { body: page.map((c) => shapes.commit(ctx.u, repo, c, { author: kit.account(c.authorLogin), committer: kit.account(c.committerLogin) })) };
	};

	routes['GET /repos/{owner}/{repo}/commits/{ref}'] = (ctx) => {
		const repo = repoFor(ctx);
		const sha = git.resolveRef(repo, ctx.params.ref);
		if (!sha) throw ctx.fail(422, `No commit found for SHA: ${ctx.params.ref}`);
		const c = repo.commits.get(sha);
		return { body: shapes.commit(ctx.u, repo, c, { author: kit.account(c.authorLogin), committer: kit.account(c.committerLogin) }, fileChanges(repo, c)) };
	};

	// ------------------------------------------------------------ issues
	function issueJson(ctx, repo, issue) {
		return shapes.issue(ctx.u, repo, issue, kitForShapes);
	}

	function assignable(repo, login) {
		return Boolean(kit.account(login)) && kit.account(login).type === 'User' && kit.atLeast(repo, login, 'push');
	}

	function checkAssignees(ctx, repo, logins) {
		const invalid = logins.filter((login) => !assignable(repo, login));
		if (invalid.length) {
			throw ctx.validationFailed(invalid.map((value) => ({ value, resource: 'Issue', field: 'assignees', code: 'invalid' })));
		}
		return logins.map((login) => kit.account(login).login);
	}

	function labelNames(repo, labels) {
		return (labels ?? []).map((entry) => kit.addLabel(repo, typeof entry === 'string' ? entry : entry.name).name);
	}

	function issueWebhook(ctx, repo, issue, action, extra = {}) {
		const event = issue.pull ? 'pull_request' : 'issues';
		kit.emitWebhook(event, { repo, u: ctx.u, sender: ctx.who.login }, () =>
			issue.pull
				? { action, number: issue.number, pull_request: shapes.pullRequest(ctx.u, repo, issue, kitForShapes, true), ...extra }
				: { action, issue: issueJson(ctx, repo, issue), ...extra },
		);
		if (action === 'opened' || action === 'closed' || action === 'reopened') {
			kit.addEvent(issue.pull ? 'PullRequestEvent' : 'IssuesEvent', ctx.who.login, repo, (u) =>
				issue.pull
					? { action, number: issue.number, pull_request: shapes.pullRequest(u, repo, issue, kitForShapes, false) }
					: { action, issue: shapes.issue(u, repo, issue, kitForShapes) },
			);
		}
	}

	function filterIssues(ctx, repo, items) {
		const q = ctx.query;
		const state_ = q.state ?? 'open';
		let list = items.filter((issue) => state_ === 'all' || issue.state === state_);
		if (q.assignee === 'none') list = list.filter((issue) => issue.assignees.length === 0);
		else if (q.assignee === '*') list = list.filter((issue) => issue.assignees.length > 0);
		else if (q.assignee) list = list.filter((issue) => issue.assignees.some((a) => a.toLowerCase() === String(q.assignee).toLowerCase()));
		if (q.creator) list = list.filter((issue) => issue.user.toLowerCase() === String(q.creator).toLowerCase());
		if (q.mentioned) list = list.filter((issue) => (issue.body ?? '').toLowerCase().includes(`@${String(q.mentioned).toLowerCase()}`));
		if (q.labels) {
			const wanted = String(q.labels).split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
			list = list.filter((issue) => wanted.every((w) => issue.labels.some((l) => l.toLowerCase() === w)));
		}
		list = sinceFilter(list, q.since);
		const sort = q.sort ?? 'created';
		const direction = q.direction ?? 'desc';
		const decorated = list.map((issue) => ({
			issue,
			created_at: issue.created_at + String(issue.number).padStart(8, '0'),
			updated_at: issue.updated_at + String(issue.number).padStart(8, '0'),
			comments: [...repo.comments.values()].filter((c) => c.issueNumber === issue.number).length * 1e8 + issue.number,
		}));
		return sortBy(decorated, sort === 'comments' ? 'comments' : sort === 'updated' ? 'updated_at' : 'created_at', direction).map((d) => d.issue);
	}

	routes['GET /repos/{owner}/{repo}/issues'] = (ctx) => {
		const repo = repoFor(ctx);
		if (!repo.has_issues) throw ctx.fail(410, 'Issues are disabled for this repo');
		const list = filterIssues(ctx, repo, [...repo.issues.values()]);
		return { body: kit.paginate(ctx, list).map((issue) => issueJson(ctx, repo, issue)) };
	};

	routes['POST /repos/{owner}/{repo}/issues'] = (ctx) => {
		const repo = repoFor(ctx);
		if (!repo.has_issues) throw ctx.fail(410, 'Issues are disabled for this repo');
		const canPush = kit.atLeast(repo, ctx.who.login, 'triage');
		const assignees = [...(ctx.body.assignees ?? []), ...(ctx.body.assignee ? [ctx.body.assignee] : [])];
		const issue = kit.createIssue(repo, {
			title: ctx.body.title,
			body: ctx.body.body,
			user: ctx.who.login,
			assignees: canPush ? checkAssignees(ctx, repo, [...new Set(assignees)]) : [],
			labels: canPush ? labelNames(repo, ctx.body.labels) : [],
		});
		issueWebhook(ctx, repo, issue, 'opened');
		const body = issueJson(ctx, repo, issue);
		return { status: 201, body, headers: { Location: body.url } };
	};

	routes['GET /repos/{owner}/{repo}/issues/{issue_number}'] = (ctx) => {
		const repo = repoFor(ctx);
		return { body: issueJson(ctx, repo, issueFor(ctx, repo, ctx.params.issue_number)) };
	};

	routes['PATCH /repos/{owner}/{repo}/issues/{issue_number}'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = issueFor(ctx, repo, ctx.params.issue_number);
		const isAuthor = issue.user.toLowerCase() === ctx.who.login.toLowerCase();
		const canTriage = kit.atLeast(repo, ctx.who.login, 'triage');
		if (!isAuthor && !canTriage) throw ctx.fail(403, 'Resource not accessible by personal access token');
		const b = ctx.body ?? {};
		const actions = [];
		if (b.title !== undefined && b.title !== null && String(b.title) !== issue.title) {
			issue.title = String(b.title);
			actions.push('edited');
		}
		if (b.body !== undefined && b.body !== issue.body) {
			issue.body = b.body;
			if (!actions.includes('edited')) actions.push('edited');
		}
		if (canTriage && b.assignees !== undefined) {
			issue.assignees = checkAssignees(ctx, repo, [...new Set(b.assignees)]);
			actions.push('assigned');
		} else if (canTriage && b.assignee !== undefined) {
			issue.assignees = b.assignee === null ? [] : checkAssignees(ctx, repo, [b.assignee]);
			actions.push('assigned');
		}
		if (canTriage && b.labels !== undefined) {
			issue.labels = labelNames(repo, b.labels);
			actions.push('labeled');
		}
		if (b.state !== undefined && b.state !== issue.state) {
			issue.state = b.state;
			if (b.state === 'closed') {
				issue.closed_at = git.isoNow();
				issue.closed_by = ctx.who.login;
				issue.state_reason = b.state_reason ?? 'completed';
				actions.push('closed');
			} else {
				issue.closed_at = null;
				issue.closed_by = null;
				issue.state_reason = 'reopened';
				actions.push('reopened');
			}
		} else if (b.state_reason !== undefined && issue.state === 'closed') {
			issue.state_reason = b.state_reason;
		}
		issue.updated_at = git.isoNow();
		for (const action of actions) issueWebhook(ctx, repo, issue, action);
		return { body: issueJson(ctx, repo, issue) };
	};

	routes['POST /repos/{owner}/{repo}/issues/{issue_number}/comments'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = issueFor(ctx, repo, ctx.params.issue_number);
		if (issue.locked && !kit.atLeast(repo, ctx.who.login, 'push')) throw ctx.fail(403, 'Unable to create comment because issue is locked.');
		const id = kit.nextId();
		const now = git.isoNow();
		const comment = { id, node_id: shapes.nodeId('IssueComment', id), issueNumber: issue.number, body: ctx.body.body, user: ctx.who.login, created_at: now, updated_at: now };
		repo.comments.set(id, comment);
		issue.updated_at = now;
		const body = shapes.issueComment(ctx.u, repo, comment, kitForShapes);
		kit.addEvent('IssueCommentEvent', ctx.who.login, repo, (u) => ({ action: 'created', issue: shapes.issue(u, repo, issue, kitForShapes), comment: shapes.issueComment(u, repo, comment, kitForShapes) }));
		kit.emitWebhook('issue_comment', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'created', issue: issueJson(ctx, repo, issue), comment: body }));
		return { status: 201, body, headers: { Location: body.url } };
	};

	routes['GET /repos/{owner}/{repo}/assignees'] = (ctx) => {
		const repo = repoFor(ctx);
		const candidates = new Set();
		for (const user of Object.values(state.users)) if (assignable(repo, user.login)) candidates.add(user.login);
		const list = [...candidates].sort((a, b) => a.localeCompare(b));
		return { body: kit.paginate(ctx, list).map((login) => shapes.simpleUser(ctx.u, kit.account(login))) };
	};

	// ------------------------------------------------------------ search
	function tokenize(q) {
		const tokens = [];
		const re = /(-?)([a-z-]+:)?("([^"]*)"|\S+)/gi;
		let m;
		while ((m = re.exec(q))) {
			const negated = m[1] === '-';
			const qualifier = m[2] ? m[2].slice(0, -1).toLowerCase() : undefined;
			let value = m[4] !== undefined ? m[4] : m[3];
			if (qualifier && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
			tokens.push({ negated, qualifier, value });
		}
		return tokens;
	}

	routes['GET /search/issues'] = (ctx) => {
		const q = String(ctx.query.q ?? '');
		if (q.trim() === '') throw ctx.validationFailed([{ resource: 'Search', field: 'q', code: 'missing' }]);
		if (q.length > 256) throw ctx.validationFailed([{ message: 'The search is longer than 256 characters.', resource: 'Search', field: 'q', code: 'invalid' }]);
		const tokens = tokenize(q);
		const candidates = [];
		for (const repo of Object.values(state.repos)) {
			if (kit.level(repo, ctx.who.login) === null) continue;
			for (const issue of repo.issues.values()) candidates.push({ repo, issue });
		}
		const known = new Set(['repo', 'user', 'org', 'owner', 'is', 'type', 'state', 'author', 'assignee', 'label', 'in', 'no', 'mentions', 'involves', 'created', 'updated']);
		const test = ({ repo, issue }, token) => {
			const v = token.value.toLowerCase();
			switch (token.qualifier) {
				case 'repo':
					return `${repo.owner}/${repo.name}`.toLowerCase() === v;
				case 'user':
				case 'org':
				case 'owner':
					return repo.owner.toLowerCase() === v;
				case 'is':
				case 'type':
					if (v === 'issue') return !issue.pull;
					if (v === 'pr' || v === 'pull-request') return Boolean(issue.pull);
					if (v === 'open' || v === 'closed') return issue.state === v;
					if (v === 'merged') return Boolean(issue.pull?.merged);
					if (v === 'unmerged') return Boolean(issue.pull) && !issue.pull.merged;
					if (v === 'draft') return Boolean(issue.pull?.draft);
					if (v === 'public') return !repo.private;
					if (v === 'private') return repo.private;
					return true;
				case 'state':
					return issue.state === v;
				case 'author':
					return issue.user.toLowerCase() === v;
				case 'assignee':
					return issue.assignees.some((a) => a.toLowerCase() === v);
				case 'label':
					return issue.labels.some((l) => l.toLowerCase() === v);
				case 'no':
					if (v === 'assignee') return issue.assignees.length === 0;
					if (v === 'label') return issue.labels.length === 0;
					return true;
				case 'mentions':
					return (issue.body ?? '').toLowerCase().includes(`@${v}`);
				case 'involves':
					return issue.user.toLowerCase() === v || issue.assignees.some((a) => a.toLowerCase() === v) || (issue.body ?? '').toLowerCase().includes(`@${v}`);
				case 'in':
					return true;
				case 'created':
				case 'updated': {
					const m = /^(>=|<=|>|<)?(\d{4}-\d{2}-\d{2}(?:T[\d:]+Z?)?)$/.exec(token.value);
					if (!m) return true;
					const at = Date.parse(issue[`${token.qualifier}_at`]);
					const limit = Date.parse(m[2]);
					return m[1] === '>' ? at > limit : m[1] === '>=' ? at >= limit : m[1] === '<' ? at < limit : m[1] === '<=' ? at <= limit : at >= limit && at < limit + 86400000;
				}
				default: {
					const text = token.qualifier && !known.has(token.qualifier) ? `${token.qualifier}:${token.value}` : token.value;
					return `${issue.title}\n${issue.body ?? ''}`.toLowerCase().includes(text.toLowerCase());
				}
			}
		};
		let results = candidates.filter((candidate) => tokens.every((token) => (token.negated ? !test(candidate, token) : test(candidate, token))));
		const sort = ctx.query.sort;
		const order = ctx.query.order ?? 'desc';
		if (sort === 'created' || sort === 'updated') {
			results = sortBy(results.map((r) => ({ ...r, at: r.issue[`${sort}_at`] + String(r.issue.id).padStart(12, '0') })), 'at', order);
		} else if (sort === 'comments') {
			results = sortBy(results.map((r) => ({ ...r, n: [...r.repo.comments.values()].filter((c) => c.issueNumber === r.issue.number).length })), 'n', order);
		} else {
			results = results.sort((a, b) => b.issue.id - a.issue.id);
		}
		const perPage = Math.min(Number(ctx.query.per_page ?? 30), 100);
		const page = Number(ctx.query.page ?? 1);
		if ((page - 1) * perPage >= 1000) throw ctx.fail(422, 'Only the first 1000 search results are available');
		const items = kit.paginate(ctx, results, { max: 1000 });
		return {
			body: {
				total_count: results.length,
				incomplete_results: false,
				search_type: 'lexical',
				items: items.map(({ repo, issue }) => {
					const item = issueJson(ctx, repo, issue);
					return { ...item, body: item.body ?? '', score: 1 };
				}),
			},
		};
	};

	/** GET /search/repositories: user:, org:, owner:, repo:, is:public|private, fork:, plain words in the name/description. */
	routes['GET /search/repositories'] = (ctx) => {
		const q = String(ctx.query.q ?? '');
		if (q.trim() === '') throw ctx.validationFailed([{ resource: 'Search', field: 'q', code: 'missing' }]);
		const tokens = tokenize(q);
		const test = (repo, token) => {
			const v = token.value.toLowerCase();
			switch (token.qualifier) {
				case 'user':
				case 'org':
				case 'owner':
					return repo.owner.toLowerCase() === v;
				case 'repo':
					return `${repo.owner}/${repo.name}`.toLowerCase() === v;
				case 'is':
					return v === 'public' ? !repo.private : v === 'private' ? repo.private : true;
				case 'in':
				case 'fork':
				case 'archived':
					return true;
				case 'topic':
					return repo.topics.includes(v);
				default:
					return `${repo.name}\n${repo.description ?? ''}`.toLowerCase().includes(v);
			}
		};
		let results = Object.values(state.repos).filter(
			(repo) => kit.level(repo, ctx.who.login) !== null && tokens.every((token) => (token.negated ? !test(repo, token) : test(repo, token))),
		);
		const order = ctx.query.order ?? 'desc';
		if (ctx.query.sort === 'updated') results = sortBy(results, 'updated_at', order);
		else if (ctx.query.sort === 'stars') results = sortBy(results.map((r) => Object.assign(Object.create(r), { stars: r.stargazers.size })), 'stars', order);
		else results = sortBy(results.map((r) => Object.assign(Object.create(r), { fullName: `${r.owner}/${r.name}` })), 'fullName', 'asc');
		const items = kit.paginate(ctx, results, { max: 1000 });
		return { body: { total_count: results.length, incomplete_results: false, items: items.map((repo) => ({ ...repoJson(ctx, repo), score: 1 })) } };
	};

	/** GET /search/users: plain words in the login or name, type:user|org. */
	routes['GET /search/users'] = (ctx) => {
		const q = String(ctx.query.q ?? '');
		if (q.trim() === '') throw ctx.validationFailed([{ resource: 'Search', field: 'q', code: 'missing' }]);
		const tokens = tokenize(q);
		const accounts = [...Object.values(state.users), ...Object.values(state.orgs)].filter((account) =>
			tokens.every((token) => {
				const v = token.value.toLowerCase();
				if (token.qualifier === 'type') return v === 'org' ? account.type === 'Organization' : account.type === 'User';
				if (token.qualifier === 'in') return true;
				return `${account.login}\n${account.name ?? ''}`.toLowerCase().includes(v);
			}),
		);
		accounts.sort((a, b) => a.login.localeCompare(b.login));
		const items = kit.paginate(ctx, accounts, { max: 1000 });
		return { body: { total_count: accounts.length, incomplete_results: false, items: items.map((account) => ({ ...shapes.simpleUser(ctx.u, account), score: 1 })) } };
	};

	// ------------------------------------------------------------ pull requests
	function pullJson(ctx, repo, issue, full = true) {
		return shapes.pullRequest(ctx.u, repo, issue, kitForShapes, full);
	}

	function headRef(ctx, repo, head) {
		const m = /^(?:([^:]+):)?(.+)$/.exec(head);
		if (m[1] && m[1].toLowerCase() !== repo.owner.toLowerCase()) return undefined;
		return m[2];
	}

	routes['GET /repos/{owner}/{repo}/pulls'] = (ctx) => {
		const repo = repoFor(ctx);
		const q = ctx.query;
		const wantedState = q.state ?? 'open';
		let list = [...repo.issues.values()].filter((issue) => issue.pull && (wantedState === 'all' || issue.state === wantedState));
		if (q.head) {
			const ref = headRef(ctx, repo, q.head);
			list = list.filter((issue) => issue.pull.head.ref === ref);
		}
		if (q.base) list = list.filter((issue) => issue.pull.base.ref === q.base);
		const sort = q.sort ?? 'created';
		const direction = q.direction ?? (sort === 'created' || sort === 'updated' || sort === 'popularity' ? 'desc' : 'asc');
		const decorated = list.map((issue) => ({ issue, key: (sort === 'updated' ? issue.updated_at : issue.created_at) + String(issue.number).padStart(8, '0') }));
		const sorted = sortBy(decorated, 'key', sort === 'long-running' ? 'asc' : direction).map((d) => d.issue);
		return { body: kit.paginate(ctx, sorted).map((issue) => pullJson(ctx, repo, issue, false)) };
	};

	routes['POST /repos/{owner}/{repo}/pulls'] = (ctx) => {
		const repo = repoFor(ctx);
		const b = ctx.body;
		if (!b.title && b.issue === undefined) throw ctx.fail(422, 'Invalid request.\n\n"title" wasn\'t supplied.');
		const head = headRef(ctx, repo, b.head);
		const errors = [];
		if (!head || !repo.branches.has(head)) errors.push({ resource: 'PullRequest', field: 'head', code: 'invalid' });
		if (!repo.branches.has(b.base)) errors.push({ resource: 'PullRequest', field: 'base', code: 'invalid' });
		if (errors.length) throw ctx.validationFailed(errors);
		const headSha = repo.branches.get(head);
		const baseSha = repo.branches.get(b.base);
		const ahead = git.history(repo, headSha).filter((c) => !git.ancestors(repo, baseSha).has(c.sha));
		if (head === b.base || ahead.length === 0) {
			throw ctx.validationFailed([{ resource: 'PullRequest', code: 'custom', message: `No commits between ${b.base} and ${head}` }]);
		}
		const duplicate = [...repo.issues.values()].find((issue) => issue.pull && issue.state === 'open' && issue.pull.head.ref === head && issue.pull.base.ref === b.base);
		if (duplicate) throw ctx.validationFailed([{ resource: 'PullRequest', code: 'custom', message: `A pull request already exists for ${repo.owner}:${head}.` }]);
		let issue;
		if (b.issue !== undefined) {
			issue = repo.issues.get(Number(b.issue));
			if (!issue || issue.pull) throw ctx.validationFailed([{ resource: 'PullRequest', field: 'issue', code: 'invalid' }]);
		} else {
			issue = kit.createIssue(repo, { title: b.title, body: b.body, user: ctx.who.login });
		}
		const id = kit.nextId();
		issue.pull = {
			id,
			node_id: shapes.nodeId('PullRequest', id),
			head: { ref: head, sha: headSha },
			base: { ref: b.base, sha: baseSha },
			draft: Boolean(b.draft),
			merged: false,
			merged_at: null,
			merged_by: null,
			merge_commit_sha: null,
			mergeable: undefined,
			maintainer_can_modify: b.maintainer_can_modify ?? true,
			requested_reviewers: [],
			reviews: [],
		};
		issueWebhook(ctx, repo, issue, 'opened');
		const body = pullJson(ctx, repo, issue);
		return { status: 201, body, headers: { Location: body.url } };
	};

	routes['GET /repos/{owner}/{repo}/pulls/{pull_number}'] = (ctx) => {
		const repo = repoFor(ctx);
		return { body: pullJson(ctx, repo, pullFor(ctx, repo, ctx.params.pull_number)) };
	};

	routes['PATCH /repos/{owner}/{repo}/pulls/{pull_number}'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		const isAuthor = issue.user.toLowerCase() === ctx.who.login.toLowerCase();
		if (!isAuthor && !kit.atLeast(repo, ctx.who.login, 'triage')) throw ctx.fail(403, 'Resource not accessible by personal access token');
		const b = ctx.body ?? {};
		const actions = [];
		if (b.title !== undefined && b.title !== issue.title) {
			issue.title = b.title;
			actions.push('edited');
		}
		if (b.body !== undefined && b.body !== issue.body) {
			issue.body = b.body;
			if (!actions.includes('edited')) actions.push('edited');
		}
		if (b.base !== undefined && b.base !== issue.pull.base.ref) {
			if (!repo.branches.has(b.base)) throw ctx.validationFailed([{ resource: 'PullRequest', field: 'base', code: 'invalid' }]);
			issue.pull.base = { ref: b.base, sha: repo.branches.get(b.base) };
			if (!actions.includes('edited')) actions.push('edited');
		}
		if (b.maintainer_can_modify !== undefined) issue.pull.maintainer_can_modify = b.maintainer_can_modify;
		if (b.state !== undefined && b.state !== issue.state) {
			if (issue.pull.merged) throw ctx.validationFailed([{ resource: 'PullRequest', code: 'custom', field: 'state', message: 'state cannot be changed. The pull request has been merged.' }]);
			issue.state = b.state;
			issue.closed_at = b.state === 'closed' ? git.isoNow() : null;
			issue.closed_by = b.state === 'closed' ? ctx.who.login : null;
			actions.push(b.state === 'closed' ? 'closed' : 'reopened');
		}
		issue.updated_at = git.isoNow();
		for (const action of actions) issueWebhook(ctx, repo, issue, action);
		return { body: pullJson(ctx, repo, issue) };
	};

	routes['PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		const b = ctx.body ?? {};
		if (issue.pull.merged || issue.state !== 'open') throw ctx.fail(405, 'Pull Request is not mergeable');
		const status = kit.mergeStatus(repo, issue);
		if (status.mergeable === false) throw ctx.fail(405, 'Pull Request is not mergeable');
		if (issue.pull.draft) throw ctx.fail(405, 'Pull Request is still a draft');
		if (b.sha && b.sha !== status.headSha) throw ctx.fail(409, 'Head branch was modified. Review and try the merge again.');
		const method = b.merge_method ?? 'merge';
		const title = b.commit_title ?? (method === 'merge' ? `Merge pull request #${issue.number} from ${repo.owner}/${issue.pull.head.ref}` : `${issue.title} (#${issue.number})`);
		const message = b.commit_message ? `${title}\n\n${b.commit_message}` : title;
		const merged = git.makeCommit(repo, {
			tree: status.tree,
			parents: method === 'merge' ? [status.baseSha, status.headSha] : [status.baseSha],
			message,
			author: kit.authorOf(ctx.who.login),
			authorLogin: ctx.who.login,
		});
		repo.branches.set(issue.pull.base.ref, merged.sha);
		issue.pull.merged = true;
		issue.pull.merged_at = git.isoNow();
		issue.pull.merged_by = ctx.who.login;
		issue.pull.merge_commit_sha = merged.sha;
		issue.pull.head.sha = status.headSha;
		issue.state = 'closed';
		issue.closed_at = issue.pull.merged_at;
		issue.closed_by = ctx.who.login;
		issue.updated_at = issue.pull.merged_at;
		pushEvent(ctx, repo, issue.pull.base.ref, status.baseSha, [merged]);
		issueWebhook(ctx, repo, issue, 'closed');
		return { body: { sha: merged.sha, merged: true, message: 'Pull Request successfully merged' } };
	};

	routes['GET /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		return { body: { users: issue.pull.requested_reviewers.map((login) => shapes.simpleUser(ctx.u, kit.account(login))), teams: [] } };
	};

	routes['GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		return { body: kit.paginate(ctx, issue.pull.reviews).map((r) => shapes.review(ctx.u, repo, issue, r, kitForShapes)) };
	};

	// ------------------------------------------------------------ actions
	function workflowFor(ctx, repo) {
		const id = ctx.params.workflow_id;
		const w = /^\d+$/.test(id)
			? repo.workflows.get(Number(id))
			: [...repo.workflows.values()].find((entry) => entry.path.split('/').pop() === id || entry.path === id);
		if (!w) throw ctx.notFound();
		return w;
	}

	routes['GET /repos/{owner}/{repo}/actions/workflows'] = (ctx) => {
		const repo = repoFor(ctx);
		const list = [...repo.workflows.values()].sort((a, b) => a.id - b.id);
		return { body: { total_count: list.length, workflows: kit.paginate(ctx, list).map((w) => shapes.workflow(ctx.u, repo, w)) } };
	};

	routes['GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}'] = (ctx) => {
		const repo = repoFor(ctx);
		return { body: shapes.workflow(ctx.u, repo, workflowFor(ctx, repo)) };
	};

	routes['POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const w = workflowFor(ctx, repo);
		if (!w.dispatchable) throw ctx.fail(422, "Workflow does not have 'workflow_dispatch' trigger");
		if (w.state !== 'active') throw ctx.fail(422, "Cannot trigger a 'workflow_dispatch' on a disabled workflow");
		const ref = String(ctx.body.ref).replace(/^refs\/(heads|tags)\//, '');
		if (!repo.branches.has(ref) && !repo.tags.has(ref)) throw ctx.fail(422, `No ref found for: ${ctx.body.ref}`);
		const inputs = ctx.body.inputs ?? {};
		const unexpected = Object.keys(inputs).filter((name) => !(name in w.inputs));
		if (unexpected.length) throw ctx.fail(422, `Unexpected inputs provided: ${JSON.stringify(unexpected)}`);
		for (const [name, def] of Object.entries(w.inputs)) {
			const value = inputs[name];
			if (def.required && (value === undefined || value === '')) throw ctx.fail(422, `Required input '${name}' not provided`);
			if (value !== undefined && def.type === 'choice' && !def.options.includes(String(value))) {
				throw ctx.fail(422, `Provided value '${value}' for input '${name}' not in the list of allowed values`);
			}
			if (value !== undefined && def.type === 'boolean' && !['true', 'false', true, false].includes(value)) {
				throw ctx.fail(422, `Provided value for input '${name}' must be a boolean`);
			}
			if (value !== undefined && typeof value === 'object') throw ctx.fail(422, `Provided value for input '${name}' must be a string`);
		}
		const run = kit.createRun(repo, w, { branch: ref, event: 'workflow_dispatch', actor: ctx.who.login, status: 'queued', conclusion: null, inputs });
		kit.emitWebhook('workflow_dispatch', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ inputs, ref: `refs/heads/${ref}`, workflow: w.path }));
		kit.emitWebhook('workflow_run', { repo, u: ctx.u, sender: ctx.who.login }, () => ({
			action: 'requested',
			workflow_run: shapes.workflowRun(ctx.u, repo, run, kitForShapes),
			workflow: shapes.workflow(ctx.u, repo, w),
		}));
		if (ctx.body.return_run_details) {
			return {
				status: 200,
				body: { workflow_run_id: run.id, run_url: `${ctx.u.api}/repos/${repo.owner}/${repo.name}/actions/runs/${run.id}`, html_url: `${ctx.u.web}/${repo.owner}/${repo.name}/actions/runs/${run.id}` },
			};
		}
		return { status: 204 };
	};

	routes['PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/enable'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const w = workflowFor(ctx, repo);
		w.state = 'active';
		w.updated_at = git.isoNow();
		return { status: 204 };
	};

	routes['PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const w = workflowFor(ctx, repo);
		w.state = 'disabled_manually';
		w.updated_at = git.isoNow();
		return { status: 204 };
	};

	function listRuns(ctx, repo, runs) {
		const q = ctx.query;
		let list = runs;
		if (q.actor) list = list.filter((run) => run.actor.toLowerCase() === String(q.actor).toLowerCase());
		if (q.branch) list = list.filter((run) => run.head_branch === q.branch);
		if (q.event) list = list.filter((run) => run.event === q.event);
		if (q.status) list = list.filter((run) => run.status === q.status || run.conclusion === q.status);
		if (q.head_sha) list = list.filter((run) => run.head_sha === q.head_sha);
		if (q.created) {
			const m = /^(>=|<=|>|<)?(\S+?)(?:\.\.(\S+))?$/.exec(String(q.created));
			if (m) {
				const at = (run) => Date.parse(run.created_at);
				const from = Date.parse(m[2]);
				if (m[3]) list = list.filter((run) => at(run) >= from && at(run) <= Date.parse(m[3]) + 86399999);
				else if (m[1] === '>=') list = list.filter((run) => at(run) >= from);
				else if (m[1] === '>') list = list.filter((run) => at(run) > from);
				else if (m[1] === '<=') list = list.filter((run) => at(run) <= from);
				else if (m[1] === '<') list = list.filter((run) => at(run) < from);
			}
		}
		list = [...list].sort((a, b) => b.id - a.id);
		return { body: { total_count: list.length, workflow_runs: kit.paginate(ctx, list).map((run) => shapes.workflowRun(ctx.u, repo, run, kitForShapes)) } };
	}

	routes['GET /repos/{owner}/{repo}/actions/runs'] = (ctx) => {
		const repo = repoFor(ctx);
		return listRuns(ctx, repo, [...repo.runs.values()]);
	};

	routes['GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs'] = (ctx) => {
		const repo = repoFor(ctx);
		const w = workflowFor(ctx, repo);
		return listRuns(ctx, repo, [...repo.runs.values()].filter((run) => run.workflow_id === w.id));
	};

	routes['GET /repos/{owner}/{repo}/actions/runs/{run_id}'] = (ctx) => {
		const repo = repoFor(ctx);
		const run = repo.runs.get(Number(ctx.params.run_id));
		if (!run) throw ctx.notFound();
		return { body: shapes.workflowRun(ctx.u, repo, run, kitForShapes) };
	};

	// ------------------------------------------------------------ gists
	function gistJson(ctx, g, withContent = true) {
		return shapes.gist(ctx.u, g, kit.account(g.owner), withContent);
	}

	function sortGists(list) {
		return [...list].sort((a, b) => (a.created_at === b.created_at ? b.seq - a.seq : b.created_at.localeCompare(a.created_at)));
	}

	routes['POST /gists'] = (ctx) => {
		needScope(ctx, 'gist');
		const files = ctx.body.files;
		const names = Object.keys(files);
		if (names.length === 0) throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
		for (const name of names) {
			if (!files[name].content || files[name].content.trim() === '') {
				throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
			}
		}
		const g = kit.addGist(ctx.who.login, {
			description: ctx.body.description,
			public: ctx.body.public === true || ctx.body.public === 'true',
			files: Object.fromEntries(names.map((name) => [name, files[name].content])),
			created_at: git.isoNow(),
		});
		const body = gistJson(ctx, g);
		body.history = [];
		body.forks = [];
		return { status: 201, body, headers: { Location: body.url } };
	};

	routes['PATCH /gists/{gist_id}'] = (ctx) => {
		needScope(ctx, 'gist');
		const g = state.gists[ctx.params.gist_id];
		if (!g || (!g.public && g.owner.toLowerCase() !== ctx.who.login.toLowerCase())) throw ctx.notFound();
		if (g.owner.toLowerCase() !== ctx.who.login.toLowerCase()) throw ctx.notFound();
		const b = ctx.body ?? {};
		if (b.description === undefined && b.files === undefined) throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'description' }]);
		if (b.description !== undefined) g.description = b.description;
		for (const [name, change] of Object.entries(b.files ?? {})) {
			if (change === null) {
				if (!g.files[name]) throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
				delete g.files[name];
				continue;
			}
			const current = g.files[name];
			if (!current && (change.content === undefined || change.content === '')) throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
			const content = change.content ?? current.content;
			const target = change.filename ?? name;
			if (change.filename !== undefined && change.filename !== name) delete g.files[name];
			g.files[target] = { content };
		}
		if (Object.keys(g.files).length === 0) throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
		g.updated_at = git.isoNow();
		g.revision = git.sha1(`${g.id}:${JSON.stringify(g.files)}:${Date.now()}`);
		const body = gistJson(ctx, g);
		body.history = [];
		body.forks = [];
		return { body };
	};

	routes['GET /gists'] = (ctx) => {
		const me = ctx.who.login.toLowerCase();
		const list = sortGists(sinceFilter(Object.values(state.gists).filter((g) => g.owner.toLowerCase() === me), ctx.query.since));
		return { body: kit.paginate(ctx, list).map((g) => gistJson(ctx, g, false)) };
	};

	routes['GET /users/{username}/gists'] = (ctx) => {
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		const self = user.login.toLowerCase() === ctx.who.login.toLowerCase();
		const list = sortGists(sinceFilter(Object.values(state.gists).filter((g) => g.owner.toLowerCase() === user.login.toLowerCase() && (g.public || self)), ctx.query.since));
		return { body: kit.paginate(ctx, list).map((g) => gistJson(ctx, g, false)) };
	};

	routes['GET /gists/{gist_id}'] = (ctx) => {
		const g = state.gists[ctx.params.gist_id];
		if (!g) throw ctx.notFound();
		const body = gistJson(ctx, g);
		body.history = [];
		body.forks = [];
		return { body };
	};

	// ------------------------------------------------------------ releases
	routes['GET /repos/{owner}/{repo}/releases'] = (ctx) => {
		const repo = repoFor(ctx);
		const canPush = kit.atLeast(repo, ctx.who.login, 'push');
		const list = [...repo.releases].filter((r) => canPush || !r.draft).sort((a, b) => b.id - a.id);
		return { body: kit.paginate(ctx, list).map((r) => shapes.release(ctx.u, repo, r, kitForShapes)) };
	};

	// ------------------------------------------------------------ collaborators
	routes['GET /repos/{owner}/{repo}/collaborators'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const affiliation = ctx.query.affiliation ?? 'all';
		const logins = new Set();
		if (affiliation !== 'outside') {
			if (state.users[repo.owner.toLowerCase()]) logins.add(repo.owner);
			const org = state.orgs[repo.owner.toLowerCase()];
			if (org) for (const member of Object.keys(org.members)) logins.add(kit.account(member).login);
		}
		for (const login of repo.collaborators.keys()) {
			const org = state.orgs[repo.owner.toLowerCase()];
			const isMember = org && Object.keys(org.members).some((m) => m.toLowerCase() === login);
			if (affiliation === 'outside' && isMember) continue;
			logins.add(kit.account(login).login);
		}
		let list = [...logins].map((login) => ({ login, level: kit.level(repo, login) }));
		if (ctx.query.permission) {
			const wanted = ctx.query.permission;
			list = list.filter((entry) => LEVELS.indexOf(entry.level) >= LEVELS.indexOf(wanted));
		}
		list.sort((a, b) => a.login.localeCompare(b.login));
		return { body: kit.paginate(ctx, list).map((entry) => shapes.collaborator(ctx.u, kit.account(entry.login), entry.level)) };
	};

	routes['GET /repos/{owner}/{repo}/collaborators/{username}'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		const lower = user.login.toLowerCase();
		const org = state.orgs[repo.owner.toLowerCase()];
		const isCollaborator = repo.owner.toLowerCase() === lower || repo.collaborators.has(lower) || Boolean(org && Object.keys(org.members).some((m) => m.toLowerCase() === lower));
		if (!isCollaborator) throw ctx.notFound();
		return { status: 204 };
	};

	routes['GET /repos/{owner}/{repo}/collaborators/{username}/permission'] = (ctx) => {
		const repo = repoFor(ctx);
		const user = kit.account(ctx.params.username);
		if (!user || user.type !== 'User') throw ctx.notFound();
		const current = kit.level(repo, user.login);
		const permission = current === null ? 'none' : { pull: 'read', triage: 'read', push: 'write', maintain: 'write', admin: 'admin' }[current];
		return {
			body: {
				permission,
				role_name: shapes.roleName(current),
				user: shapes.collaborator(ctx.u, user, current),
			},
		};
	};

	routes['PUT /repos/{owner}/{repo}/collaborators/{username}'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		const user = kit.account(ctx.params.username);
		if (!user || user.type !== 'User') throw ctx.notFound();
		const permission = ctx.body?.permission ?? 'push';
		const aliases = { read: 'pull', write: 'push' };
		const normalized = aliases[permission] ?? permission;
		if (!LEVELS.includes(normalized)) {
			throw ctx.fail(422, `Invalid request.\n\nFor 'permission', ${JSON.stringify(permission)} is not one of ["pull","triage","push","maintain","admin"].`);
		}
		const lower = user.login.toLowerCase();
		if (repo.owner.toLowerCase() === lower) throw ctx.validationFailed([{ resource: 'Repository', code: 'custom', message: 'Repository owner cannot be a collaborator' }]);
		const org = state.orgs[repo.owner.toLowerCase()];
		const isMember = Boolean(org && Object.keys(org.members).some((m) => m.toLowerCase() === lower));
		if (repo.collaborators.has(lower) || isMember) {
			repo.collaborators.set(lower, normalized);
			if (isMember) {
				kit.addEvent('MemberEvent', ctx.who.login, repo, (u) => ({ action: 'added', member: shapes.simpleUser(u, user) }));
				kit.emitWebhook('member', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'added', member: shapes.simpleUser(ctx.u, user), changes: { permission: { to: normalized === 'push' ? 'write' : normalized === 'pull' ? 'read' : normalized } } }));
			}
			return { status: 204 };
		}
		let inv = [...repo.invitations.values()].find((entry) => entry.invitee.toLowerCase() === lower);
		if (inv) {
			inv.permission = normalized;
		} else {
			const id = kit.nextId();
			inv = { id, node_id: shapes.nodeId('RepositoryInvitation', id), invitee: user.login, inviter: ctx.who.login, permission: normalized, created_at: git.isoNow() };
			repo.invitations.set(id, inv);
		}
		return { status: 201, body: shapes.invitation(ctx.u, repo, inv, kitForShapes) };
	};

	routes['DELETE /repos/{owner}/{repo}/collaborators/{username}'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		const lower = user.login.toLowerCase();
		repo.collaborators.delete(lower);
		for (const [id, inv] of repo.invitations) if (inv.invitee.toLowerCase() === lower) repo.invitations.delete(id);
		return { status: 204 };
	};

	// ------------------------------------------------------------ rate limit
	routes['GET /rate_limit'] = () => {
		const now = Math.floor(Date.now() / 1000);
		const view = (name) => {
			const r = state.rate[name];
			if (now >= r.reset) return { limit: r.limit, remaining: r.limit, reset: now + r.window, used: 0 };
			return { limit: r.limit, remaining: Math.max(0, r.remaining), reset: r.reset, used: r.used };
		};
		const fixed = (limit) => ({ limit, remaining: limit, reset: now + 3600, used: 0 });
		const core = view('core');
		return {
			body: {
				resources: {
					core,
					search: view('search'),
					graphql: view('graphql'),
					integration_manifest: fixed(5000),
					source_import: fixed(100),
					code_scanning_upload: fixed(1000),
					actions_runner_registration: fixed(10000),
					scim: fixed(15000),
					dependency_snapshots: fixed(100),
					code_search: fixed(10),
					code_scanning_autofix: fixed(10),
				},
				rate: core,
			},
		};
	};

	// ------------------------------------------------------------ hooks
	function hookList(scope, target) {
		return Object.values(state.hooks)
			.filter((h) => h.scope === scope && h.target.toLowerCase() === target.toLowerCase())
			.sort((a, b) => a.id - b.id);
	}

	function createHook(ctx, scope, target, targetId) {
		const b = ctx.body ?? {};
		const name = b.name ?? 'web';
		if (name !== 'web') throw ctx.validationFailed([{ resource: 'Hook', code: 'custom', field: 'name', message: `Name "${name}" is not a valid hook name. Only "web" is supported.` }]);
		const config = b.config ?? {};
		if (!config.url) throw ctx.fail(422, 'Invalid request.\n\n"url" wasn\'t supplied.');
		let url;
		try {
			url = new URL(config.url);
		} catch {
			url = undefined;
		}
		if (!url || !/^https?:$/.test(url.protocol)) {
			throw ctx.validationFailed([{ resource: 'Hook', code: 'custom', message: 'Config url must be a valid URL' }]);
		}
		const events = b.events ?? ['push'];
		const invalid = events.filter((e) => !HOOK_EVENTS.has(e));
		if (invalid.length) throw ctx.validationFailed([{ resource: 'Hook', code: 'custom', message: `Invalid event names: ${invalid.join(', ')}` }]);
		const contentType = config.content_type ?? 'form';
		if (!['json', 'form'].includes(contentType)) throw ctx.validationFailed([{ resource: 'Hook', code: 'custom', message: `content_type "${contentType}" is invalid; use json or form` }]);
		if (hookList(scope, target).some((h) => h.config.url === config.url)) {
			throw ctx.validationFailed([{ resource: 'Hook', code: 'custom', message: `Hook already exists on this ${scope === 'organization' ? 'organization' : 'repository'}` }]);
		}
		const id = kit.nextId();
		const now = git.isoNow();
		const h = {
			id,
			scope,
			target,
			targetId,
			creator: ctx.who.login,
			name: 'web',
			active: b.active ?? true,
			events: [...new Set(events)],
			config: {
				url: config.url,
				content_type: contentType,
				secret: config.secret || undefined,
				insecure_ssl: String(config.insecure_ssl ?? '0'),
			},
			created_at: now,
			updated_at: now,
			last_response: { code: null, status: 'unused', message: null },
			deliveries: [],
		};
		state.hooks[id] = h;
		if (h.active) {
			const payload = kit.pingPayload(h, ctx.u);
			kit.track(kit.sendDelivery(h, 'ping', payload, {}).catch(() => {}));
		}
		const body = shapes.hook(ctx.u, h);
		return { status: 201, body, headers: { Location: body.url } };
	}

	function orgAdmin(ctx) {
		const org = state.orgs[ctx.params.org.toLowerCase()];
		if (!org) throw ctx.notFound();
		const role = Object.entries(org.members).find(([m]) => m.toLowerCase() === ctx.who.login.toLowerCase())?.[1];
		if (!role) throw ctx.notFound();
		if (role !== 'admin') throw ctx.fail(403, 'You need admin access to the organization to manage its webhooks.');
		needScope(ctx, 'admin:org_hook');
		return org;
	}

	function hookFor(ctx, scope, target) {
		const h = state.hooks[Number(ctx.params.hook_id)];
		if (!h || h.scope !== scope || h.target.toLowerCase() !== target.toLowerCase()) throw ctx.notFound();
		return h;
	}

	routes['POST /repos/{owner}/{repo}/hooks'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		needScope(ctx, 'admin:repo_hook', 'write:repo_hook', 'repo');
		return createHook(ctx, 'repository', `${repo.owner}/${repo.name}`, repo.id);
	};

	routes['GET /repos/{owner}/{repo}/hooks'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		needScope(ctx, 'admin:repo_hook', 'write:repo_hook', 'read:repo_hook', 'repo');
		return { body: kit.paginate(ctx, hookList('repository', `${repo.owner}/${repo.name}`)).map((h) => shapes.hook(ctx.u, h)) };
	};

	routes['GET /repos/{owner}/{repo}/hooks/{hook_id}'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		return { body: shapes.hook(ctx.u, hookFor(ctx, 'repository', `${repo.owner}/${repo.name}`)) };
	};

	routes['DELETE /repos/{owner}/{repo}/hooks/{hook_id}'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		const h = hookFor(ctx, 'repository', `${repo.owner}/${repo.name}`);
		delete state.hooks[h.id];
		return { status: 204 };
	};

	routes['POST /orgs/{org}/hooks'] = (ctx) => {
		const org = orgAdmin(ctx);
		return createHook(ctx, 'organization', org.login, org.id);
	};

	routes['GET /orgs/{org}/hooks'] = (ctx) => {
		const org = orgAdmin(ctx);
		return { body: kit.paginate(ctx, hookList('organization', org.login)).map((h) => shapes.hook(ctx.u, h)) };
	};

	routes['GET /orgs/{org}/hooks/{hook_id}'] = (ctx) => {
		const org = orgAdmin(ctx);
		return { body: shapes.hook(ctx.u, hookFor(ctx, 'organization', org.login)) };
	};

	routes['DELETE /orgs/{org}/hooks/{hook_id}'] = (ctx) => {
		const org = orgAdmin(ctx);
		const h = hookFor(ctx, 'organization', org.login);
		delete state.hooks[h.id];
		return { status: 204 };
	};

	// ------------------------------------------------------------ events feeds
	function eventsPage(ctx, list) {
		ctx.responseHeaders['X-Poll-Interval'] = '60';
		const newestFirst = [...list].reverse().slice(0, 300);
		return { body: kit.paginate(ctx, newestFirst).map((e) => shapes.event(ctx.u, e, kitForShapes)) };
	}

	routes['GET /repos/{owner}/{repo}/events'] = (ctx) => {
		const repo = repoFor(ctx);
		return eventsPage(ctx, state.events.filter((e) => e.repo.id === repo.id));
	};

	routes['GET /users/{username}/events'] = (ctx) => {
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		const self = user.login.toLowerCase() === ctx.who.login.toLowerCase();
		return eventsPage(ctx, state.events.filter((e) => e.actor.toLowerCase() === user.login.toLowerCase() && (e.public || self)));
	};

	routes['GET /users/{username}'] = (ctx) => {
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		if (user.type === 'Organization') return { body: { ...shapes.publicUser(ctx.u, { ...user, email: null }, counts(user.login)) } };
		return { body: shapes.publicUser(ctx.u, user, counts(user.login)) };
	};

	void HttpError;
	return routes;
}

module.exports = { createRoutes, HOOK_EVENTS };
