'use strict';
/** Pull requests: GET/POST …/pulls; GET/PATCH …/pulls/{n}; PUT …/pulls/{n}/merge; GET …/pulls/{n}/requested_reviewers (reviews: reviews.js). */
const git = require('../git');
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerPulls(routes, kit, common) {
	const { repoFor, pullFor, sortBy, kitForShapes, pushEvent, issueWebhook } = common;

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
}

module.exports = { registerPulls };
