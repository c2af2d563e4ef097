import type { IDataObject } from 'n8n-workflow';

import { namesOf, pick, withoutUndefined } from '../../../shared';

/*
 * What Simplify returns per GitHub object: the fields a person reads (README, "Simplify"). Each
 * keeps the object's own field names where there is one, and the `url` of its page on GitHub.
 */

/** An issue (or a pull request in an issue list or search): number, title, state, author, labels, url, body. */
export function simplifyIssue(issue: IDataObject): IDataObject {
	return withoutUndefined({
		number: issue.number,
		title: issue.title,
		state: issue.state,
		author: pick(issue, 'user', 'login'),
		labels: namesOf(issue.labels, 'name'),
		assignees: namesOf(issue.assignees, 'login'),
		comments: issue.comments,
		pullRequest: issue.pull_request ? true : undefined,
		url: issue.html_url,
		body: issue.body ?? '',
	});
}

/** A pull request: number, title, state, draft, merged, author, head and base branches, url, body. */
export function simplifyPullRequest(pull: IDataObject): IDataObject {
	return withoutUndefined({
		number: pull.number,
		title: pull.title,
		state: pull.state,
		draft: pull.draft,
		merged: pull.merged ?? (pull.merged_at ? true : undefined),
		author: pick(pull, 'user', 'login'),
		head: pick(pull, 'head', 'ref'),
		base: pick(pull, 'base', 'ref'),
		labels: namesOf(pull.labels, 'name'),
		url: pull.html_url,
		body: pull.body ?? '',
	});
}

/** A workflow run: id, name, status, conclusion, branch, event, url. */
export function simplifyRun(run: IDataObject): IDataObject {
	return withoutUndefined({
		id: run.id,
		name: run.name ?? run.display_title,
		status: run.status,
		conclusion: run.conclusion,
		branch: run.head_branch,
		event: run.event,
		createdAt: run.created_at,
		url: run.html_url,
	});
}

/** A repository: full name, description, default branch, visibility, stars, open issues, url. */
export function simplifyRepository(repo: IDataObject): IDataObject {
	return withoutUndefined({
		fullName: repo.full_name,
		description: repo.description ?? '',
		defaultBranch: repo.default_branch,
		private: repo.private,
		stars: repo.stargazers_count,
		openIssues: repo.open_issues_count,
		url: repo.html_url,
	});
}

/** A commit: sha, message, author, date, url. */
export function simplifyCommit(commit: IDataObject): IDataObject {
	return withoutUndefined({
		sha: commit.sha,
		message: pick(commit, 'commit', 'message'),
		author: pick(commit, 'author', 'login') ?? pick(commit, 'commit', 'author', 'name'),
		date: pick(commit, 'commit', 'author', 'date'),
		url: commit.html_url,
	});
}

/** A release: id, tag, name, draft, prerelease, published at, url, notes. */
export function simplifyRelease(release: IDataObject): IDataObject {
	return withoutUndefined({
		id: release.id,
		tag: release.tag_name,
		name: release.name,
		draft: release.draft,
		prerelease: release.prerelease,
		publishedAt: release.published_at,
		url: release.html_url,
		body: release.body ?? '',
	});
}
