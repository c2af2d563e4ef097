'use strict';
/**
 * Check runs and commit statuses: POST …/check-runs, GET/PATCH …/check-runs/{id},
 * GET …/commits/{ref}/check-runs; POST …/statuses/{sha}, GET …/commits/{ref}/statuses,
 * GET …/commits/{ref}/status. Repo.checkRuns: Map<id, {id, head_sha, name, status, conclusion,
 * started_at, completed_at, details_url, external_id, output: {title, summary, text},
 * annotations: [], annotationRequests: number[] (annotations per request), app}>;
 * Repo.statuses: Array<{id, sha, state, target_url, description, context, created_at, creator}>.
 * As on the platform, only a GitHub App creates and updates check runs (403 for other tokens),
 * at most 50 annotations per request (the description's maxItems: 422), and a completed run needs
 * a conclusion.
 */
const git = require('../git');
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerChecks(routes, kit, common) {
	const { state } = kit;
	const { repoFor } = common;

	const runsOf = (repo) => {
		repo.checkRuns = repo.checkRuns ?? new Map();
		return repo.checkRuns;
	};
	const statusesOf = (repo) => {
		repo.statuses = repo.statuses ?? [];
		return repo.statuses;
	};
	const commitOf = (ctx, repo, sha) => {
		const resolved = /^[0-9a-f]{40}$/i.test(sha) ? (repo.commits.has(sha.toLowerCase()) ? sha.toLowerCase() : undefined) : undefined;
		if (!resolved) throw ctx.validationFailed([{ resource: 'CheckRun', field: 'head_sha', code: 'invalid' }], `No commit found for SHA: ${sha}`);
		return resolved;
	};
	const onlyApps = (ctx) => {
		if (ctx.who.installation === undefined) throw ctx.fail(403, 'You must authenticate via a GitHub App.');
	};

	const runJson = (ctx, repo, run) => {
		const api = `${ctx.u.api}/repos/${repo.owner}/${repo.name}`;
		return {
			id: run.id,
			head_sha: run.head_sha,
			node_id: shapes.nodeId('CheckRun', run.id),
			external_id: run.external_id ?? '',
			url: `${api}/check-runs/${run.id}`,
			html_url: `${ctx.u.web}/${repo.owner}/${repo.name}/runs/${run.id}`,
			details_url: run.details_url ?? `${ctx.u.web}/apps/${state.app.slug}`,
			status: run.status,
			conclusion: run.conclusion,
			started_at: run.started_at,
			completed_at: run.completed_at,
			output: {
				title: run.output.title ?? null,
				summary: run.output.summary ?? null,
				text: run.output.text ?? null,
				annotations_count: run.annotations.length,
				annotations_url: `${api}/check-runs/${run.id}/annotations`,
			},
			name: run.name,
			check_suite: { id: run.suiteId },
			app: {
				id: state.app.id,
				slug: state.app.slug,
				node_id: shapes.nodeId('Integration', state.app.id),
				owner: shapes.simpleUser(ctx.u, kit.account(state.app.owner)),
				name: state.app.name,
				description: null,
				external_url: `${ctx.u.web}/apps/${state.app.slug}`,
				html_url: `${ctx.u.web}/apps/${state.app.slug}`,
				created_at: '2024-01-02T10:00:00Z',
				updated_at: '2024-01-02T10:00:00Z',
				permissions: {},
				events: [],
			},
			pull_requests: [],
		};
	};

	/** Applies status / conclusion / output / annotations of a create or update body. */
	const apply = (ctx, run, body) => {
		const now = git.isoNow();
		for (const field of ['name', 'details_url', 'external_id']) if (body[field] !== undefined) run[field] = body[field];
		if (body.started_at !== undefined) run.started_at = body.started_at;
		if (body.status !== undefined) run.status = body.status;
		if (body.conclusion !== undefined) {
			run.conclusion = body.conclusion;
			run.status = 'completed';
		}
		if (run.status === 'completed' && !run.conclusion) {
			throw ctx.validationFailed([{ resource: 'CheckRun', field: 'conclusion', code: 'missing_field' }], 'Conclusion is required when status is completed');
		}
		if (run.status === 'completed') run.completed_at = body.completed_at ?? run.completed_at ?? now;
		if (run.status === 'in_progress' && !run.started_at) run.started_at = now;
		if (body.output) {
			for (const field of ['title', 'summary', 'text']) if (body.output[field] !== undefined) run.output[field] = body.output[field];
			const annotations = body.output.annotations ?? [];
			if (annotations.length > 0) {
				run.annotations.push(...annotations);
				run.annotationRequests.push(annotations.length);
			}
		}
	};

	routes['POST /repos/{owner}/{repo}/check-runs'] = (ctx) => {
		onlyApps(ctx);
		const repo = repoFor(ctx, 'push');
		const headSha = commitOf(ctx, repo, ctx.body.head_sha);
		const id = kit.nextId();
		const run = {
			id,
			head_sha: headSha,
			name: ctx.body.name,
			status: 'queued',
			conclusion: null,
			started_at: git.isoNow(),
			completed_at: null,
			output: {},
			annotations: [],
			annotationRequests: [],
			suiteId: 5000000 + id,
		};
		apply(ctx, run, ctx.body);
		runsOf(repo).set(id, run);
		return { status: 201, body: runJson(ctx, repo, run) };
	};

	const runFor = (ctx, repo) => {
		const run = runsOf(repo).get(Number(ctx.params.check_run_id));
		if (!run) throw ctx.notFound();
		return run;
	};

	routes['GET /repos/{owner}/{repo}/check-runs/{check_run_id}'] = (ctx) => {
		const repo = repoFor(ctx);
		return { body: runJson(ctx, repo, runFor(ctx, repo)) };
	};

	routes['PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}'] = (ctx) => {
		onlyApps(ctx);
		const repo = repoFor(ctx, 'push');
		const run = runFor(ctx, repo);
		apply(ctx, run, ctx.body ?? {});
		return { body: runJson(ctx, repo, run) };
	};

	routes['GET /repos/{owner}/{repo}/commits/{ref}/check-runs'] = (ctx) => {
		const repo = repoFor(ctx);
		const sha = git.resolveRef(repo, ctx.params.ref);
		if (!sha) throw ctx.validationFailed([], `No commit found for SHA: ${ctx.params.ref}`);
		let runs = [...runsOf(repo).values()].filter((run) => run.head_sha === sha);
		if (ctx.query.check_name) runs = runs.filter((run) => run.name === ctx.query.check_name);
		if (ctx.query.status) runs = runs.filter((run) => run.status === ctx.query.status);
		runs.sort((a, b) => b.id - a.id);
		return { body: { total_count: runs.length, check_runs: kit.paginate(ctx, runs).map((run) => runJson(ctx, repo, run)) } };
	};

	const statusJson = (ctx, repo, status) => {
		const creator = kit.account(status.creator);
		return {
			url: `${ctx.u.api}/repos/${repo.owner}/${repo.name}/statuses/${status.sha}`,
			avatar_url: creator ? `${ctx.u.web}/avatars/u/${creator.id}?v=4` : null,
			id: status.id,
			node_id: shapes.nodeId('StatusContext', status.id),
			state: status.state,
			description: status.description,
			target_url: status.target_url,
			context: status.context,
			created_at: status.created_at,
			updated_at: status.created_at,
			creator: shapes.simpleUser(ctx.u, creator),
		};
	};

	routes['POST /repos/{owner}/{repo}/statuses/{sha}'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const sha = /^[0-9a-f]{40}$/i.test(ctx.params.sha) && repo.commits.has(ctx.params.sha.toLowerCase()) ? ctx.params.sha.toLowerCase() : undefined;
		if (!sha) throw ctx.validationFailed([], `No commit found for SHA: ${ctx.params.sha}`);
		const context = ctx.body.context ?? 'default';
		const list = statusesOf(repo);
		if (list.filter((status) => status.sha === sha && status.context === context).length >= 1000) {
			throw ctx.validationFailed([], 'This SHA and context has reached the maximum number of statuses.');
		}
		const status = {
			id: kit.nextId(),
			sha,
			state: ctx.body.state,
			target_url: ctx.body.target_url ?? null,
			description: ctx.body.description ?? null,
			context,
			created_at: git.isoNow(),
			creator: ctx.who.login,
		};
		list.unshift(status);
		return { status: 201, body: statusJson(ctx, repo, status) };
	};

	const statusesFor = (ctx, repo) => {
		const sha = git.resolveRef(repo, ctx.params.ref);
		if (!sha) throw ctx.notFound();
		return { sha, list: statusesOf(repo).filter((status) => status.sha === sha) };
	};

	routes['GET /repos/{owner}/{repo}/commits/{ref}/statuses'] = (ctx) => {
		const repo = repoFor(ctx);
		const { list } = statusesFor(ctx, repo);
		return { body: kit.paginate(ctx, list).map((status) => statusJson(ctx, repo, status)) };
	};

	routes['GET /repos/{owner}/{repo}/commits/{ref}/status'] = (ctx) => {
		const repo = repoFor(ctx);
		const { sha, list } = statusesFor(ctx, repo);
		const latest = [];
		for (const status of list) if (!latest.some((seen) => seen.context === status.context)) latest.push(status);
		const states = latest.map((status) => status.state);
		const combined = states.some((s) => s === 'error' || s === 'failure')
			? 'failure'
			: states.length === 0 || states.some((s) => s === 'pending')
				? 'pending'
				: 'success';
		const page = kit.paginate(ctx, latest);
		return {
			body: {
				state: combined,
				statuses: page.map((status) => statusJson(ctx, repo, status)),
				sha,
				total_count: latest.length,
				repository: common.repoJson(ctx, repo),
				commit_url: `${ctx.u.api}/repos/${repo.owner}/${repo.name}/commits/${sha}`,
				url: `${ctx.u.api}/repos/${repo.owner}/${repo.name}/commits/${sha}/status`,
			},
		};
	};
}

module.exports = { registerChecks };
