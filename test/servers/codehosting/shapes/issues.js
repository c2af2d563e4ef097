'use strict';
/** JSON shapes (see ../shapes.js). Issues and pull requests: labels, issues, comments, pulls and reviews. */
const { simpleUser, repository } = require('./accounts');

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
		active_lock_reason: i.locked ? (i.lock_reason ?? null) : null,
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
		active_lock_reason: i.locked ? (i.lock_reason ?? null) : null,
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

module.exports = {
	label,
	reactions,
	authorAssociation,
	issue,
	issueComment,
	pullBranch,
	pullRequest,
	review,
};
