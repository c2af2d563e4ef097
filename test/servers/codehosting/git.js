'use strict';
/**
 * A tiny in-memory git model for the code-hosting test server. A repository keeps
 * `blobs` (Map sha → Buffer), `commits` (Map sha → commit), `branches` and `tags` (Map name → sha).
 * A commit's `tree` is a flat object { 'dir/file.txt': blobSha }. Blob SHAs are real git blob
 * SHA-1s (sha1('blob ' + length + '\0' + content)); tree and commit SHAs are SHA-1s of their
 * content, not git's exact encoding.
 */
const crypto = require('crypto');

function sha1(data) {
	return crypto.createHash('sha1').update(data).digest('hex');
}

function blobSha(buffer) {
	return sha1(Buffer.concat([Buffer.from(`blob ${buffer.length}\0`), buffer]));
}

/** SHA of the tree under `dir` ('' = root) of a flat tree object. */
function treeSha(tree, dir = '') {
	const prefix = dir ? `${dir}/` : '';
	const lines = Object.keys(tree)
		.filter((path) => path.startsWith(prefix))
		.sort()
		.map((path) => `${path.slice(prefix.length)} ${tree[path]}`);
	return sha1(`tree\0${lines.join('\n')}`);
}

function isoNow(date = new Date()) {
	return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Stores `content` (Buffer|string) in the repository and returns its blob SHA. */
function putBlob(repo, content) {
	const buffer = Buffer.isBuffer(content) ? content : Buffer.from(String(content), 'utf8');
	const sha = blobSha(buffer);
	repo.blobs.set(sha, buffer);
	return sha;
}

/**
 * Records a commit. `opts`: {tree, parents, message, author {name,email,date}, committer,
 * authorLogin, committerLogin}. Returns the commit.
 */
function makeCommit(repo, opts) {
	const date = opts.date ?? isoNow();
	const author = { name: 'Octo User', email: 'octo-user@users.noreply.example', date, ...(opts.author ?? {}) };
	const committer = { ...author, ...(opts.committer ?? {}) };
	if (!committer.date) committer.date = date;
	const commit = {
		seq: (repo.commitSequence = (repo.commitSequence ?? 0) + 1),
		tree: { ...opts.tree },
		parents: [...(opts.parents ?? [])],
		message: opts.message ?? 'commit',
		author,
		committer,
		authorLogin: opts.authorLogin,
		committerLogin: opts.committerLogin ?? opts.authorLogin,
	};
	commit.treeSha = treeSha(commit.tree);
	commit.sha = sha1(`commit\0${commit.treeSha}\0${commit.parents.join(',')}\0${commit.message}\0${JSON.stringify(author)}\0${commit.seq}`);
	repo.commits.set(commit.sha, commit);
	return commit;
}

/** Resolves a branch, tag, heads/x, tags/x, refs/heads/x or (abbreviated) commit SHA. */
function resolveRef(repo, ref) {
	if (ref === undefined || ref === null || ref === '') {
		return repo.branches.get(repo.default_branch);
	}
	const name = String(ref);
	if (repo.branches.has(name)) return repo.branches.get(name);
	if (repo.tags.has(name)) return repo.tags.get(name);
	const qualified = /^(?:refs\/)?(heads|tags)\/(.+)$/.exec(name);
	if (qualified) return (qualified[1] === 'heads' ? repo.branches : repo.tags).get(qualified[2]);
	if (/^[0-9a-f]{4,40}$/i.test(name)) {
		const lower = name.toLowerCase();
		if (repo.commits.has(lower)) return lower;
		const matches = [...repo.commits.keys()].filter((sha) => sha.startsWith(lower));
		if (matches.length === 1) return matches[0];
	}
	return undefined;
}

/** All commits reachable from `sha` (including it), newest first. */
function history(repo, sha) {
	const seen = new Set();
	const stack = sha ? [sha] : [];
	while (stack.length) {
		const current = stack.pop();
		if (seen.has(current) || !repo.commits.has(current)) continue;
		seen.add(current);
		stack.push(...repo.commits.get(current).parents);
	}
	return [...seen].map((key) => repo.commits.get(key)).sort((a, b) => b.seq - a.seq);
}

function ancestors(repo, sha) {
	return new Set(history(repo, sha).map((commit) => commit.sha));
}

function mergeBase(repo, a, b) {
	const mine = ancestors(repo, a);
	return history(repo, b).find((commit) => mine.has(commit.sha));
}

/** Paths whose blob differs between two flat trees (added, removed or modified). */
function changedPaths(from = {}, to = {}) {
	const paths = new Set([...Object.keys(from), ...Object.keys(to)]);
	return [...paths].filter((path) => from[path] !== to[path]).sort();
}

/**
 * Three-way merge of `headSha` into `baseSha`. Returns {tree, conflicts: [paths], ahead: [commits]}.
 */
function merge(repo, baseSha, headSha) {
	const baseCommit = repo.commits.get(baseSha);
	const headCommit = repo.commits.get(headSha);
	const common = mergeBase(repo, baseSha, headSha);
	const commonTree = common ? common.tree : {};
	const baseAncestors = ancestors(repo, baseSha);
	const ahead = history(repo, headSha).filter((commit) => !baseAncestors.has(commit.sha));
	const headChanges = changedPaths(commonTree, headCommit.tree);
	const baseChanges = new Set(changedPaths(commonTree, baseCommit.tree));
	const conflicts = headChanges.filter(
		(path) => baseChanges.has(path) && baseCommit.tree[path] !== headCommit.tree[path],
	);
	const tree = { ...baseCommit.tree };
	for (const path of headChanges) {
		if (headCommit.tree[path] === undefined) delete tree[path];
		else tree[path] = headCommit.tree[path];
	}
	return { tree, conflicts, ahead };
}

module.exports = {
	sha1,
	blobSha,
	treeSha,
	isoNow,
	putBlob,
	makeCommit,
	resolveRef,
	history,
	ancestors,
	mergeBase,
	changedPaths,
	merge,
};
