'use strict';
/** JSON shapes (see ../shapes.js). Commits and contents: git users, commits, contents entries and directory listings. */
const { treeSha } = require('../git');
const { nodeId, encodePath, simpleUser } = require('./accounts');

function gitUser(person) {
	return { name: person.name, email: person.email, date: person.date };
}

const UNSIGNED = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };

/** A commit as GET /repos/{o}/{r}/commits returns it. `files` adds stats and file entries. */
function commit(u, repo, c, accounts, files) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	const shape = {
		url: `${api}/commits/${c.sha}`,
		sha: c.sha,
		node_id: nodeId('Commit', c.sha.slice(0, 12)),
		html_url: `${u.web}/${fullName}/commit/${c.sha}`,
		comments_url: `${api}/commits/${c.sha}/comments`,
		commit: {
			url: `${api}/git/commits/${c.sha}`,
			author: gitUser(c.author),
			committer: gitUser(c.committer),
			message: c.message,
			comment_count: 0,
			tree: { sha: c.treeSha, url: `${api}/git/trees/${c.treeSha}` },
			verification: UNSIGNED,
		},
		author: simpleUser(u, accounts.author),
		committer: simpleUser(u, accounts.committer),
		parents: c.parents.map((sha) => ({ sha, url: `${api}/commits/${sha}`, html_url: `${u.web}/${fullName}/commit/${sha}` })),
	};
	if (files) {
		let additions = 0;
		let deletions = 0;
		shape.files = files.map((file) => {
			additions += file.additions;
			deletions += file.deletions;
			return {
				sha: file.sha,
				filename: file.filename,
				status: file.status,
				additions: file.additions,
				deletions: file.deletions,
				changes: file.additions + file.deletions,
				blob_url: `${u.web}/${fullName}/blob/${c.sha}/${encodePath(file.filename)}`,
				raw_url: `${u.web}/${fullName}/raw/${c.sha}/${encodePath(file.filename)}`,
				contents_url: `${api}/contents/${encodePath(file.filename)}?ref=${c.sha}`,
			};
		});
		shape.stats = { total: additions + deletions, additions, deletions };
	}
	return shape;
}

/** The `commit` part of a contents PUT/DELETE answer (a git commit). */
function gitCommit(u, repo, c) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	return {
		sha: c.sha,
		node_id: nodeId('Commit', c.sha.slice(0, 12)),
		url: `${api}/git/commits/${c.sha}`,
		html_url: `${u.web}/${fullName}/commit/${c.sha}`,
		author: gitUser(c.author),
		committer: gitUser(c.committer),
		tree: { url: `${api}/git/trees/${c.treeSha}`, sha: c.treeSha },
		message: c.message,
		parents: c.parents.map((sha) => ({ url: `${api}/git/commits/${sha}`, html_url: `${u.web}/${fullName}/commit/${sha}`, sha })),
		verification: UNSIGNED,
	};
}

/** A file or directory entry of the contents API; `content` (Buffer) adds content/encoding. */
function contentEntry(u, repo, ref, entry, content) {
	const fullName = `${repo.owner}/${repo.name}`;
	const api = `${u.api}/repos/${fullName}`;
	const encoded = encodePath(entry.path);
	const isDir = entry.type === 'dir';
	const self = `${api}/contents/${encoded}?ref=${encodeURIComponent(ref)}`;
	const git = isDir ? `${api}/git/trees/${entry.sha}` : `${api}/git/blobs/${entry.sha}`;
	const html = `${u.web}/${fullName}/${isDir ? 'tree' : 'blob'}/${encodeURIComponent(ref)}/${encoded}`;
	const shape = {
		name: entry.path.split('/').pop(),
		path: entry.path,
		sha: entry.sha,
		size: isDir ? 0 : entry.size,
		url: self,
		html_url: html,
		git_url: git,
		download_url: isDir ? null : `${u.web}/raw/${fullName}/${encodeURIComponent(ref)}/${encoded}`,
		type: entry.type,
	};
	if (content !== undefined) {
		if (content.length > 1024 * 1024) {
			shape.content = '';
			shape.encoding = 'none';
		} else {
			shape.content = (content.toString('base64').match(/.{1,60}/g) ?? ['']).join('\n') + (content.length ? '\n' : '');
			shape.encoding = 'base64';
		}
	}
	shape._links = { self, git, html };
	return shape;
}

function directoryEntries(repo, tree, dir) {
	const prefix = dir ? `${dir}/` : '';
	const entries = new Map();
	for (const [path, sha] of Object.entries(tree)) {
		if (!path.startsWith(prefix)) continue;
		const rest = path.slice(prefix.length);
		const slash = rest.indexOf('/');
		if (slash === -1) {
			entries.set(rest, { type: 'file', path, sha, size: repo.blobs.get(sha)?.length ?? 0 });
		} else {
			const name = rest.slice(0, slash);
			const subPath = prefix + name;
			if (!entries.has(name)) entries.set(name, { type: 'dir', path: subPath, sha: treeSha(tree, subPath), size: 0 });
		}
	}
	return [...entries.values()].sort((a, b) => a.path.localeCompare(b.path));
}

module.exports = {
	gitUser,
	commit,
	gitCommit,
	contentEntry,
	directoryEntries,
};
