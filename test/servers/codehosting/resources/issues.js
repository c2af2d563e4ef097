'use strict';
/** Issues and comments: GET/POST …/issues; GET/PATCH …/issues/{n}; PUT/DELETE …/issues/{n}/lock; POST …/issues/{n}/comments; GET …/assignees; GET /issues (the caller's issues). */
const git = require('../git');
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerIssues(routes, kit, common) {
	const { state } = kit;
	const { repoFor, repoJson, issueFor, sortBy, sinceFilter, kitForShapes, issueJson, issueWebhook } = common;

	// ------------------------------------------------------------ issues

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

	routes['PUT /repos/{owner}/{repo}/issues/{issue_number}/lock'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const issue = issueFor(ctx, repo, ctx.params.issue_number);
		issue.locked = true;
		issue.lock_reason = ctx.body?.lock_reason ?? null;
		issue.updated_at = git.isoNow();
		issueWebhook(ctx, repo, issue, 'locked');
		return { status: 204 };
	};

	routes['DELETE /repos/{owner}/{repo}/issues/{issue_number}/lock'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const issue = issueFor(ctx, repo, ctx.params.issue_number);
		issue.locked = false;
		issue.lock_reason = null;
		issue.updated_at = git.isoNow();
		issueWebhook(ctx, repo, issue, 'unlocked');
		return { status: 204 };
	};

	/** Repositories whose issues GET /issues looks at: owned, collaborated on, or of the caller's organizations. */
	function involvedRepos(login) {
		const me = login.toLowerCase();
		return Object.values(state.repos).filter((repo) => {
			if (!repo.has_issues || kit.level(repo, login) === null) return false;
			const org = state.orgs[repo.owner.toLowerCase()];
			return repo.owner.toLowerCase() === me || repo.collaborators.has(me) || Boolean(org && Object.keys(org.members).some((m) => m.toLowerCase() === me));
		});
	}

	routes['GET /issues'] = (ctx) => {
		const me = ctx.who.login.toLowerCase();
		const filter = ctx.query.filter ?? 'assigned';
		const mentions = (issue) => (issue.body ?? '').toLowerCase().includes(`@${me}`);
		const wanted = {
			assigned: (issue) => issue.assignees.some((a) => a.toLowerCase() === me),
			created: (issue) => issue.user.toLowerCase() === me,
			mentioned: mentions,
			subscribed: (issue) => issue.user.toLowerCase() === me || issue.assignees.some((a) => a.toLowerCase() === me) || mentions(issue),
			repos: () => true,
			all: () => true,
		}[filter];
		const state_ = ctx.query.state ?? 'open';
		let list = [];
		for (const repo of involvedRepos(ctx.who.login)) {
			for (const issue of repo.issues.values()) if (wanted(issue)) list.push({ repo, issue });
		}
		list = list.filter(({ issue }) => state_ === 'all' || issue.state === state_);
		if (ctx.query.labels) {
			const labels = String(ctx.query.labels).split(',').map((l) => l.trim().toLowerCase()).filter(Boolean);
			list = list.filter(({ issue }) => labels.every((l) => issue.labels.some((x) => x.toLowerCase() === l)));
		}
		if (ctx.query.since) list = list.filter(({ issue }) => Date.parse(issue.updated_at) >= Date.parse(ctx.query.since));
		const sort = ctx.query.sort ?? 'created';
		const decorated = list.map((entry) => ({
			...entry,
			key: sort === 'comments'
				? [...entry.repo.comments.values()].filter((c) => c.issueNumber === entry.issue.number).length * 1e12 + entry.issue.id
				: `${sort === 'updated' ? entry.issue.updated_at : entry.issue.created_at}${String(entry.issue.id).padStart(12, '0')}`,
		}));
		const page = kit.paginate(ctx, sortBy(decorated, 'key', ctx.query.direction ?? 'desc'));
		return { body: page.map(({ repo, issue }) => ({ ...issueJson(ctx, repo, issue), repository: repoJson(ctx, repo) })) };
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

	routes['GET /repos/{owner}/{repo}/issues/{issue_number}/comments'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = issueFor(ctx, repo, ctx.params.issue_number);
		let list = [...repo.comments.values()].filter((comment) => comment.issueNumber === issue.number).sort((a, b) => a.id - b.id);
		if (ctx.query.since) list = list.filter((comment) => Date.parse(comment.updated_at) >= Date.parse(ctx.query.since));
		return { body: kit.paginate(ctx, list).map((comment) => shapes.issueComment(ctx.u, repo, comment, kitForShapes)) };
	};

	const commentFor = (ctx, repo) => {
		const comment = repo.comments.get(Number(ctx.params.comment_id));
		if (!comment) throw ctx.notFound();
		return comment;
	};
	// the comment's author, or push access (the platform's rule for editing others' comments)
	const mayChange = (ctx, repo, comment) => {
		if (comment.user.toLowerCase() !== ctx.who.login.toLowerCase() && !kit.atLeast(repo, ctx.who.login, 'push')) {
			throw ctx.fail(403, 'Resource not accessible by personal access token');
		}
	};

	routes['PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}'] = (ctx) => {
		const repo = repoFor(ctx);
		const comment = commentFor(ctx, repo);
		mayChange(ctx, repo, comment);
		comment.body = ctx.body.body;
		comment.updated_at = git.isoNow();
		return { body: shapes.issueComment(ctx.u, repo, comment, kitForShapes) };
	};

	routes['DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}'] = (ctx) => {
		const repo = repoFor(ctx);
		const comment = commentFor(ctx, repo);
		mayChange(ctx, repo, comment);
		repo.comments.delete(comment.id);
		return { status: 204 };
	};

	routes['GET /repos/{owner}/{repo}/assignees'] = (ctx) => {
		const repo = repoFor(ctx);
		const candidates = new Set();
		for (const user of Object.values(state.users)) if (assignable(repo, user.login)) candidates.add(user.login);
		const list = [...candidates].sort((a, b) => a.localeCompare(b));
		return { body: kit.paginate(ctx, list).map((login) => shapes.simpleUser(ctx.u, kit.account(login))) };
	};
}

module.exports = { registerIssues };
