'use strict';
/**
 * Actions: workflows (list, get, dispatch, enable, disable, timing) and workflow runs.
 * A dispatched run goes through GitHub's lifecycle queued → in_progress → completed: each read
 * of the run (GET …/actions/runs/{id}) moves it one step, the way time passes between the polls
 * of a client, and completes it with the workflow's `conclusion` (seed option, default success).
 * `state.runProgress = 'never'` keeps dispatched runs queued (a run that never finishes);
 * `'atFirstRead'` completes one at its first read (a run that finished before the client's first poll).
 */
const git = require('../git');
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerActions(routes, kit, common) {
	const { repoFor, kitForShapes } = common;

	// ------------------------------------------------------------ actions
	function workflowFor(ctx, repo) {
		const id = ctx.params.workflow_id;
		const w = /^\d+$/.test(id)
			? repo.workflows.get(Number(id))
			: [...repo.workflows.values()].find((entry) => entry.path.split('/').pop() === id || entry.path === id);
		if (!w) throw ctx.notFound();
		return w;
	}

	routes['GET /repos/{owner}/{repo}/actions/workflows'] = (ctx) => {
		const repo = repoFor(ctx);
		const list = [...repo.workflows.values()].sort((a, b) => a.id - b.id);
		return { body: { total_count: list.length, workflows: kit.paginate(ctx, list).map((w) => shapes.workflow(ctx.u, repo, w)) } };
	};

	routes['GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/timing'] = (ctx) => {
		const repo = repoFor(ctx);
		const w = workflowFor(ctx, repo);
		// Billable time of this month: one minute of Linux runner per completed run.
		const completed = [...repo.runs.values()].filter((run) => run.workflow_id === w.id && run.status === 'completed');
		return { body: { billable: { UBUNTU: { total_ms: completed.length * 60000 }, MACOS: { total_ms: 0 }, WINDOWS: { total_ms: 0 } } } };
	};

	/** One step of a dispatched run's lifecycle, with its workflow_run webhook. */
	function advance(ctx, repo, run) {
		if (!run.progresses || run.status === 'completed' || kit.state.runProgress === 'never') return;
		const w = repo.workflows.get(run.workflow_id);
		run.status = run.status === 'queued' && kit.state.runProgress !== 'atFirstRead' ? 'in_progress' : 'completed';
		run.conclusion = run.status === 'completed' ? (w?.conclusion ?? 'success') : null;
		run.updated_at = git.isoNow();
		kit.emitWebhook('workflow_run', { repo, u: ctx.u, sender: run.actor }, () => ({
			action: run.status,
			workflow_run: shapes.workflowRun(ctx.u, repo, run, kitForShapes),
			workflow: shapes.workflow(ctx.u, repo, w),
		}));
	}

	routes['GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}'] = (ctx) => {
		const repo = repoFor(ctx);
		return { body: shapes.workflow(ctx.u, repo, workflowFor(ctx, repo)) };
	};

	/** A workflow's `run-name` with `${{ inputs.X }}` filled in (GitHub's display_title), or its name. */
	function runName(w, inputs) {
		if (!w.runName) return w.name;
		return w.runName.replace(/\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}/g, (_, name) => String(inputs[name] ?? ''));
	}

	routes['POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches'] = (ctx) => {
		// Enterprise Server 3.17–3.19 describe only ref and inputs (and answer 204): the stand-in's
		// Enterprise form refuses any other key, as GitHub does for keys an endpoint does not permit.
		const enterprise = ctx.u.api.endsWith('/api/v3');
		for (const key of Object.keys(ctx.body ?? {})) {
			if (enterprise && !['ref', 'inputs'].includes(key)) throw ctx.fail(422, `Invalid request.\n\n"${key}" is not a permitted key.`);
		}
		const repo = repoFor(ctx, 'push');
		const w = workflowFor(ctx, repo);
		if (!w.dispatchable) throw ctx.fail(422, "Workflow does not have 'workflow_dispatch' trigger");
		if (w.state !== 'active') throw ctx.fail(422, "Cannot trigger a 'workflow_dispatch' on a disabled workflow");
		const ref = String(ctx.body.ref).replace(/^refs\/(heads|tags)\//, '');
		if (!repo.branches.has(ref) && !repo.tags.has(ref)) throw ctx.fail(422, `No ref found for: ${ctx.body.ref}`);
		const inputs = ctx.body.inputs ?? {};
		const unexpected = Object.keys(inputs).filter((name) => !(name in w.inputs));
		if (unexpected.length) throw ctx.fail(422, `Unexpected inputs provided: ${JSON.stringify(unexpected)}`);
		for (const [name, def] of Object.entries(w.inputs)) {
			const value = inputs[name];
			if (def.required && (value === undefined || value === '')) throw ctx.fail(422, `Required input '${name}' not provided`);
			if (value !== undefined && def.type === 'choice' && !def.options.includes(String(value))) {
				throw ctx.fail(422, `Provided value '${value}' for input '${name}' not in the list of allowed values`);
			}
			if (value !== undefined && def.type === 'boolean' && !['true', 'false', true, false].includes(value)) {
				throw ctx.fail(422, `Provided value for input '${name}' must be a boolean`);
			}
			if (value !== undefined && typeof value === 'object') throw ctx.fail(422, `Provided value for input '${name}' must be a string`);
		}
		const start = () => {
			const run = kit.createRun(repo, w, { branch: ref, event: 'workflow_dispatch', actor: ctx.who.login, status: 'queued', conclusion: null, inputs, display_title: runName(w, inputs) });
			run.progresses = true;
			kit.emitWebhook('workflow_dispatch', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ inputs, ref: `refs/heads/${ref}`, workflow: w.path }));
			kit.emitWebhook('workflow_run', { repo, u: ctx.u, sender: ctx.who.login }, () => ({
				action: 'requested',
				workflow_run: shapes.workflowRun(ctx.u, repo, run, kitForShapes),
				workflow: shapes.workflow(ctx.u, repo, w),
			}));
			return run;
		};
		const details = !enterprise && ctx.body.return_run_details;
		// Without run details the platform creates the run a moment after the dispatch
		// (state.dispatchRunDelayMs; by default 2 s on the Enterprise form, at once otherwise).
		const delay = kit.state.dispatchRunDelayMs ?? (enterprise ? 2000 : 0);
		if (!details && delay > 0) {
			setTimeout(start, delay).unref?.();
			return { status: 204 };
		}
		const run = start();
		if (details) {
			return {
				status: 200,
				body: { workflow_run_id: run.id, run_url: `${ctx.u.api}/repos/${repo.owner}/${repo.name}/actions/runs/${run.id}`, html_url: `${ctx.u.web}/${repo.owner}/${repo.name}/actions/runs/${run.id}` },
			};
		}
		return { status: 204 };
	};

	routes['PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/enable'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const w = workflowFor(ctx, repo);
		w.state = 'active';
		w.updated_at = git.isoNow();
		return { status: 204 };
	};

	routes['PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const w = workflowFor(ctx, repo);
		w.state = 'disabled_manually';
		w.updated_at = git.isoNow();
		return { status: 204 };
	};

	function listRuns(ctx, repo, runs) {
		const q = ctx.query;
		let list = runs;
		if (q.actor) list = list.filter((run) => run.actor.toLowerCase() === String(q.actor).toLowerCase());
		if (q.branch) list = list.filter((run) => run.head_branch === q.branch);
		if (q.event) list = list.filter((run) => run.event === q.event);
		if (q.status) list = list.filter((run) => run.status === q.status || run.conclusion === q.status);
		if (q.head_sha) list = list.filter((run) => run.head_sha === q.head_sha);
		if (q.created) {
			const m = /^(>=|<=|>|<)?(\S+?)(?:\.\.(\S+))?$/.exec(String(q.created));
			if (m) {
				const at = (run) => Date.parse(run.created_at);
				const from = Date.parse(m[2]);
				if (m[3]) list = list.filter((run) => at(run) >= from && at(run) <= Date.parse(m[3]) + 86399999);
				else if (m[1] === '>=') list = list.filter((run) => at(run) >= from);
				else if (m[1] === '>') list = list.filter((run) => at(run) > from);
				else if (m[1] === '<=') list = list.filter((run) => at(run) <= from);
				else if (m[1] === '<') list = list.filter((run) => at(run) < from);
			}
		}
		list = [...list].sort((a, b) => b.id - a.id);
		return { body: { total_count: list.length, workflow_runs: kit.paginate(ctx, list).map((run) => shapes.workflowRun(ctx.u, repo, run, kitForShapes)) } };
	}

	routes['GET /repos/{owner}/{repo}/actions/runs'] = (ctx) => {
		const repo = repoFor(ctx);
		return listRuns(ctx, repo, [...repo.runs.values()]);
	};

	routes['GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs'] = (ctx) => {
		const repo = repoFor(ctx);
		const w = workflowFor(ctx, repo);
		return listRuns(ctx, repo, [...repo.runs.values()].filter((run) => run.workflow_id === w.id));
	};

	routes['GET /repos/{owner}/{repo}/actions/runs/{run_id}'] = (ctx) => {
		const repo = repoFor(ctx);
		const run = repo.runs.get(Number(ctx.params.run_id));
		if (!run) throw ctx.notFound();
		advance(ctx, repo, run);
		return { body: shapes.workflowRun(ctx.u, repo, run, kitForShapes) };
	};
}

module.exports = { registerActions };
