'use strict';
/** Events feeds: GET /repos/{o}/{r}/events, /users/{u}/events. */
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerEvents(routes, kit, common) {
	const { state } = kit;
	const { repoFor, kitForShapes } = common;

	// ------------------------------------------------------------ events feeds
	function eventsPage(ctx, list) {
		ctx.responseHeaders['X-Poll-Interval'] = '60';
		const newestFirst = [...list].reverse().slice(0, 300);
		return { body: kit.paginate(ctx, newestFirst).map((e) => shapes.event(ctx.u, e, kitForShapes)) };
	}

	routes['GET /repos/{owner}/{repo}/events'] = (ctx) => {
		const repo = repoFor(ctx);
		return eventsPage(ctx, state.events.filter((e) => e.repo.id === repo.id));
	};

	routes['GET /users/{username}/events'] = (ctx) => {
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		const self = user.login.toLowerCase() === ctx.who.login.toLowerCase();
		return eventsPage(ctx, state.events.filter((e) => e.actor.toLowerCase() === user.login.toLowerCase() && (e.public || self)));
	};
}

module.exports = { registerEvents };
