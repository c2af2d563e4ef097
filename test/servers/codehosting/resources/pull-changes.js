'use strict';
/**
 * What a pull request changes: GET …/pulls/{n} with Accept application/vnd.github.diff or
 * application/vnd.github.patch (the raw diff or patch text), GET …/pulls/{n}/files,
 * GET …/pulls/{n}/commits.
 * The diff is computed from the stand-in's flat trees between the merge base and the head: one
 * hunk per file (every old line removed, every new line added), as `git diff` would print it
 * without context minimisation.
 */
const git = require('../git');
const shapes = require('../shapes');

const DIFF = 'application/vnd.github.diff';
const PATCH = 'application/vnd.github.patch';

/** Adds the handlers to `routes` (see ../routes.js). */
function registerPullChanges(routes, kit, common) {
	const { repoFor, pullFor } = common;

	const textOf = (repo, blob) => (blob ? repo.blobs.get(blob).toString('utf8') : '');
	const linesOf = (text) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

	/** {from, to, commits} of a pull request: merge base tree, head tree, the head's own commits (oldest first). */
	function range(repo, issue) {
		const headSha = repo.branches.get(issue.pull.head.ref) ?? issue.pull.head.sha;
		const baseSha = repo.branches.get(issue.pull.base.ref) ?? issue.pull.base.sha;
		const common = git.mergeBase(repo, baseSha, headSha);
		const baseAncestors = git.ancestors(repo, baseSha);
		const commits = git.history(repo, headSha).filter((commit) => !baseAncestors.has(commit.sha)).reverse();
		return { from: common ? common.tree : {}, to: repo.commits.get(headSha).tree, commits };
	}

	function files(repo, from, to) {
		return git.changedPaths(from, to).map((filename) => {
			const before = from[filename];
			const after = to[filename];
			const oldLines = linesOf(textOf(repo, before));
			const newLines = linesOf(textOf(repo, after));
			const hunk = [`@@ -${oldLines.length ? 1 : 0},${oldLines.length} +${newLines.length ? 1 : 0},${newLines.length} @@`, ...oldLines.map((l) => `-${l}`), ...newLines.map((l) => `+${l}`)];
			return {
				filename,
				before,
				after,
				status: before === undefined ? 'added' : after === undefined ? 'removed' : 'modified',
				additions: newLines.length,
				deletions: oldLines.length,
				patch: hunk.join('\n'),
			};
		});
	}

	function diffText(entries) {
		return entries
			.map((f) => {
				const head = [`diff --git a/${f.filename} b/${f.filename}`];
				if (f.status === 'added') head.push('new file mode 100644');
				if (f.status === 'removed') head.push('deleted file mode 100644');
				head.push(`index ${(f.before ?? '0'.repeat(40)).slice(0, 7)}..${(f.after ?? '0'.repeat(40)).slice(0, 7)}`);
				head.push(f.before ? `--- a/${f.filename}` : '--- /dev/null', f.after ? `+++ b/${f.filename}` : '+++ /dev/null');
				return `${head.join('\n')}\n${f.patch}\n`;
			})
			.join('');
	}

	function patchText(repo, commits) {
		return commits
			.map((commit, index) => {
				const parent = commit.parents[0] ? repo.commits.get(commit.parents[0]).tree : {};
				return [
					`From ${commit.sha} Mon Sep 17 00:00:00 2001`,
					`From: ${commit.author.name} <${commit.author.email}>`,
					`Date: ${new Date(commit.author.date).toUTCString().replace('GMT', '+0000')}`,
					`Subject: [PATCH ${index + 1}/${commits.length}] ${commit.message.split('\n')[0]}`,
					'',
					'---',
					diffText(files(repo, parent, commit.tree)),
				].join('\n');
			})
			.join('\n');
	}

	const plain = { 'Content-Type': 'text/plain; charset=utf-8' };
	const json = routes['GET /repos/{owner}/{repo}/pulls/{pull_number}'];
	routes['GET /repos/{owner}/{repo}/pulls/{pull_number}'] = (ctx) => {
		const accept = ctx.accept.split(',').map((part) => part.split(';')[0].trim().toLowerCase());
		if (!accept.includes(DIFF) && !accept.includes(PATCH)) return json(ctx);
		const repo = repoFor(ctx);
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		const { from, to, commits } = range(repo, issue);
		const text = accept.includes(DIFF) ? diffText(files(repo, from, to)) : patchText(repo, commits);
		return { raw: Buffer.from(text, 'utf8'), headers: { ...plain, 'x-github-media-type': `github.v3; format=${accept.includes(DIFF) ? 'diff' : 'patch'}` } };
	};

	routes['GET /repos/{owner}/{repo}/pulls/{pull_number}/files'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		const { from, to } = range(repo, issue);
		const headSha = repo.branches.get(issue.pull.head.ref) ?? issue.pull.head.sha;
		const entries = files(repo, from, to).map((f) => ({
			sha: f.after ?? f.before,
			filename: f.filename,
			status: f.status,
			additions: f.additions,
			deletions: f.deletions,
			changes: f.additions + f.deletions,
			blob_url: `${ctx.u.web}/${repo.owner}/${repo.name}/blob/${headSha}/${shapes.encodePath(f.filename)}`,
			raw_url: `${ctx.u.web}/${repo.owner}/${repo.name}/raw/${headSha}/${shapes.encodePath(f.filename)}`,
			contents_url: `${ctx.u.api}/repos/${repo.owner}/${repo.name}/contents/${shapes.encodePath(f.filename)}?ref=${headSha}`,
			patch: f.patch,
		}));
		return { body: kit.paginate(ctx, entries, { max: 3000 }) };
	};

	routes['GET /repos/{owner}/{repo}/pulls/{pull_number}/commits'] = (ctx) => {
		const repo = repoFor(ctx);
		const issue = pullFor(ctx, repo, ctx.params.pull_number);
		const { commits } = range(repo, issue);
		const page = kit.paginate(ctx, commits, { max: 250 });
		return { body: page.map((c) => shapes.commit(ctx.u, repo, c, { author: kit.account(c.authorLogin), committer: kit.account(c.committerLogin) })) };
	};
}

module.exports = { registerPullChanges };
