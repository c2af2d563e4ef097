'use strict';
/**
 * Releases: GET/POST …/releases; GET/PATCH/DELETE …/releases/{release_id}; GET …/releases/tags/{tag};
 * POST …/releases/{release_id}/assets on the upload host (the release's upload_url).
 * Drafts are seen only by users with push access and have no tag until published (the tag is
 * created from target_commitish then, as on GitHub); deleting a release keeps its tag.
 */
const git = require('../git');
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerReleases(routes, kit, common) {
	const { repoFor, kitForShapes } = common;

	const json = (ctx, repo, r) => shapes.release(ctx.u, repo, r, kitForShapes);

	function releaseFor(ctx, repo) {
		const r = repo.releases.find((entry) => entry.id === Number(ctx.params.release_id));
		if (!r || (r.draft && !kit.atLeast(repo, ctx.who.login, 'push'))) throw ctx.notFound();
		return r;
	}

	/** The commit a new tag points at: target_commitish (branch, tag or SHA) or the default branch. */
	function targetSha(ctx, repo, target) {
		const sha = git.resolveRef(repo, target ?? repo.default_branch);
		if (!sha) throw ctx.validationFailed([{ resource: 'Release', code: 'invalid', field: 'target_commitish' }]);
		return sha;
	}

	function publish(ctx, repo, r) {
		if (!repo.tags.has(r.tag_name)) repo.tags.set(r.tag_name, targetSha(ctx, repo, r.target_commitish));
		r.published_at = git.isoNow();
		kit.addEvent('ReleaseEvent', ctx.who.login, repo, (u) => ({ action: 'published', release: shapes.release(u, repo, r, kitForShapes) }));
		kit.emitWebhook('release', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'published', release: json(ctx, repo, r) }));
	}

	/** What generate_release_notes writes when no body is given. */
	function notes(ctx, repo, tag) {
		const previous = [...repo.releases].filter((r) => !r.draft).sort((a, b) => b.id - a.id)[0];
		const link = previous ? `compare/${previous.tag_name}...${tag}` : `commits/${tag}`;
		return `## What's Changed\n\n**Full Changelog**: ${ctx.u.web}/${repo.owner}/${repo.name}/${link}`;
	}

	routes['GET /repos/{owner}/{repo}/releases'] = (ctx) => {
		const repo = repoFor(ctx);
		const canPush = kit.atLeast(repo, ctx.who.login, 'push');
		const list = [...repo.releases].filter((r) => canPush || !r.draft).sort((a, b) => b.id - a.id);
		return { body: kit.paginate(ctx, list).map((r) => json(ctx, repo, r)) };
	};

	routes['POST /repos/{owner}/{repo}/releases'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const b = ctx.body;
		if (repo.releases.some((r) => r.tag_name === b.tag_name)) {
			throw ctx.validationFailed([{ resource: 'Release', code: 'already_exists', field: 'tag_name' }]);
		}
		if (!repo.tags.has(b.tag_name)) targetSha(ctx, repo, b.target_commitish);
		const id = kit.nextId();
		const now = git.isoNow();
		const r = {
			id,
			node_id: shapes.nodeId('Release', id),
			tag_name: b.tag_name,
			target_commitish: b.target_commitish ?? repo.default_branch,
			name: b.name ?? (b.generate_release_notes ? b.tag_name : null),
			body: b.body ?? (b.generate_release_notes ? notes(ctx, repo, b.tag_name) : null),
			draft: Boolean(b.draft),
			prerelease: Boolean(b.prerelease),
			make_latest: b.make_latest ?? 'true',
			author: ctx.who.login,
			created_at: now,
			updated_at: now,
			published_at: null,
		};
		repo.releases.push(r);
		kit.emitWebhook('release', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'created', release: json(ctx, repo, r) }));
		if (!r.draft) publish(ctx, repo, r);
		const body = json(ctx, repo, r);
		return { status: 201, body, headers: { Location: body.url } };
	};

	routes['GET /repos/{owner}/{repo}/releases/{release_id}'] = (ctx) => {
		const repo = repoFor(ctx);
		return { body: json(ctx, repo, releaseFor(ctx, repo)) };
	};

	routes['GET /repos/{owner}/{repo}/releases/tags/{tag}'] = (ctx) => {
		const repo = repoFor(ctx);
		const r = repo.releases.find((entry) => !entry.draft && entry.tag_name === ctx.params.tag);
		if (!r) throw ctx.notFound();
		return { body: json(ctx, repo, r) };
	};

	routes['PATCH /repos/{owner}/{repo}/releases/{release_id}'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const r = releaseFor(ctx, repo);
		const b = ctx.body ?? {};
		if (b.tag_name !== undefined && b.tag_name !== r.tag_name) {
			if (repo.releases.some((entry) => entry !== r && entry.tag_name === b.tag_name)) {
				throw ctx.validationFailed([{ resource: 'Release', code: 'already_exists', field: 'tag_name' }]);
			}
			if (!repo.tags.has(b.tag_name)) targetSha(ctx, repo, b.target_commitish ?? r.target_commitish);
			r.tag_name = b.tag_name;
		}
		for (const field of ['target_commitish', 'name', 'body', 'prerelease', 'make_latest']) {
			if (b[field] !== undefined) r[field] = b[field];
		}
		const publishing = r.draft && b.draft === false;
		if (b.draft === true && !r.draft) r.draft = true;
		r.updated_at = git.isoNow();
		if (publishing) {
			r.draft = false;
			publish(ctx, repo, r);
		} else if (!r.draft && !repo.tags.has(r.tag_name)) {
			repo.tags.set(r.tag_name, targetSha(ctx, repo, r.target_commitish));
		}
		kit.emitWebhook('release', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'edited', changes: {}, release: json(ctx, repo, r) }));
		return { body: json(ctx, repo, r) };
	};

	routes['POST /repos/{owner}/{repo}/releases/{release_id}/assets'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const r = releaseFor(ctx, repo);
		r.assets = r.assets ?? [];
		const name = String(ctx.query.name);
		if (r.assets.some((a) => a.name === name)) throw ctx.validationFailed([{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' }]);
		const contentType = ctx.req.headers['content-type'];
		if (!contentType) throw ctx.fail(400, 'Content-Type header is required');
		const id = kit.nextId();
		const now = git.isoNow();
		const asset = { id, node_id: shapes.nodeId('ReleaseAsset', id), name, label: ctx.query.label ?? null, content_type: contentType, data: ctx.bodyBuffer, uploader: ctx.who.login, created_at: now, updated_at: now };
		r.assets.push(asset);
		return { status: 201, body: shapes.releaseAsset(ctx.u, repo, r, asset, kitForShapes) };
	};

	routes['DELETE /repos/{owner}/{repo}/releases/{release_id}'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const r = releaseFor(ctx, repo);
		repo.releases.splice(repo.releases.indexOf(r), 1);
		kit.emitWebhook('release', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'deleted', release: json(ctx, repo, r) }));
		return { status: 204 };
	};
}

module.exports = { registerReleases };
