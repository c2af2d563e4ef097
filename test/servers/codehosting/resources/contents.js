'use strict';
/** Contents and git data: GET/PUT/DELETE …/contents/{path}; GET …/branches, …/branches/{branch}; POST …/git/refs; GET …/git/ref/{ref}; GET …/commits, …/commits/{ref}. */
const git = require('../git');
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerContents(routes, kit, common) {
	const { repoFor, pushEvent } = common;

	// ------------------------------------------------------------ contents
	const RAW = /application\/vnd\.github(?:\.v3)?\.raw(?:\+json)?(?:\s*[;,]|\s*$)/i;
	const OBJECT = /application\/vnd\.github(?:\.v3)?\.object(?:\+json)?/i;

	function commitAt(ctx, repo, ref) {
		if (repo.branches.size === 0) throw ctx.fail(404, 'This repository is empty.');
		const sha = git.resolveRef(repo, ref);
		if (!sha) throw ctx.fail(404, `No commit found for the ref ${ref}`);
		return repo.commits.get(sha);
	}

	routes['GET /repos/{owner}/{repo}/contents/{path}'] = (ctx) => {
		const repo = repoFor(ctx);
		const ref = ctx.query.ref;
		const commit = commitAt(ctx, repo, ref);
		const refName = ref ?? repo.default_branch;
		const path = ctx.params.path.replace(/^\/+|\/+$/g, '');
		const blobSha = commit.tree[path];
		if (blobSha !== undefined) {
			const content = repo.blobs.get(blobSha);
			if (RAW.test(ctx.accept)) {
				return { status: 200, raw: content, headers: { 'Content-Type': 'application/vnd.github.raw', ETag: `"${blobSha}"`, 'x-github-media-type': 'github.raw' } };
			}
			return { body: shapes.contentEntry(ctx.u, repo, refName, { type: 'file', path, sha: blobSha, size: content.length }, content) };
		}
		const entries = shapes.directoryEntries(repo, commit.tree, path);
		if (entries.length === 0) throw ctx.notFound();
		const listing = entries.map((entry) => shapes.contentEntry(ctx.u, repo, refName, entry));
		if (OBJECT.test(ctx.accept)) {
			const dir = shapes.contentEntry(ctx.u, repo, refName, { type: 'dir', path, sha: git.treeSha(commit.tree, path), size: 0 });
			return { body: { ...dir, entries: listing } };
		}
		return { body: listing };
	};

	function base64Content(ctx, text) {
		const compact = String(text).replace(/[\r\n]/g, '');
		if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
			throw ctx.fail(422, 'content is not valid Base64');
		}
		return Buffer.from(compact, 'base64');
	}

	function personFromBody(ctx, person, fallbackLogin) {
		if (person) return { name: person.name, email: person.email, ...(person.date ? { date: person.date } : {}) };
		return kit.authorOf(fallbackLogin);
	}

	routes['PUT /repos/{owner}/{repo}/contents/{path}'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const path = ctx.params.path;
		if (!path || path.startsWith('/') || path.endsWith('/') || path.split('/').some((s) => s === '' || s === '.' || s === '..')) {
			throw ctx.fail(422, 'path contains a malformed path component');
		}
		const content = base64Content(ctx, ctx.body.content ?? '');
		const branch = ctx.body.branch ?? repo.default_branch;
		const parentSha = repo.branches.get(branch);
		if (!parentSha && (repo.branches.size > 0 || ctx.body.branch)) throw ctx.fail(404, `Branch ${branch} not found`);
		const tree = parentSha ? { ...repo.commits.get(parentSha).tree } : {};
		const existing = tree[path];
		if (Object.keys(tree).some((p) => p.startsWith(`${path}/`))) throw ctx.fail(422, `path ${path} is a directory`);
		if (existing !== undefined) {
			if (!ctx.body.sha) throw ctx.fail(422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
			if (ctx.body.sha !== existing) throw ctx.fail(409, `${path} does not match ${ctx.body.sha}`);
		}
		tree[path] = git.putBlob(repo, content);
		const author = personFromBody(ctx, ctx.body.author ?? ctx.body.committer, ctx.who.login);
		const committer = personFromBody(ctx, ctx.body.committer ?? ctx.body.author, ctx.who.login);
		const commit = git.makeCommit(repo, {
			tree,
			parents: parentSha ? [parentSha] : [],
			message: ctx.body.message,
			author,
			committer,
			authorLogin: ctx.who.login,
		});
		repo.branches.set(branch, commit.sha);
		repo.pushed_at = git.isoNow();
		repo.updated_at = repo.pushed_at;
		pushEvent(ctx, repo, branch, parentSha, [commit]);
		const entry = shapes.contentEntry(ctx.u, repo, branch, { type: 'file', path, sha: tree[path], size: content.length });
		return { status: existing === undefined ? 201 : 200, body: { content: entry, commit: shapes.gitCommit(ctx.u, repo, commit) } };
	};

	routes['DELETE /repos/{owner}/{repo}/contents/{path}'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const path = ctx.params.path;
		const branch = ctx.body.branch ?? repo.default_branch;
		const parentSha = repo.branches.get(branch);
		if (!parentSha) throw ctx.fail(404, `Branch ${branch} not found`);
		const tree = { ...repo.commits.get(parentSha).tree };
		if (tree[path] === undefined) throw ctx.notFound();
		if (ctx.body.sha !== tree[path]) throw ctx.fail(409, `${path} does not match ${ctx.body.sha}`);
		delete tree[path];
		const commit = git.makeCommit(repo, {
			tree,
			parents: [parentSha],
			message: ctx.body.message,
			author: personFromBody(ctx, ctx.body.author ?? ctx.body.committer, ctx.who.login),
			committer: personFromBody(ctx, ctx.body.committer ?? ctx.body.author, ctx.who.login),
			authorLogin: ctx.who.login,
		});
		repo.branches.set(branch, commit.sha);
		repo.pushed_at = git.isoNow();
		pushEvent(ctx, repo, branch, parentSha, [commit]);
		return { status: 200, body: { content: null, commit: shapes.gitCommit(ctx.u, repo, commit) } };
	};

	// ------------------------------------------------------------ branches and refs
	function branchCommitJson(ctx, repo, sha) {
		const c = repo.commits.get(sha);
		return shapes.commit(ctx.u, repo, c, { author: kit.account(c.authorLogin), committer: kit.account(c.committerLogin) });
	}

	routes['GET /repos/{owner}/{repo}/branches'] = (ctx) => {
		const repo = repoFor(ctx);
		let names = [...repo.branches.keys()].sort();
		if (ctx.query.protected === true) names = [];
		const page = kit.paginate(ctx, names);
		return {
			body: page.map((name) => ({
				name,
				commit: { sha: repo.branches.get(name), url: `${ctx.u.api}/repos/${repo.owner}/${repo.name}/commits/${repo.branches.get(name)}` },
				protected: false,
			})),
		};
	};

	routes['GET /repos/{owner}/{repo}/branches/{branch}'] = (ctx) => {
		const repo = repoFor(ctx);
		const name = ctx.params.branch;
		const sha = repo.branches.get(name);
		if (!sha) throw ctx.fail(404, 'Branch not found');
		const api = `${ctx.u.api}/repos/${repo.owner}/${repo.name}`;
		const encoded = shapes.encodePath(name);
		return {
			body: {
				name,
				commit: branchCommitJson(ctx, repo, sha),
				_links: { html: `${ctx.u.web}/${repo.owner}/${repo.name}/tree/${encoded}`, self: `${api}/branches/${encoded}` },
				protected: false,
				protection: { enabled: false, required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } },
				protection_url: `${api}/branches/${encoded}/protection`,
			},
		};
	};

	function refJson(ctx, repo, fullRef, sha) {
		const api = `${ctx.u.api}/repos/${repo.owner}/${repo.name}`;
		return {
			ref: fullRef,
			node_id: shapes.nodeId('Ref', `${repo.id}:${fullRef}`),
			url: `${api}/git/${shapes.encodePath(fullRef)}`,
			object: { type: 'commit', sha, url: `${api}/git/commits/${sha}` },
		};
	}

	routes['POST /repos/{owner}/{repo}/git/refs'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const { ref, sha } = ctx.body;
		if (!ref.startsWith('refs/') || ref.split('/').length < 3) {
			throw ctx.fail(422, "Reference name is invalid: ref must start with 'refs/' and have at least two slashes.");
		}
		const match = /^refs\/(heads|tags)\/(.+)$/.exec(ref);
		if (!match || /\.\.|[\s~^:?*[\\]|\/$|\.lock$|^\/|\/\/|@\{/.test(match[2])) throw ctx.fail(422, 'Reference name is invalid');
		if (!/^[0-9a-f]{40}$/.test(sha) || !repo.commits.has(sha)) throw ctx.fail(422, 'Object does not exist');
		const map = match[1] === 'heads' ? repo.branches : repo.tags;
		if (map.has(match[2])) throw ctx.fail(422, 'Reference already exists');
		map.set(match[2], sha);
		kit.addEvent('CreateEvent', ctx.who.login, repo, { ref: match[2], full_ref: ref, ref_type: match[1] === 'heads' ? 'branch' : 'tag', master_branch: repo.default_branch, description: repo.description, pusher_type: 'user' });
		kit.emitWebhook('create', { repo, u: ctx.u, sender: ctx.who.login }, () => ({
			ref: match[2],
			ref_type: match[1] === 'heads' ? 'branch' : 'tag',
			master_branch: repo.default_branch,
			description: repo.description,
			pusher_type: 'user',
		}));
		const body = refJson(ctx, repo, ref, sha);
		return { status: 201, body, headers: { Location: body.url } };
	};

	routes['GET /repos/{owner}/{repo}/git/ref/{ref}'] = (ctx) => {
		const repo = repoFor(ctx);
		const match = /^(heads|tags)\/(.+)$/.exec(ctx.params.ref);
		const sha = match ? (match[1] === 'heads' ? repo.branches : repo.tags).get(match[2]) : undefined;
		if (!sha) throw ctx.notFound();
		return { body: refJson(ctx, repo, `refs/${ctx.params.ref}`, sha) };
	};

	// ------------------------------------------------------------ commits
	function fileChanges(repo, c) {
		const parent = c.parents[0] ? repo.commits.get(c.parents[0]).tree : {};
		const lines = (sha) => (sha ? repo.blobs.get(sha).toString('utf8').split('\n').filter(Boolean).length : 0);
		return git.changedPaths(parent, c.tree).map((filename) => {
			const before = parent[filename];
			const after = c.tree[filename];
			return {
				filename,
				sha: after ?? before,
				status: before === undefined ? 'added' : after === undefined ? 'removed' : 'modified',
				additions: after ? lines(after) : 0,
				deletions: before ? lines(before) : 0,
			};
		});
	}

	routes['GET /repos/{owner}/{repo}/commits'] = (ctx) => {
		const repo = repoFor(ctx);
		if (repo.branches.size === 0) throw ctx.fail(409, 'Git Repository is empty.');
		const start = git.resolveRef(repo, ctx.query.sha);
		if (!start) throw ctx.fail(404, `No commit found for SHA: ${ctx.query.sha}`);
		let commits = git.history(repo, start);
		if (ctx.query.path) {
			const path = String(ctx.query.path).replace(/^\/+|\/+$/g, '');
			commits = commits.filter((c) => fileChanges(repo, c).some((f) => f.filename === path || f.filename.startsWith(`${path}/`)));
		}
		const matchesPerson = (login, person, value) => {
			const needle = String(value).toLowerCase();
			return (login && login.toLowerCase() === needle) || person.email.toLowerCase() === needle;
		};
		if (ctx.query.author) commits = commits.filter((c) => matchesPerson(c.authorLogin, c.author, ctx.query.author));
		if (ctx.query.committer) commits = commits.filter((c) => matchesPerson(c.committerLogin, c.committer, ctx.query.committer));
		if (ctx.query.since) commits = commits.filter((c) => Date.parse(c.committer.date) >= Date.parse(ctx.query.since));
		if (ctx.query.until) commits = commits.filter((c) => Date.parse(c.committer.date) <= Date.parse(ctx.query.until));
		const page = kit.paginate(ctx, commits);
		return { body: page.map((c) => shapes.commit(ctx.u, repo, c, { author: kit.account(c.authorLogin), committer: kit.account(c.committerLogin) })) };
	};

	routes['GET /repos/{owner}/{repo}/commits/{ref}'] = (ctx) => {
		const repo = repoFor(ctx);
		const sha = git.resolveRef(repo, ctx.params.ref);
		if (!sha) throw ctx.fail(422, `No commit found for SHA: ${ctx.params.ref}`);
		const c = repo.commits.get(sha);
		return { body: shapes.commit(ctx.u, repo, c, { author: kit.account(c.authorLogin), committer: kit.account(c.committerLogin) }, fileChanges(repo, c)) };
	};
}

module.exports = { registerContents };
