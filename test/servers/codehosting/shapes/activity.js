'use strict';
/** JSON shapes (see ../shapes.js). Actions, gists, releases, hooks and events feeds. */
const { nodeId, simpleUser, minimalRepoForRun } = require('./accounts');
const crypto = require('crypto');

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
		// the upload host: uploads.github.com's role at /uploads, Enterprise Server's /api/uploads
		upload_url: `${u.web}${u.api.endsWith('/api/v3') ? '/api' : ''}/uploads/repos/${fullName}/releases/${r.id}/assets{?name,label}`,
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
		updated_at: r.updated_at ?? r.created_at,
		published_at: r.draft ? null : r.published_at,
		author: simpleUser(u, kit.account(r.author)),
		assets: (r.assets ?? []).map((a) => releaseAsset(u, repo, r, a, kit)),
	};
}

function releaseAsset(u, repo, r, a, kit) {
	const fullName = `${repo.owner}/${repo.name}`;
	return {
		url: `${u.api}/repos/${fullName}/releases/assets/${a.id}`,
		browser_download_url: `${u.web}/${fullName}/releases/download/${encodeURIComponent(r.tag_name)}/${encodeURIComponent(a.name)}`,
		id: a.id,
		node_id: a.node_id,
		name: a.name,
		label: a.label,
		state: 'uploaded',
		content_type: a.content_type,
		size: a.data.length,
		digest: `sha256:${crypto.createHash('sha256').update(a.data).digest('hex')}`,
		download_count: 0,
		created_at: a.created_at,
		updated_at: a.updated_at,
		uploader: simpleUser(u, kit.account(a.uploader)),
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
	workflow,
	workflowRun,
	gist,
	mimeOf,
	languageOf,
	release,
	releaseAsset,
	hook,
	actor,
	event,
};
