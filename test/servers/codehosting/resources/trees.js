'use strict';
/** Git trees: GET …/git/trees/{tree_sha} (a tree SHA, or a branch, tag or commit; `recursive` lists every entry below). */
const git = require('../git');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerTrees(routes, kit, common) {
	const { repoFor } = common;

	/** The flat tree and folder ('' = root) a tree SHA or ref names, or undefined. */
	function findTree(repo, treeSha) {
		const commitSha = git.resolveRef(repo, treeSha);
		if (commitSha) return { tree: repo.commits.get(commitSha).tree, dir: '' };
		for (const commit of repo.commits.values()) {
			if (commit.treeSha === treeSha) return { tree: commit.tree, dir: '' };
			const dirs = new Set();
			for (const path of Object.keys(commit.tree)) {
				const parts = path.split('/');
				for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
			}
			for (const dir of dirs) if (git.treeSha(commit.tree, dir) === treeSha) return { tree: commit.tree, dir };
		}
		return undefined;
	}

	routes['GET /repos/{owner}/{repo}/git/trees/{tree_sha}'] = (ctx) => {
		const repo = repoFor(ctx);
		if (repo.branches.size === 0) throw ctx.fail(409, 'Git Repository is empty.');
		const found = findTree(repo, ctx.params.tree_sha);
		if (!found) throw ctx.notFound();
		const { tree, dir } = found;
		const recursive = ctx.query.recursive !== undefined;
		const prefix = dir ? `${dir}/` : '';
		const api = `${ctx.u.api}/repos/${repo.owner}/${repo.name}`;
		const entries = new Map();
		for (const [path, blobSha] of Object.entries(tree)) {
			if (!path.startsWith(prefix)) continue;
			const rest = path.slice(prefix.length);
			const parts = rest.split('/');
			const upTo = recursive ? parts.length - 1 : Math.min(1, parts.length - 1);
			for (let i = 1; i <= upTo; i++) {
				const sub = parts.slice(0, i).join('/');
				if (!entries.has(sub)) {
					const sha = git.treeSha(tree, prefix + sub);
					entries.set(sub, { path: sub, mode: '040000', type: 'tree', sha, url: `${api}/git/trees/${sha}` });
				}
			}
			if (recursive || parts.length === 1) {
				entries.set(rest, { path: rest, mode: '100644', type: 'blob', sha: blobSha, size: repo.blobs.get(blobSha).length, url: `${api}/git/blobs/${blobSha}` });
			}
		}
		const sha = git.treeSha(tree, dir);
		return {
			body: {
				sha,
				url: `${api}/git/trees/${sha}`,
				tree: [...entries.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
				truncated: false,
			},
		};
	};
}

module.exports = { registerTrees };
