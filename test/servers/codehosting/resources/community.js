'use strict';
/** Community files and traffic: GET …/license, …/community/profile, …/traffic/popular/paths, …/traffic/popular/referrers. */
const git = require('../git');
const shapes = require('../shapes');

/** Licenses the server recognises in a license file, by a phrase of their text. */
const LICENSES = [
	{ key: 'mit', name: 'MIT License', spdx_id: 'MIT', test: /MIT License|Permission is hereby granted, free of charge/ },
	{ key: 'apache-2.0', name: 'Apache License 2.0', spdx_id: 'Apache-2.0', test: /Apache License[\s\S]*Version 2\.0/ },
	{ key: 'gpl-3.0', name: 'GNU General Public License v3.0', spdx_id: 'GPL-3.0', test: /GNU GENERAL PUBLIC LICENSE[\s\S]*Version 3/ },
];
const LICENSE_FILE = /^(LICENSE|LICENCE|COPYING)(\.(md|txt|rst))?$/i;

/** Adds the handlers to `routes` (see ../routes.js). */
function registerCommunity(routes, kit, common) {
	const { repoFor } = common;

	function commitAt(ctx, repo, ref) {
		const sha = repo.branches.size === 0 ? undefined : git.resolveRef(repo, ref);
		if (!sha) throw ctx.notFound();
		return repo.commits.get(sha);
	}

	function licenseOf(u, repo, tree) {
		const path = Object.keys(tree).find((p) => LICENSE_FILE.test(p));
		if (!path) return undefined;
		const content = repo.blobs.get(tree[path]);
		const known = LICENSES.find((l) => l.test.test(content.toString('utf8')));
		const simple = known
			? { key: known.key, name: known.name, spdx_id: known.spdx_id, url: `${u.api}/licenses/${known.key}`, node_id: shapes.nodeId('License', known.key) }
			: { key: 'other', name: 'Other', spdx_id: 'NOASSERTION', url: null, node_id: shapes.nodeId('License', 'other') };
		return { path, content, simple };
	}

	routes['GET /repos/{owner}/{repo}/license'] = (ctx) => {
		const repo = repoFor(ctx);
		const ref = ctx.query.ref;
		const commit = commitAt(ctx, repo, ref);
		const found = licenseOf(ctx.u, repo, commit.tree);
		if (!found) throw ctx.notFound();
		const entry = shapes.contentEntry(ctx.u, repo, ref ?? repo.default_branch, { type: 'file', path: found.path, sha: commit.tree[found.path], size: found.content.length });
		return { body: { ...entry, content: found.content.toString('base64'), encoding: 'base64', license: found.simple } };
	};

	routes['GET /repos/{owner}/{repo}/community/profile'] = (ctx) => {
		const repo = repoFor(ctx);
		const sha = repo.branches.get(repo.default_branch);
		const tree = sha ? repo.commits.get(sha).tree : {};
		const paths = Object.keys(tree);
		const api = `${ctx.u.api}/repos/${repo.owner}/${repo.name}`;
		const fileLink = (test) => {
			const path = paths.find((p) => test.test(p));
			if (!path) return null;
			return { url: `${api}/contents/${shapes.encodePath(path)}`, html_url: `${ctx.u.web}/${repo.owner}/${repo.name}/blob/${encodeURIComponent(repo.default_branch)}/${shapes.encodePath(path)}` };
		};
		const license = licenseOf(ctx.u, repo, tree);
		const files = {
			code_of_conduct: null,
			code_of_conduct_file: fileLink(/^(\.github\/|docs\/)?CODE_OF_CONDUCT(\.md)?$/i),
			license: license ? { ...license.simple, html_url: `${ctx.u.web}/${repo.owner}/${repo.name}/blob/${encodeURIComponent(repo.default_branch)}/${shapes.encodePath(license.path)}` } : null,
			contributing: fileLink(/^(\.github\/|docs\/)?CONTRIBUTING(\.md)?$/i),
			readme: fileLink(/^(\.github\/|docs\/)?README(\.md|\.txt|\.rst)?$/i),
			issue_template: fileLink(/^(\.github\/)?ISSUE_TEMPLATE(\.md|\/.+)$/i),
			pull_request_template: fileLink(/^(\.github\/|docs\/)?PULL_REQUEST_TEMPLATE(\.md)?$/i),
		};
		const checks = [Boolean(repo.description), ...['readme', 'license', 'contributing', 'code_of_conduct_file', 'issue_template', 'pull_request_template'].map((name) => files[name] !== null)];
		return {
			body: {
				health_percentage: Math.round((checks.filter(Boolean).length / checks.length) * 100),
				description: repo.description ?? null,
				documentation: repo.homepage ?? null,
				files,
				updated_at: repo.updated_at,
				content_reports_enabled: false,
			},
		};
	};

	/** Traffic needs push access, like on the platform. `repo.traffic` = {paths, referrers} (seed or tests). */
	routes['GET /repos/{owner}/{repo}/traffic/popular/paths'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		return { body: (repo.traffic?.paths ?? []).slice(0, 10).map((entry) => ({ path: entry.path, title: entry.title, count: entry.count, uniques: entry.uniques })) };
	};

	routes['GET /repos/{owner}/{repo}/traffic/popular/referrers'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		return { body: (repo.traffic?.referrers ?? []).slice(0, 10).map((entry) => ({ referrer: entry.referrer, count: entry.count, uniques: entry.uniques })) };
	};
}

module.exports = { registerCommunity };
