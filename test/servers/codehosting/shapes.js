'use strict';
/**
 * JSON shapes of GitHub's REST API objects, built from the server's state. Every function takes
 * `u` = { api, web }: the API base the request came in on (`http://127.0.0.1:PORT` or
 * `http://127.0.0.1:PORT/api/v3`) and the web base (`http://127.0.0.1:PORT`), so URLs in responses
 * point back at the test server the way api.github.com's point at itself (Enterprise style).
 */
const { treeSha } = require('./git');

function nodeId(type, id) {
	return Buffer.from(`0${type.length}:${type}${id}`).toString('base64');
}

function encodePath(path) {
	return String(path).split('/').map(encodeURIComponent).join('/');
}

function simpleUser(u, account) {
	if (!account) return null;
	const api = `${u.api}/users/${account.login}`;
	return {
		login: account.login,
		id: account.id,
		node_id: account.node_id,
		avatar_url: `${u.web}/avatars/u/${account.id}?v=4`,
		gravatar_id: '',
		url: api,
		html_url: `${u.web}/${account.login}`,
		followers_url: `${api}/followers`,
		following_url: `${api}/following{/other_user}`,
		gists_url: `${api}/gists{/gist_id}`,
		starred_url: `${api}/starred{/owner}{/repo}`,
		subscriptions_url: `${api}/subscriptions`,
		organizations_url: `${api}/orgs`,
		repos_url: `${api}/repos`,
		events_url: `${api}/events{/privacy}`,
		received_events_url: `${api}/received_events`,
		type: account.type,
		user_view_type: 'public',
		site_admin: false,
	};
}

function publicUser(u, account, counts) {
	return {
		...simpleUser(u, account),
		name: account.name ?? null,
		company: account.company ?? null,
		blog: account.blog ?? '',
		location: account.location ?? null,
		email: account.email ?? null,
		hireable: null,
		bio: account.bio ?? null,
		twitter_username: null,
		public_repos: counts.public_repos,
		public_gists: counts.public_gists,
		followers: 0,
		following: 0,
		created_at: account.created_at,
		updated_at: account.updated_at,
	};
}

function privateUser(u, account, counts) {
	return {
		...publicUser(u, account, counts),
		notification_email: account.email ?? null,
		private_gists: counts.private_gists,
		total_private_repos: counts.total_private_repos,
		owned_private_repos: counts.owned_private_repos,
		disk_usage: 100,
		collaborators: counts.collaborators,
		two_factor_authentication: true,
		plan: { name: 'pro', space: 976562499, private_repos: 9999, collaborators: 0 },
	};
}

function organizationSimple(u, org) {
	const api = `${u.api}/orgs/${org.login}`;
	return {
		login: org.login,
		id: org.id,
		node_id: org.node_id,
		url: api,
		repos_url: `${api}/repos`,
		events_url: `${api}/events`,
		hooks_url: `${api}/hooks`,
		issues_url: `${api}/issues`,
		members_url: `${api}/members{/member}`,
		public_members_url: `${api}/public_members{/member}`,
		avatar_url: `${u.web}/avatars/u/${org.id}?v=4`,
		description: org.description ?? null,
	};
}

