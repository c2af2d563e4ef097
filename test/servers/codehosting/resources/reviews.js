'use strict';
/**
 * Pull request reviews: GET/POST …/pulls/{n}/reviews; GET/PUT …/pulls/{n}/reviews/{review_id}.
 * As on GitHub: no approving or requesting changes on one's own pull request, a body is needed
 * to comment or request changes, one pending review per user, line comments only on files the
 * pull request changes, a pending review is seen by its author only, only the author edits.
 */
const git = require('../git');
const shapes = require('../shapes');

const STATES = { APPROVE: 'APPROVED', REQUEST_CHANGES: 'CHANGES_REQUESTED', COMMENT: 'COMMENTED' };

/** Adds the handlers to `routes` (see ../routes.js). */
function registerReviews(routes, kit, common) {
	const { repoFor, pullFor, kitForShapes } = common;

	const json = (ctx, repo, issue, r) => shapes.review(ctx.u, repo, issue, r, kitForShapes);
	const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();
	const visible = (ctx, r) => r.state !== 'PENDING' || same(r.user, ctx.who.login);

	function reviewFor(ctx, repo, issue) {
		const r = issue.pull.reviews.find((entry) => entry.id === Number(ctx.params.review_id));
		if (!r || !visible(ctx, r)) throw ctx.notFound();
		return r;
	}

	routes['GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		const list = issue.pull.reviews.filter((r) => visible(ctx, r));
		return { body: kit.paginate(ctx, list).map((r) => json(ctx, repo, issue, r)) };
	};

	routes['POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		const b = ctx.body ?? {};
		const own = same(issue.user, ctx.who.login);
		if (b.event === 'APPROVE' && own) throw ctx.validationFailed(['Review Can not approve your own pull request'], 'Unprocessable Entity');
		if (b.event === 'REQUEST_CHANGES' && own) throw ctx.validationFailed(['Review Can not request changes on your own pull request'], 'Unprocessable Entity');
		if ((b.event === 'REQUEST_CHANGES' || b.event === 'COMMENT') && !String(b.body ?? '').trim()) {
			throw ctx.validationFailed(['Review body is required when the event is ' + b.event], 'Unprocessable Entity');
		}
		if (!b.event && issue.pull.reviews.some((r) => r.state === 'PENDING' && same(r.user, ctx.who.login))) {
			throw ctx.validationFailed(['User can only have one pending review per pull request'], 'Unprocessable Entity');
		}
		const status = kit.mergeStatus(repo, issue);
		const commitId = b.commit_id ?? status.headSha;
		if (!repo.commits.has(commitId)) throw ctx.validationFailed([{ resource: 'PullRequestReview', code: 'invalid', field: 'commit_id' }]);
		const base = git.mergeBase(repo, status.baseSha, status.headSha);
		const changed = new Set(git.changedPaths(base?.tree ?? {}, repo.commits.get(status.headSha)?.tree ?? {}));
		const comments = b.comments ?? [];
		for (const comment of comments) {
			if (!changed.has(comment.path)) throw ctx.validationFailed(['Path could not be resolved'], 'Unprocessable Entity');
			if (comment.line === undefined && comment.position === undefined) {
				throw ctx.validationFailed(['Line could not be resolved'], 'Unprocessable Entity');
			}
		}
		const id = kit.nextId();
		const r = {
			id,
			node_id: shapes.nodeId('PullRequestReview', id),
			user: ctx.who.login,
			state: b.event ? STATES[b.event] : 'PENDING',
			body: b.body ?? '',
			commit_id: commitId,
			submitted_at: b.event ? git.isoNow() : undefined,
			comments: comments.map((comment) => ({ ...comment })),
		};
		issue.pull.reviews.push(r);
		if (b.event) {
			kit.emitWebhook('pull_request_review', { repo, u: ctx.u, sender: ctx.who.login }, () => ({
				action: 'submitted',
				review: json(ctx, repo, issue, r),
				pull_request: shapes.pullRequest(ctx.u, repo, issue, kitForShapes, false),
			}));
		}
		return { body: json(ctx, repo, issue, r) };
	};

	routes['GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		return { body: json(ctx, repo, issue, reviewFor(ctx, repo, issue)) };
	};

	routes['PUT /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		const r = reviewFor(ctx, repo, issue);
		if (!same(r.user, ctx.who.login)) throw ctx.fail(403, 'Resource not accessible by personal access token');
		r.body = ctx.body.body;
		if (r.state !== 'PENDING') {
			kit.emitWebhook('pull_request_review', { repo, u: ctx.u, sender: ctx.who.login }, () => ({
				action: 'edited',
				changes: {},
				review: json(ctx, repo, issue, r),
				pull_request: shapes.pullRequest(ctx.u, repo, issue, kitForShapes, false),
			}));
		}
		return { body: json(ctx, repo, issue, r) };
	};
}

module.exports = { registerReviews };
