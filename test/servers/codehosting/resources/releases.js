'use strict';
/** Releases: GET …/releases. */
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerReleases(routes, kit, common) {
	const { repoFor, kitForShapes } = common;

	// ------------------------------------------------------------ releases
	routes['GET /repos/{owner}/{repo}/releases'] = (ctx) => {
		const repo = repoFor(ctx);
		const canPush = kit.atLeast(repo, ctx.who.login, 'push');
		const list = [...repo.releases].filter((r) => canPush || !r.draft).sort((a, b) => b.id - a.id);
		return { body: kit.paginate(ctx, list).map((r) => shapes.release(ctx.u, repo, r, kitForShapes)) };
	};
}

module.exports = { registerReleases };
