'use strict';
/** Users, organizations and repositories: GET /user, /user/repos, /user/orgs, /users/{u}, /users/{u}/repos, /orgs/{org}/repos; POST /user/repos, /orgs/{org}/repos; GET /repos/{o}/{r}; PUT/GET/DELETE /user/starred/{o}/{r}. */
const git = require('../git');
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerRepos(routes, kit, common) {
	const { state } = kit;
	const { repoFor, repoJson, sortBy } = common;

	// ------------------------------------------------------------ users and repositories
	function counts(login) {
		const owned = Object.values(state.repos).filter((r) => r.owner.toLowerCase() === login.toLowerCase());
		const gists = Object.values(state.gists).filter((g) => g.owner.toLowerCase() === login.toLowerCase());
		return {
			public_repos: owned.filter((r) => !r.private).length,
			total_private_repos: owned.filter((r) => r.private).length,
			owned_private_repos: owned.filter((r) => r.private).length,
			public_gists: gists.filter((g) => g.public).length,
			private_gists: gists.filter((g) => !g.public).length,
			collaborators: 0,
		};
	}

	function listRepos(ctx, repos, defaultSort = 'full_name') {
		const sort = ctx.query.sort ?? defaultSort;
		const field = { created: 'created_at', updated: 'updated_at', pushed: 'pushed_at', full_name: 'fullName' }[sort] ?? 'fullName';
		const direction = ctx.query.direction ?? (sort === 'full_name' ? 'asc' : 'desc');
		const decorated = repos.map((repo) => ({ repo, fullName: `${repo.owner}/${repo.name}`, created_at: repo.created_at, updated_at: repo.updated_at, pushed_at: repo.pushed_at }));
		const page = kit.paginate(ctx, sortBy(decorated, field, direction));
		return { body: page.map((entry) => repoJson(ctx, entry.repo)) };
	}

	function sanitizeRepoName(name) {
		const cleaned = String(name).replace(/[^A-Za-z0-9._-]+/g, '-');
		return cleaned === '.' || cleaned === '..' || cleaned === '' ? '-' : cleaned;
	}

	function createRepo(ctx, ownerAccount) {
		const body = ctx.body;
		const name = sanitizeRepoName(body.name);
		if (kit.findRepo(ownerAccount.login, name)) {
			throw ctx.validationFailed([{ resource: 'Repository', code: 'custom', field: 'name', message: 'name already exists on this account' }], 'Repository creation failed.');
		}
		const isPrivate = body.visibility ? body.visibility !== 'public' : Boolean(body.private);
		const repo = kit.addRepo(ownerAccount.login, name, {
			private: isPrivate,
			description: body.description,
			homepage: body.homepage,
			has_issues: body.has_issues,
			has_projects: body.has_projects,
			has_wiki: body.has_wiki,
			has_discussions: body.has_discussions,
			is_template: body.is_template,
			auto_init: Boolean(body.auto_init || body.gitignore_template || body.license_template),
		});
		kit.addEvent('CreateEvent', ctx.who.login, repo, { ref: repo.default_branch, full_ref: `refs/heads/${repo.default_branch}`, ref_type: 'repository', master_branch: repo.default_branch, description: repo.description, pusher_type: 'user' });
		if (ownerAccount.type === 'Organization') {
			kit.emitWebhook('repository', { org: ownerAccount.login, u: ctx.u, sender: ctx.who.login }, () => ({
				action: 'created',
				repository: shapes.repository(ctx.u, repo, ownerAccount),
			}));
		}
		return { status: 201, body: repoJson(ctx, repo), headers: { Location: `${ctx.u.api}/repos/${ownerAccount.login}/${repo.name}` } };
	}

	routes['GET /user'] = (ctx) => ({ body: shapes.privateUser(ctx.u, ctx.who.account, counts(ctx.who.login)) });

	routes['GET /user/repos'] = (ctx) => {
		const { visibility = 'all', type } = ctx.query;
		if (type && (ctx.query.visibility || ctx.query.affiliation)) {
			throw ctx.fail(422, 'If you specify visibility or affiliation, you cannot specify type.');
		}
		const affiliation = new Set(String(ctx.query.affiliation ?? 'owner,collaborator,organization_member').split(',').map((s) => s.trim()));
		const me = ctx.who.login.toLowerCase();
		let repos = Object.values(state.repos).filter((repo) => {
			const isOwner = repo.owner.toLowerCase() === me;
			const isCollaborator = repo.collaborators.has(me);
			const org = state.orgs[repo.owner.toLowerCase()];
			const isMember = Boolean(org && Object.keys(org.members).some((m) => m.toLowerCase() === me));
			if (type === 'owner') return isOwner;
			if (type === 'member') return isCollaborator || isMember;
			return (affiliation.has('owner') && isOwner) || (affiliation.has('collaborator') && isCollaborator) || (affiliation.has('organization_member') && isMember);
		});
		if (type === 'public' || visibility === 'public') repos = repos.filter((repo) => !repo.private);
		if (type === 'private' || visibility === 'private') repos = repos.filter((repo) => repo.private);
		if (ctx.query.since) repos = repos.filter((repo) => Date.parse(repo.updated_at) >= Date.parse(ctx.query.since));
		if (ctx.query.before) repos = repos.filter((repo) => Date.parse(repo.updated_at) < Date.parse(ctx.query.before));
		return listRepos(ctx, repos);
	};

	routes['GET /users/{username}/repos'] = (ctx) => {
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		const type = ctx.query.type ?? 'owner';
		const login = user.login.toLowerCase();
		const repos = Object.values(state.repos).filter((repo) => {
			if (kit.level(repo, ctx.who.login) === null) return false;
			if (repo.private && ctx.who.login.toLowerCase() !== login) return false;
			const isOwner = repo.owner.toLowerCase() === login;
			const isMember = repo.collaborators.has(login);
			if (type === 'member') return isMember;
			if (type === 'all') return isOwner || isMember;
			return isOwner;
		});
		return listRepos(ctx, repos);
	};

	routes['GET /orgs/{org}/repos'] = (ctx) => {
		const org = state.orgs[ctx.params.org.toLowerCase()];
		if (!org) throw ctx.notFound();
		const type = ctx.query.type ?? 'all';
		let repos = Object.values(state.repos).filter((repo) => repo.owner.toLowerCase() === org.login.toLowerCase() && kit.level(repo, ctx.who.login) !== null);
		if (type === 'public') repos = repos.filter((repo) => !repo.private);
		if (type === 'private') repos = repos.filter((repo) => repo.private);
		if (type === 'forks') repos = [];
		return listRepos(ctx, repos, 'created');
	};

	routes['GET /user/orgs'] = (ctx) => {
		const me = ctx.who.login.toLowerCase();
		const orgs = Object.values(state.orgs).filter((org) => Object.keys(org.members).some((m) => m.toLowerCase() === me));
		return { body: kit.paginate(ctx, orgs).map((org) => shapes.organizationSimple(ctx.u, org)) };
	};

	routes['POST /user/repos'] = (ctx) => createRepo(ctx, ctx.who.account);

	routes['POST /orgs/{org}/repos'] = (ctx) => {
		const org = state.orgs[ctx.params.org.toLowerCase()];
		if (!org) throw ctx.notFound();
		const role = Object.entries(org.members).find(([m]) => m.toLowerCase() === ctx.who.login.toLowerCase())?.[1];
		if (!role) throw ctx.notFound();
		if (role !== 'admin' && !org.members_can_create_repositories) throw ctx.fail(403, 'You need admin access to the organization before adding a repository to it.');
		return createRepo(ctx, org);
	};

	routes['GET /repos/{owner}/{repo}'] = (ctx) => ({ body: repoJson(ctx, repoFor(ctx)) });

	routes['PUT /user/starred/{owner}/{repo}'] = (ctx) => {
		const repo = repoFor(ctx);
		const me = ctx.who.login.toLowerCase();
		if (!repo.stargazers.has(me)) {
			repo.stargazers.add(me);
			ctx.who.account.starred.add(`${repo.owner}/${repo.name}`.toLowerCase());
			kit.addEvent('WatchEvent', ctx.who.login, repo, { action: 'started' });
			const starredAt = git.isoNow();
			kit.emitWebhook('star', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'created', starred_at: starredAt }));
			kit.emitWebhook('watch', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'started' }));
		}
		return { status: 204 };
	};

	routes['GET /user/starred/{owner}/{repo}'] = (ctx) => {
		const repo = kit.findRepo(ctx.params.owner, ctx.params.repo);
		if (!repo || kit.level(repo, ctx.who.login) === null || !repo.stargazers.has(ctx.who.login.toLowerCase())) throw ctx.notFound();
		return { status: 204 };
	};

	routes['DELETE /user/starred/{owner}/{repo}'] = (ctx) => {
		const repo = repoFor(ctx);
		repo.stargazers.delete(ctx.who.login.toLowerCase());
		ctx.who.account.starred.delete(`${repo.owner}/${repo.name}`.toLowerCase());
		return { status: 204 };
	};

	routes['GET /users/{username}'] = (ctx) => {
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		if (user.type === 'Organization') return { body: { ...shapes.publicUser(ctx.u, { ...user, email: null }, counts(user.login)) } };
		return { body: shapes.publicUser(ctx.u, user, counts(user.login)) };
	};
}

module.exports = { registerRepos };