/** A repository; `extra.permissions` adds the caller's permissions object. */
function repository(u, repo, owner, extra = {}) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	const openIssues = [...repo.issues.values()].filter((issue) => issue.state === 'open').length;
	const shape = {
		id: repo.id,
		node_id: repo.node_id,
		name: repo.name,
		full_name: fullName,
		private: repo.private,
		owner: simpleUser(u, owner),
		html_url: `${u.web}/${fullName}`,
		description: repo.description ?? null,
		fork: false,
		url: api,
		forks_url: `${api}/forks`,
		keys_url: `${api}/keys{/key_id}`,
		collaborators_url: `${api}/collaborators{/collaborator}`,
		teams_url: `${api}/teams`,
		hooks_url: `${api}/hooks`,
		issue_events_url: `${api}/issues/events{/number}`,
		events_url: `${api}/events`,
		assignees_url: `${api}/assignees{/user}`,
		branches_url: `${api}/branches{/branch}`,
		tags_url: `${api}/tags`,
		blobs_url: `${api}/git/blobs{/sha}`,
		git_tags_url: `${api}/git/tags{/sha}`,
		git_refs_url: `${api}/git/refs{/sha}`,
		trees_url: `${api}/git/trees{/sha}`,
		statuses_url: `${api}/statuses/{sha}`,
		languages_url: `${api}/languages`,
		stargazers_url: `${api}/stargazers`,
		contributors_url: `${api}/contributors`,
		subscribers_url: `${api}/subscribers`,
		subscription_url: `${api}/subscription`,
		commits_url: `${api}/commits{/sha}`,
		git_commits_url: `${api}/git/commits{/sha}`,
		comments_url: `${api}/comments{/number}`,
		issue_comment_url: `${api}/issues/comments{/number}`,
		contents_url: `${api}/contents/{+path}`,
		compare_url: `${api}/compare/{base}...{head}`,
		merges_url: `${api}/merges`,
		archive_url: `${api}/{archive_format}{/ref}`,
		downloads_url: `${api}/downloads`,
		issues_url: `${api}/issues{/number}`,
		pulls_url: `${api}/pulls{/number}`,
		milestones_url: `${api}/milestones{/number}`,
		notifications_url: `${api}/notifications{?since,all,participating}`,
		labels_url: `${api}/labels{/name}`,
		releases_url: `${api}/releases{/id}`,
		deployments_url: `${api}/deployments`,
		created_at: repo.created_at,
		updated_at: repo.updated_at,
		pushed_at: repo.pushed_at,
		git_url: `git://${new URL(u.web).host}/${fullName}.git`,
		ssh_url: `git@${new URL(u.web).hostname}:${fullName}.git`,
		clone_url: `${u.web}/${fullName}.git`,
		svn_url: `${u.web}/${fullName}`,
		homepage: repo.homepage ?? null,
		size: [...repo.blobs.values()].reduce((sum, blob) => sum + blob.length, 0) >> 10,
		stargazers_count: repo.stargazers.size,
		watchers_count: repo.stargazers.size,
		language: repo.language ?? null,
		has_issues: repo.has_issues,
		has_projects: repo.has_projects,
		has_downloads: true,
		has_wiki: repo.has_wiki,
		has_pages: false,
		has_discussions: repo.has_discussions,
		forks_count: 0,
		mirror_url: null,
		archived: repo.archived,
		disabled: false,
		open_issues_count: openIssues,
		license: null,
		allow_forking: true,
		is_template: repo.is_template,
		web_commit_signoff_required: false,
		topics: [...repo.topics],
		visibility: repo.private ? 'private' : 'public',
		forks: 0,
		open_issues: openIssues,
		watchers: repo.stargazers.size,
		default_branch: repo.default_branch,
		network_count: 0,
		subscribers_count: 1,
		...extra,
	};
	if (owner.type === 'Organization') shape.organization = simpleUser(u, owner);
	return shape;
}

function permissionsObject(level) {
	const order = ['pull', 'triage', 'push', 'maintain', 'admin'];
	const rank = level ? order.indexOf(level) : -1;
	return {
		admin: rank >= 4,
		maintain: rank >= 3,
		push: rank >= 2,
		triage: rank >= 1,
		pull: rank >= 0,
	};
}

function gitUser(person) {
	return { name: person.name, email: person.email, date: person.date };
}

const UNSIGNED = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };

