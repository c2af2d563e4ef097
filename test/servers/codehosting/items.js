'use strict';
/**
 * Issues, pull requests (and their merge status), workflows and runs, gists, releases and
 * Projects (v2) of the code-hosting test server, over the store of store.js (with webhooks.js).
 */
const crypto = require('crypto');
const git = require('./git');
const shapes = require('./shapes');
const { LOGIN, OTHER_LOGIN, isoAt } = require('./constants');

/** Seed helpers and record builders over store `s`; shapes get `s` as their kit. */
function createItems(s) {
	const { state, nextId, account, mustRepo, addLabel, addBranch, addFile, addEvent } = s;
	const kit = s;

	/** Adds `n` issues (titles "Issue 1" …). opts: {state, labels, assignees, user, prefix}. */
	function addIssues(owner, name, n, opts = {}) {
		const repo = mustRepo(owner, name);
		const created = [];
		for (let i = 0; i < n; i++) {
			created.push(
				createIssue(repo, {
					title: `${opts.prefix ?? 'Issue'} ${repo.nextNumber}`,
					body: opts.body ?? `Body of issue ${repo.nextNumber}`,
					user: opts.user ?? LOGIN,
					labels: opts.labels ?? [],
					assignees: opts.assignees ?? [],
					state: opts.state ?? 'open',
				}),
			);
		}
		return created;
	}

	function createIssue(repo, fields) {
		const id = nextId();
		const now = git.isoNow();
		const issue = {
			id,
			node_id: shapes.nodeId('Issue', id),
			number: repo.nextNumber++,
			title: String(fields.title),
			body: fields.body ?? null,
			state: fields.state ?? 'open',
			state_reason: fields.state === 'closed' ? 'completed' : null,
			user: fields.user,
			labels: [],
			assignees: [...(fields.assignees ?? [])],
			locked: false,
			created_at: now,
			updated_at: now,
			closed_at: fields.state === 'closed' ? now : null,
			closed_by: fields.state === 'closed' ? fields.user : null,
		};
		for (const labelName of fields.labels ?? []) issue.labels.push(addLabel(repo, labelName).name);
		repo.issues.set(issue.number, issue);
		return issue;
	}

	/**
	 * Adds a pull request from `head` to `base` (branches; head is created with one commit adding
	 * `file` when it does not exist). opts: {title, body, draft, mergeable (force), reviewers:
	 * [login], reviews: [{user, state, body}], user, file, date (of the head commit)}.
	 */
	function addPull(owner, name, opts = {}) {
		const repo = mustRepo(owner, name);
		const base = opts.base ?? repo.default_branch;
		const head = opts.head ?? `feature-${repo.nextNumber}`;
		if (!repo.branches.has(head)) {
			addBranch(owner, name, head, base);
			addFile(owner, name, opts.file ?? `feature-${repo.nextNumber}.txt`, `change for ${head}\n`, head, { date: opts.date });
		}
		const issue = createIssue(repo, { title: opts.title ?? `Pull request ${repo.nextNumber}`, body: opts.body ?? null, user: opts.user ?? LOGIN });
		const id = nextId();
		issue.pull = {
			id,
			node_id: shapes.nodeId('PullRequest', id),
			head: { ref: head, sha: repo.branches.get(head) },
			base: { ref: base, sha: repo.branches.get(base) },
			draft: Boolean(opts.draft),
			merged: false,
			merged_at: null,
			merged_by: null,
			merge_commit_sha: null,
			mergeable: opts.mergeable,
			maintainer_can_modify: false,
			requested_reviewers: [...(opts.reviewers ?? [])],
			reviews: (opts.reviews ?? []).map((r) => {
				const reviewId = nextId();
				return {
					id: reviewId,
					node_id: shapes.nodeId('PullRequestReview', reviewId),
					user: r.user ?? OTHER_LOGIN,
					state: r.state ?? 'APPROVED',
					body: r.body ?? '',
					commit_id: repo.branches.get(head),
					submitted_at: git.isoNow(),
				};
			}),
		};
		return issue;
	}

	/**
	 * Adds a workflow. opts: {id, name, path ('.github/workflows/<file>'), state, dispatchable, inputs,
	 * conclusion (of its dispatched runs when they complete; default success)}.
	 */
	function addWorkflow(owner, name, opts = {}) {
		const repo = mustRepo(owner, name);
		const id = opts.id ?? nextId();
		const file = opts.path ?? `.github/workflows/workflow-${id}.yml`;
		const w = {
			id,
			node_id: shapes.nodeId('Workflow', id),
			name: opts.name ?? file.split('/').pop().replace(/\.ya?ml$/, ''),
			path: file,
			state: opts.state ?? 'active',
			dispatchable: opts.dispatchable ?? true,
			inputs: opts.inputs ?? {},
			// `run-name` of the workflow file, with ${{ inputs.X }} placeholders (display_title of its dispatch runs)
			...(opts.runName ? { runName: opts.runName } : {}),
			conclusion: opts.conclusion ?? 'success',
			created_at: opts.created_at ?? isoAt(60),
			updated_at: opts.created_at ?? isoAt(60),
		};
		repo.workflows.set(id, w);
		return w;
	}

	/** Adds `n` runs of workflow `workflowId`. opts: {status, conclusion, event, branch, actor}. */
	function addWorkflowRuns(owner, name, workflowId, n, opts = {}) {
		const repo = mustRepo(owner, name);
		const w = repo.workflows.get(Number(workflowId));
		if (!w) throw new Error(`addWorkflowRuns: unknown workflow ${workflowId}`);
		const runs = [];
		for (let i = 0; i < n; i++) {
			runs.push(
				createRun(repo, w, {
					branch: opts.branch ?? repo.default_branch,
					event: opts.event ?? 'push',
					actor: opts.actor ?? LOGIN,
					status: opts.status ?? 'completed',
					conclusion: opts.conclusion === undefined ? ((opts.status ?? 'completed') === 'completed' ? 'success' : null) : opts.conclusion,
				}),
			);
		}
		return runs;
	}

	function createRun(repo, w, opts) {
		const id = nextId();
		const number = [...repo.runs.values()].filter((run) => run.workflow_id === w.id).length + 1;
		const now = git.isoNow();
		const run = {
			id,
			node_id: shapes.nodeId('WorkflowRun', id),
			workflow_id: w.id,
			name: w.name,
			path: w.path,
			display_title: opts.display_title ?? w.name,
			head_branch: opts.branch,
			head_sha: git.resolveRef(repo, opts.branch) ?? repo.branches.get(repo.default_branch) ?? null,
			event: opts.event,
			status: opts.status,
			conclusion: opts.conclusion ?? null,
			run_number: number,
			actor: opts.actor,
			inputs: opts.inputs ?? {},
			created_at: now,
			updated_at: now,
		};
		repo.runs.set(id, run);
		return run;
	}

	/** Sets a run's status (and conclusion when completed). */
	function setRunStatus(owner, name, runId, status, conclusion) {
		const repo = mustRepo(owner, name);
		const run = repo.runs.get(Number(runId));
		if (!run) throw new Error(`setRunStatus: unknown run ${runId}`);
		run.status = status;
		run.conclusion = status === 'completed' ? (conclusion ?? 'success') : null;
		run.updated_at = git.isoNow();
		return run;
	}

	/** Adds a gist. opts: {description, public (true), files: {name: content}, id}. */
	function addGist(owner, opts = {}) {
		const ownerAccount = account(owner);
		if (!ownerAccount) throw new Error(`addGist: unknown owner ${owner}`);
		const id = opts.id ?? crypto.randomBytes(16).toString('hex');
		const now = opts.created_at ?? git.isoNow();
		const files = {};
		for (const [filename, content] of Object.entries(opts.files ?? { 'hello.txt': 'Hello\n' })) files[filename] = { content: String(content) };
		const g = {
			id,
			node_id: shapes.nodeId('Gist', id),
			owner: ownerAccount.login,
			description: opts.description ?? null,
			public: opts.public ?? true,
			files,
			revision: git.sha1(`${id}:${JSON.stringify(files)}:${Date.now()}`),
			created_at: now,
			updated_at: now,
			seq: ++state.counters.id,
		};
		state.gists[id] = g;
		return g;
	}

	/** Adds `n` releases (tags v1.0.0 …) at the default branch. opts: {draft, prerelease, author}. */
	function addReleases(owner, name, n, opts = {}) {
		const repo = mustRepo(owner, name);
		const created = [];
		for (let i = 0; i < n; i++) {
			const version = `v1.${repo.releases.length}.0`;
			const id = nextId();
			const sha = repo.branches.get(repo.default_branch);
			if (sha) repo.tags.set(version, sha);
			const r = {
				id,
				node_id: shapes.nodeId('Release', id),
				tag_name: version,
				target_commitish: repo.default_branch,
				name: `Release ${version}`,
				body: `Notes for ${version}`,
				draft: Boolean(opts.draft),
				prerelease: Boolean(opts.prerelease),
				author: opts.author ?? LOGIN,
				created_at: git.isoNow(),
				published_at: git.isoNow(),
			};
			repo.releases.push(r);
			created.push(r);
			if (!r.draft) addEvent('ReleaseEvent', r.author, repo, (u) => ({ action: 'published', release: shapes.release(u, repo, r, kit) }));
		}
		return created;
	}


	/** Adds a Projects (v2) project. opts: {number, title, fields, items}. Returns the project. */
	function addProject(ownerType, owner, opts = {}) {
		const number = opts.number ?? Object.values(state.projects).filter((p) => p.owner.toLowerCase() === owner.toLowerCase()).length + 1;
		const id = opts.id ?? `PVT_kw${crypto.createHash('md5').update(`${owner}/${number}`).digest('base64url').slice(0, 12)}`;
		const project = {
			id,
			number,
			title: opts.title ?? `Project ${number}`,
			ownerType,
			owner,
			fields: opts.fields ?? [],
			items: new Map(),
		};
		for (const item of opts.items ?? []) project.items.set(item.id, { values: {}, type: 'ISSUE', ...item });
		state.projects[id] = project;
		return project;
	}

	function mergeStatus(repo, issue) {
		const p = issue.pull;
		const headSha = repo.branches.get(p.head.ref) ?? p.head.sha;
		const baseSha = repo.branches.get(p.base.ref) ?? p.base.sha;
		let result = { tree: {}, conflicts: [], ahead: [] };
		if (headSha && baseSha && repo.commits.has(headSha) && repo.commits.has(baseSha)) result = git.merge(repo, baseSha, headSha);
		const common = headSha && baseSha ? git.mergeBase(repo, baseSha, headSha) : undefined;
		const changed = git.changedPaths(common?.tree ?? {}, repo.commits.get(headSha)?.tree ?? {});
		let mergeable = p.mergeable !== undefined ? p.mergeable : result.conflicts.length === 0;
		if (p.merged || issue.state === 'closed') mergeable = p.merged ? null : mergeable;
		return {
			mergeable,
			mergeable_state: p.merged ? 'unknown' : mergeable === false ? 'dirty' : 'clean',
			conflicts: result.conflicts,
			tree: result.tree,
			commits: result.ahead.length,
			additions: changed.length,
			deletions: 0,
			changed_files: changed.length,
			headSha,
			baseSha,
		};
	}


	return {
		addIssues,
		createIssue,
		addPull,
		addWorkflow,
		addWorkflowRuns,
		createRun,
		setRunStatus,
		addGist,
		addReleases,
		addProject,
		mergeStatus,
	};
}

module.exports = { createItems };
