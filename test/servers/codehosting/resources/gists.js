'use strict';
/** Gists: POST /gists; PATCH/GET /gists/{id}; GET /gists, /users/{u}/gists. */
const git = require('../git');
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerGists(routes, kit, common) {
	const { state } = kit;
	const { needScope, sinceFilter } = common;

	// ------------------------------------------------------------ gists
	function gistJson(ctx, g, withContent = true) {
		return shapes.gist(ctx.u, g, kit.account(g.owner), withContent);
	}

	function sortGists(list) {
		return [...list].sort((a, b) => (a.created_at === b.created_at ? b.seq - a.seq : b.created_at.localeCompare(a.created_at)));
	}

	routes['POST /gists'] = (ctx) => {
		needScope(ctx, 'gist');
		const files = ctx.body.files;
		const names = Object.keys(files);
		if (names.length === 0) throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
		for (const name of names) {
			if (!files[name].content || files[name].content.trim() === '') {
				throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
			}
		}
		const g = kit.addGist(ctx.who.login, {
			description: ctx.body.description,
			public: ctx.body.public === true || ctx.body.public === 'true',
			files: Object.fromEntries(names.map((name) => [name, files[name].content])),
			created_at: git.isoNow(),
		});
		const body = gistJson(ctx, g);
		body.history = [];
		body.forks = [];
		return { status: 201, body, headers: { Location: body.url } };
	};

	routes['PATCH /gists/{gist_id}'] = (ctx) => {
		needScope(ctx, 'gist');
		const g = state.gists[ctx.params.gist_id];
		if (!g || (!g.public && g.owner.toLowerCase() !== ctx.who.login.toLowerCase())) throw ctx.notFound();
		if (g.owner.toLowerCase() !== ctx.who.login.toLowerCase()) throw ctx.notFound();
		const b = ctx.body ?? {};
		if (b.description === undefined && b.files === undefined) throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'description' }]);
		if (b.description !== undefined) g.description = b.description;
		for (const [name, change] of Object.entries(b.files ?? {})) {
			if (change === null) {
				if (!g.files[name]) throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
				delete g.files[name];
				continue;
			}
			const current = g.files[name];
			if (!current && (change.content === undefined || change.content === '')) throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
			const content = change.content ?? current.content;
			const target = change.filename ?? name;
			if (change.filename !== undefined && change.filename !== name) delete g.files[name];
			g.files[target] = { content };
		}
		if (Object.keys(g.files).length === 0) throw ctx.validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
		g.updated_at = git.isoNow();
		g.revision = git.sha1(`${g.id}:${JSON.stringify(g.files)}:${Date.now()}`);
		const body = gistJson(ctx, g);
		body.history = [];
		body.forks = [];
		return { body };
	};

	routes['GET /gists'] = (ctx) => {
		const me = ctx.who.login.toLowerCase();
		const list = sortGists(sinceFilter(Object.values(state.gists).filter((g) => g.owner.toLowerCase() === me), ctx.query.since));
		return { body: kit.paginate(ctx, list).map((g) => gistJson(ctx, g, false)) };
	};

	routes['GET /users/{username}/gists'] = (ctx) => {
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		const self = user.login.toLowerCase() === ctx.who.login.toLowerCase();
		const list = sortGists(sinceFilter(Object.values(state.gists).filter((g) => g.owner.toLowerCase() === user.login.toLowerCase() && (g.public || self)), ctx.query.since));
		return { body: kit.paginate(ctx, list).map((g) => gistJson(ctx, g, false)) };
	};

	routes['GET /gists/{gist_id}'] = (ctx) => {
		const g = state.gists[ctx.params.gist_id];
		if (!g) throw ctx.notFound();
		const body = gistJson(ctx, g);
		body.history = [];
		body.forks = [];
		return { body };
	};
}

module.exports = { registerGists };