/** A commit as GET /repos/{o}/{r}/commits returns it. `files` adds stats and file entries. */
function commit(u, repo, c, accounts, files) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	const shape = {
		url: `${api}/commits/${c.sha}`,
		sha: c.sha,
		node_id: nodeId('Commit', c.sha.slice(0, 12)),
		html_url: `${u.web}/${fullName}/commit/${c.sha}`,
		comments_url: `${api}/commits/${c.sha}/comments`,
		commit: {
			url: `${api}/git/commits/${c.sha}`,
			author: gitUser(c.author),
			committer: gitUser(c.committer),
			message: c.message,
			comment_count: 0,
			tree: { sha: c.treeSha, url: `${api}/git/trees/${c.treeSha}` },
			verification: UNSIGNED,
		},
		author: simpleUser(u, accounts.author),
		committer: simpleUser(u, accounts.committer),
		parents: c.parents.map((sha) => ({ sha, url: `${api}/commits/${sha}`, html_url: `${u.web}/${fullName}/commit/${sha}` })),
	};
	if (files) {
		let additions = 0;
		let deletions = 0;
		shape.files = files.map((file) => {
			additions += file.additions;
			deletions += file.deletions;
			return {
				sha: file.sha,
				filename: file.filename,
				status: file.status,
				additions: file.additions,
				deletions: file.deletions,
				changes: file.additions + file.deletions,
				blob_url: `${u.web}/${fullName}/blob/${c.sha}/${encodePath(file.filename)}`,
				raw_url: `${u.web}/${fullName}/raw/${c.sha}/${encodePath(file.filename)}`,
				contents_url: `${api}/contents/${encodePath(file.filename)}?ref=${c.sha}`,
			};
		});
		shape.stats = { total: additions + deletions, additions, deletions };
	}
	return shape;
}

/** The `commit` part of a contents PUT/DELETE answer (a git commit). */
function gitCommit(u, repo, c) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	return {
		sha: c.sha,
		node_id: nodeId('Commit', c.sha.slice(0, 12)),
		url: `${api}/git/commits/${c.sha}`,
		html_url: `${u.web}/${fullName}/commit/${c.sha}`,
		author: gitUser(c.author),
		committer: gitUser(c.committer),
		tree: { url: `${api}/git/trees/${c.treeSha}`, sha: c.treeSha },
		message: c.message,
		parents: c.parents.map((sha) => ({ url: `${api}/git/commits/${sha}`, html_url: `${u.web}/${fullName}/commit/${sha}`, sha })),
		verification: UNSIGNED,
	};
}

/** A file or directory entry of the contents API; `content` (Buffer) adds content/encoding. */
function contentEntry(u, repo, ref, entry, content) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	const encoded = encodePath(entry.path);
	const isDir = entry.type === 'dir';
	const self = `${api}/contents/${encoded}?ref=${encodeURIComponent(ref)}`;
	const git = isDir ? `${api}/git/trees/${entry.sha}` : `${api}/git/blobs/${entry.sha}`;
	const html = `${u.web}/${fullName}/${isDir ? 'tree' : 'blob'}/${encodeURIComponent(ref)}/${encoded}`;
	const shape = {
		name: entry.path.split('/').pop(),
		path: entry.path,
		sha: entry.sha,
		size: isDir ? 0 : entry.size,
		url: self,
		html_url: html,
		git_url: git,
		download_url: isDir ? null : `${u.web}/raw/${fullName}/${encodeURIComponent(ref)}/${encoded}`,
		type: entry.type,
	};
	if (content !== undefined) {
		if (content.length > 1024 * 1024) {
			shape.content = '';
			shape.encoding = 'none';
		} else {
			shape.content = (content.toString('base64').match(/.{1,60}/g) ?? ['']).join('\n') + (content.length ? '\n' : '');
			shape.encoding = 'base64';
		}
	}
	shape._links = { self, git, html };
	return shape;
}

function directoryEntries(repo, tree, dir) {
	const prefix = dir ? `${dir}/` : '';
	const entries = new Map();
	for (const [path, sha] of Object.entries(tree)) {
		if (!path.startsWith(prefix)) continue;
		const rest = path.slice(prefix.length);
		const slash = rest.indexOf('/');
		if (slash === -1) {
			entries.set(rest, { type: 'file', path, sha, size: repo.blobs.get(sha)?.length ?? 0 });
		} else {
			const name = rest.slice(0, slash);
			const subPath = prefix + name;
			if (!entries.has(name)) entries.set(name, { type: 'dir', path: subPath, sha: treeSha(tree, subPath), size: 0 });
		}
	}
	return [...entries.values()].sort((a, b) => a.path.localeCompare(b.path));
}

function label(u, repo, l) {
	return {
		id: l.id,
		node_id: l.node_id,
		url: `${u.api}/repos/${repo.owner}/${repo.name}/labels/${encodeURIComponent(l.name)}`,
		name: l.name,
		description: l.description ?? null,
		color: l.color,
		default: Boolean(l.default),
	};
}

