'use strict';
/** Lookups and helpers the route groups of resources/ share (repository access, sorting, issue and push webhooks). */
const git = require('../git');
const shapes = require('../shapes');

/** The helpers over `kit` (see ../server.js). */
function createCommon(kit) {
	const { LEVELS } = kit;

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
		// a GitHub App's installation token has no scopes: its permissions were checked (../apps.js)
		if (ctx.who.installation !== undefined || ctx.who.fineGrained) return;
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

	function issueJson(ctx, repo, issue) {
		return shapes.issue(ctx.u, repo, issue, kitForShapes);
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

	return {
		repoFor,
		needScope,
		repoJson,
		issueFor,
		pullFor,
		sortBy,
		sinceFilter,
		kitForShapes,
		pushEvent,
		issueJson,
		issueWebhook,
	};
}

module.exports = { createCommon };
