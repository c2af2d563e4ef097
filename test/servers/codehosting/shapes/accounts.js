'use strict';
/** JSON shapes (see ../shapes.js). Accounts and repositories: node IDs, users, organizations, repositories, permissions, collaborators, invitations. */
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

module.exports = {
	nodeId,
	encodePath,
	simpleUser,
	publicUser,
	privateUser,
	organizationSimple,
	repository,
	permissionsObject,
	minimalRepoForRun,
	collaborator,
	roleName,
	invitation,
};