function reactions(url) {
	return { url, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };
}

function authorAssociation(level) {
	if (level === 'admin') return 'OWNER';
	if (level === 'maintain' || level === 'push') return 'COLLABORATOR';
	return 'NONE';
}

/** An issue (or the issue view of a pull request). `kit.account(login)`, `kit.level(repo, login)`. */
function issue(u, repo, i, kit) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	const url = `${api}/issues/${i.number}`;
	const assignees = i.assignees.map((login) => simpleUser(u, kit.account(login)));
	const shape = {
		id: i.id,
		node_id: i.node_id,
		url,
		repository_url: api,
		labels_url: `${url}/labels{/name}`,
		comments_url: `${url}/comments`,
		events_url: `${url}/events`,
		html_url: `${u.web}/${fullName}/${i.pull ? 'pull' : 'issues'}/${i.number}`,
		number: i.number,
		state: i.state,
		state_reason: i.state_reason ?? null,
		title: i.title,
		body: i.body ?? null,
		user: simpleUser(u, kit.account(i.user)),
		labels: i.labels.map((name) => label(u, repo, repo.labels.get(name.toLowerCase()))),
		assignee: assignees[0] ?? null,
		assignees,
		milestone: null,
		locked: Boolean(i.locked),
		active_lock_reason: null,
		comments: [...repo.comments.values()].filter((c) => c.issueNumber === i.number).length,
		closed_at: i.closed_at ?? null,
		created_at: i.created_at,
		updated_at: i.updated_at,
		closed_by: i.closed_by ? simpleUser(u, kit.account(i.closed_by)) : null,
		author_association: authorAssociation(kit.level(repo, i.user)),
		reactions: reactions(`${url}/reactions`),
		timeline_url: `${url}/timeline`,
		performed_via_github_app: null,
	};
	if (i.pull) {
		shape.draft = Boolean(i.pull.draft);
		shape.pull_request = {
			url: `${api}/pulls/${i.number}`,
			html_url: `${u.web}/${fullName}/pull/${i.number}`,
			diff_url: `${u.web}/${fullName}/pull/${i.number}.diff`,
			patch_url: `${u.web}/${fullName}/pull/${i.number}.patch`,
			merged_at: i.pull.merged_at ?? null,
		};
	}
	return shape;
}

function issueComment(u, repo, c, kit) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	const url = `${api}/issues/comments/${c.id}`;
	return {
		id: c.id,
		node_id: c.node_id,
		url,
		html_url: `${u.web}/${fullName}/issues/${c.issueNumber}#issuecomment-${c.id}`,
		body: c.body,
		user: simpleUser(u, kit.account(c.user)),
		created_at: c.created_at,
		updated_at: c.updated_at,
		issue_url: `${api}/issues/${c.issueNumber}`,
		author_association: authorAssociation(kit.level(repo, c.user)),
		reactions: reactions(`${url}/reactions`),
		performed_via_github_app: null,
	};
}

function pullBranch(u, repo, side, kit) {
	const owner = kit.account(repo.owner);
	return {
		label: `${repo.owner}:${side.ref}`,
		ref: side.ref,
		sha: side.sha,
		user: simpleUser(u, owner),
		repo: repository(u, repo, owner),
	};
}

