'use strict';
/**
 * The GitHub App's own endpoints (JWT only; ../apps.js checks the JWT): GET /app, GET
 * /app/installations, GET /app/installations/{id}, POST /app/installations/{id}/access_tokens,
 * GET /repos/{o}/{r}/installation, /orgs/{org}/installation, /users/{u}/installation.
 */
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerApps(routes, kit) {
	const { state } = kit;

	const appJson = (ctx) => {
		const app = state.app;
		return {
			id: app.id,
			slug: app.slug,
			client_id: app.client_id,
			node_id: shapes.nodeId('Integration', app.id),
			owner: shapes.simpleUser(ctx.u, kit.account(app.owner)),
			name: app.name,
			description: 'Reports governance checks on commits',
			external_url: `${ctx.u.web}/apps/${app.slug}`,
			html_url: `${ctx.u.web}/apps/${app.slug}`,
			created_at: '2024-01-02T10:00:00Z',
			updated_at: '2024-01-02T10:00:00Z',
			permissions: { checks: 'write', statuses: 'write', contents: 'write', pull_requests: 'write', issues: 'write', metadata: 'read', members: 'read' },
			events: ['check_run', 'check_suite', 'pull_request', 'push'],
			installations_count: state.app.installations.size,
		};
	};

	const installationJson = (ctx, installation) => ({
		id: installation.id,
		account: shapes.simpleUser(ctx.u, kit.account(installation.account)),
		repository_selection: installation.repository_selection,
		access_tokens_url: `${ctx.u.api}/app/installations/${installation.id}/access_tokens`,
		repositories_url: `${ctx.u.api}/installation/repositories`,
		html_url: `${ctx.u.web}/settings/installations/${installation.id}`,
		app_id: state.app.id,
		app_slug: state.app.slug,
		target_id: kit.account(installation.account).id,
		target_type: installation.target_type,
		permissions: { ...installation.permissions },
		events: ['check_run', 'pull_request', 'push'],
		created_at: installation.created_at,
		updated_at: installation.created_at,
		single_file_name: null,
		has_multiple_single_files: false,
		single_file_paths: [],
		suspended_by: null,
		suspended_at: installation.suspended_at,
	});

	const installationById = (ctx) => {
		const installation = state.app.installations.get(Number(ctx.params.installation_id));
		if (!installation) throw ctx.notFound();
		return installation;
	};

	routes['GET /app'] = (ctx) => ({ body: appJson(ctx) });

	routes['GET /app/installations'] = (ctx) => ({
		body: kit.paginate(ctx, [...state.app.installations.values()]).map((installation) => installationJson(ctx, installation)),
	});

	routes['GET /app/installations/{installation_id}'] = (ctx) => ({ body: installationJson(ctx, installationById(ctx)) });

	routes['POST /app/installations/{installation_id}/access_tokens'] = (ctx) => {
		const installation = installationById(ctx);
		if (installation.suspended_at) throw ctx.fail(403, 'This installation has been suspended');
		const asked = ctx.body?.permissions;
		if (asked) {
			for (const [name, level] of Object.entries(asked)) {
				const granted = installation.permissions[name];
				if (!granted || (level === 'write' && granted !== 'write')) {
					throw ctx.validationFailed([], `The permissions requested are not granted to this installation.`);
				}
			}
		}
		const { token, expires_at: expiresAt } = kit.apps.mintToken(installation, ctx.who.claims);
		return {
			status: 201,
			body: {
				token,
				expires_at: expiresAt,
				permissions: asked ?? { ...installation.permissions },
				repository_selection: installation.repository_selection,
			},
		};
	};

	const byAccount = (ctx, login, repo) => {
		const found = [...state.app.installations.values()].find((installation) =>
			repo ? kit.apps.covers(installation, login, repo.name) : installation.account.toLowerCase() === String(login).toLowerCase(),
		);
		if (!found) throw ctx.notFound();
		return { body: installationJson(ctx, found) };
	};

	routes['GET /repos/{owner}/{repo}/installation'] = (ctx) => {
		const repo = kit.findRepo(ctx.params.owner, ctx.params.repo);
		if (!repo) throw ctx.notFound();
		return byAccount(ctx, repo.owner, repo);
	};
	routes['GET /orgs/{org}/installation'] = (ctx) => {
		if (!state.orgs[ctx.params.org.toLowerCase()]) throw ctx.notFound();
		return byAccount(ctx, ctx.params.org);
	};
	routes['GET /users/{username}/installation'] = (ctx) => {
		if (!kit.account(ctx.params.username)) throw ctx.notFound();
		return byAccount(ctx, ctx.params.username);
	};
}

module.exports = { registerApps };