/** A pull request. `full` adds mergeability and counters (GET/POST/PATCH single PR). */
function pullRequest(u, repo, i, kit, full) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	const url = `${api}/pulls/${i.number}`;
	const issueShape = issue(u, repo, i, kit);
	const p = i.pull;
	const headSha = repo.branches.get(p.head.ref) ?? p.head.sha;
	const baseSha = repo.branches.get(p.base.ref) ?? p.base.sha;
	const shape = {
		url,
		id: p.id,
		node_id: p.node_id,
		html_url: `${u.web}/${fullName}/pull/${i.number}`,
		diff_url: `${u.web}/${fullName}/pull/${i.number}.diff`,
		patch_url: `${u.web}/${fullName}/pull/${i.number}.patch`,
		issue_url: `${api}/issues/${i.number}`,
		commits_url: `${url}/commits`,
		review_comments_url: `${url}/comments`,
		review_comment_url: `${api}/pulls/comments{/number}`,
		comments_url: `${api}/issues/${i.number}/comments`,
		statuses_url: `${api}/statuses/${headSha}`,
		number: i.number,
		state: i.state,
		locked: Boolean(i.locked),
		title: i.title,
		user: issueShape.user,
		body: i.body ?? null,
		labels: issueShape.labels,
		milestone: null,
		active_lock_reason: null,
		created_at: i.created_at,
		updated_at: i.updated_at,
		closed_at: i.closed_at ?? null,
		merged_at: p.merged_at ?? null,
		merge_commit_sha: p.merge_commit_sha ?? null,
		assignee: issueShape.assignee,
		assignees: issueShape.assignees,
		requested_reviewers: p.requested_reviewers.map((login) => simpleUser(u, kit.account(login))),
		requested_teams: [],
		head: pullBranch(u, repo, { ref: p.head.ref, sha: p.merged ? p.head.sha : headSha }, kit),
		base: pullBranch(u, repo, { ref: p.base.ref, sha: baseSha }, kit),
		_links: {
			self: { href: url },
			html: { href: `${u.web}/${fullName}/pull/${i.number}` },
			issue: { href: `${api}/issues/${i.number}` },
			comments: { href: `${api}/issues/${i.number}/comments` },
			review_comments: { href: `${url}/comments` },
			review_comment: { href: `${api}/pulls/comments{/number}` },
			commits: { href: `${url}/commits` },
			statuses: { href: `${api}/statuses/${headSha}` },
		},
		author_association: issueShape.author_association,
		auto_merge: null,
		draft: Boolean(p.draft),
	};
	if (full) {
		const status = kit.mergeStatus(repo, i);
		Object.assign(shape, {
			merged: Boolean(p.merged),
			mergeable: status.mergeable,
			rebaseable: status.mergeable,
			mergeable_state: status.mergeable_state,
			merged_by: p.merged_by ? simpleUser(u, kit.account(p.merged_by)) : null,
			comments: issueShape.comments,
			review_comments: 0,
			maintainer_can_modify: Boolean(p.maintainer_can_modify),
			commits: status.commits,
			additions: status.additions,
			deletions: status.deletions,
			changed_files: status.changed_files,
		});
	}
	return shape;
}

function review(u, repo, i, r, kit) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	const html = `${u.web}/${fullName}/pull/${i.number}#pullrequestreview-${r.id}`;
	return {
		id: r.id,
		node_id: r.node_id,
		user: simpleUser(u, kit.account(r.user)),
		body: r.body ?? '',
		state: r.state,
		html_url: html,
		pull_request_url: `${api}/pulls/${i.number}`,
		_links: { html: { href: html }, pull_request: { href: `${api}/pulls/${i.number}` } },
		submitted_at: r.submitted_at,
		commit_id: r.commit_id,
		author_association: authorAssociation(kit.level(repo, r.user)),
	};
}

function workflow(u, repo, w) {
	const fullName = `${repo.owner}/${repo.name}`;
	return {
		id: w.id,
		node_id: w.node_id,
		name: w.name,
		path: w.path,
		state: w.state,
		created_at: w.created_at,
		updated_at: w.updated_at,
		url: `${u.api}/repos/${fullName}/actions/workflows/${w.id}`,
		html_url: `${u.web}/${fullName}/blob/${repo.default_branch}/${w.path}`,
		badge_url: `${u.web}/${fullName}/workflows/${encodeURIComponent(w.name)}/badge.svg`,
	};
}

function minimalRepoForRun(u, repo, owner) {
	const full = repository(u, repo, owner);
	const keys = [
		'id', 'node_id', 'name', 'full_name', 'private', 'owner', 'html_url', 'description', 'fork', 'url',
		'forks_url', 'keys_url', 'collaborators_url', 'teams_url', 'hooks_url', 'issue_events_url', 'events_url',
		'assignees_url', 'branches_url', 'tags_url', 'blobs_url', 'git_tags_url', 'git_refs_url', 'trees_url',
		'statuses_url', 'languages_url', 'stargazers_url', 'contributors_url', 'subscribers_url',
		'subscription_url', 'commits_url', 'git_commits_url', 'comments_url', 'issue_comment_url',
		'contents_url', 'compare_url', 'merges_url', 'archive_url', 'downloads_url', 'issues_url', 'pulls_url',
		'milestones_url', 'notifications_url', 'labels_url', 'releases_url', 'deployments_url',
	];
	return Object.fromEntries(keys.map((key) => [key, full[key]]));
}

function workflowRun(u, repo, run, kit) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	const url = `${api}/actions/runs/${run.id}`;
	const owner = kit.account(repo.owner);
	const headCommit = repo.commits.get(run.head_sha);
	const minimal = minimalRepoForRun(u, repo, owner);
	return {
		id: run.id,
		name: run.name,
		node_id: run.node_id,
		head_branch: run.head_branch,
		head_sha: run.head_sha,
		path: run.path,
		display_title: run.display_title,
		run_number: run.run_number,
		event: run.event,
		status: run.status,
		conclusion: run.conclusion,
		workflow_id: run.workflow_id,
		check_suite_id: run.id + 1,
		check_suite_node_id: nodeId('CheckSuite', run.id + 1),
		url,
		html_url: `${u.web}/${fullName}/actions/runs/${run.id}`,
		pull_requests: [],
		created_at: run.created_at,
		updated_at: run.updated_at,
		actor: simpleUser(u, kit.account(run.actor)),
		triggering_actor: simpleUser(u, kit.account(run.actor)),
		run_attempt: 1,
		referenced_workflows: [],
		run_started_at: run.created_at,
		jobs_url: `${url}/jobs`,
		logs_url: `${url}/logs`,
		check_suite_url: `${api}/check-suites/${run.id + 1}`,
		artifacts_url: `${url}/artifacts`,
		cancel_url: `${url}/cancel`,
		rerun_url: `${url}/rerun`,
		previous_attempt_url: null,
		workflow_url: `${api}/actions/workflows/${run.workflow_id}`,
		head_commit: headCommit
			? {
					id: headCommit.sha,
					tree_id: headCommit.treeSha,
					message: headCommit.message,
					timestamp: headCommit.committer.date,
					author: { name: headCommit.author.name, email: headCommit.author.email },
					committer: { name: headCommit.committer.name, email: headCommit.committer.email },
				}
			: null,
		repository: minimal,
		head_repository: minimal,
	};
}

function gist(u, g, owner, withContent) {
	const url = `${u.api}/gists/${g.id}`;
	const files = {};
	for (const [filename, file] of Object.entries(g.files)) {
		const content = Buffer.from(file.content, 'utf8');
		files[filename] = {
			filename,
			type: file.type ?? mimeOf(filename),
			language: file.language ?? languageOf(filename),
			raw_url: `${u.web}/gist-raw/${owner.login}/${g.id}/raw/${g.revision}/${encodeURIComponent(filename)}`,
			size: content.length,
			...(withContent ? { truncated: false, content: file.content, encoding: 'utf-8' } : {}),
		};
	}
	return {
		url,
		forks_url: `${url}/forks`,
		commits_url: `${url}/commits`,
		id: g.id,
		node_id: g.node_id,
		git_pull_url: `${u.web}/gist/${g.id}.git`,
		git_push_url: `${u.web}/gist/${g.id}.git`,
		html_url: `${u.web}/gist/${g.id}`,
		files,
		public: g.public,
		created_at: g.created_at,
		updated_at: g.updated_at,
		description: g.description ?? null,
		comments: 0,
		comments_enabled: true,
		user: null,
		comments_url: `${url}/comments`,
		owner: simpleUser(u, owner),
		truncated: false,
	};
}

function mimeOf(filename) {
	if (/\.md$/i.test(filename)) return 'text/markdown';
	if (/\.json$/i.test(filename)) return 'application/json';
	if (/\.js$/i.test(filename)) return 'application/javascript';
	return 'text/plain';
}

function languageOf(filename) {
	if (/\.md$/i.test(filename)) return 'Markdown';
	if (/\.json$/i.test(filename)) return 'JSON';
	if (/\.js$/i.test(filename)) return 'JavaScript';
	if (/\.rb$/i.test(filename)) return 'Ruby';
	if (/\.py$/i.test(filename)) return 'Python';
	return 'Text';
}

function release(u, repo, r, kit) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	return {
		url: `${api}/releases/${r.id}`,
		html_url: `${u.web}/${fullName}/releases/tag/${encodeURIComponent(r.tag_name)}`,
		assets_url: `${api}/releases/${r.id}/assets`,
		upload_url: `${u.web}/uploads/repos/${fullName}/releases/${r.id}/assets{?name,label}`,
		tarball_url: `${api}/tarball/${encodeURIComponent(r.tag_name)}`,
		zipball_url: `${api}/zipball/${encodeURIComponent(r.tag_name)}`,
		id: r.id,
		node_id: r.node_id,
		tag_name: r.tag_name,
		target_commitish: r.target_commitish,
		name: r.name,
		body: r.body ?? null,
		draft: Boolean(r.draft),
		prerelease: Boolean(r.prerelease),
		immutable: false,
		created_at: r.created_at,
		updated_at: r.created_at,
		published_at: r.draft ? null : r.published_at,
		author: simpleUser(u, kit.account(r.author)),
		assets: [],
	};
}

function collaborator(u, account, level) {
	return {
		...simpleUser(u, account),
		permissions: permissionsObject(level),
		role_name: roleName(level),
	};
}

function roleName(level) {
	return { pull: 'read', triage: 'triage', push: 'write', maintain: 'maintain', admin: 'admin' }[level] ?? 'none';
}

function invitation(u, repo, inv, kit) {
	const owner = kit.account(repo.owner);
	return {
		id: inv.id,
		node_id: inv.node_id,
		repository: minimalRepoForRun(u, repo, owner),
		invitee: simpleUser(u, kit.account(inv.invitee)),
		inviter: simpleUser(u, kit.account(inv.inviter)),
		permissions: { pull: 'read', push: 'write' }[inv.permission] ?? inv.permission,
		created_at: inv.created_at,
		expired: false,
		url: `${u.api}/user/repository_invitations/${inv.id}`,
		html_url: `${u.web}/${repo.owner}/${repo.name}/invitations`,
	};
}

function hook(u, h) {
	const base =
		h.scope === 'organization' ? `${u.api}/orgs/${h.target}/hooks/${h.id}` : `${u.api}/repos/${h.target}/hooks/${h.id}`;
	const config = { content_type: h.config.content_type, insecure_ssl: h.config.insecure_ssl, url: h.config.url };
	if (h.config.secret) config.secret = '********';
	const shape = {
		type: h.scope === 'organization' ? 'Organization' : 'Repository',
		id: h.id,
		name: h.name,
		active: h.active,
		events: [...h.events],
		config,
		updated_at: h.updated_at,
		created_at: h.created_at,
		url: base,
		ping_url: `${base}/pings`,
		deliveries_url: `${base}/deliveries`,
	};
	if (h.scope === 'repository') {
		shape.test_url = `${base}/test`;
		shape.last_response = { ...h.last_response };
	}
	return shape;
}

function actor(u, account) {
	return {
		id: account.id,
		login: account.login,
		display_login: account.login,
		gravatar_id: '',
		url: `${u.api}/users/${account.login}`,
		avatar_url: `${u.web}/avatars/u/${account.id}?`,
	};
}

function event(u, e, kit) {
	const shape = {
		id: e.id,
		type: e.type,
		actor: actor(u, kit.account(e.actor)),
		repo: { id: e.repo.id, name: e.repo.name, url: `${u.api}/repos/${e.repo.name}` },
		payload: e.payload(u),
		public: e.public,
		created_at: e.created_at,
	};
	if (e.org) shape.org = actor(u, kit.account(e.org));
	return shape;
}

module.exports = {
	nodeId,
	encodePath,
	simpleUser,
	publicUser,
	privateUser,
	organizationSimple,
	repository,
	permissionsObject,
	commit,
	gitCommit,
	contentEntry,
	directoryEntries,
	label,
	issue,
	issueComment,
	pullRequest,
	review,
	workflow,
	workflowRun,
	gist,
	release,
	collaborator,
	roleName,
	invitation,
	hook,
	event,
};
