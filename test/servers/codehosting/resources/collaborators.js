'use strict';
/**
 * Collaborators: GET …/collaborators (affiliation all, outside, direct), …/collaborators/{u}, …/collaborators/{u}/permission; PUT/DELETE …/collaborators/{u} (invitations);
 * repository invitations: GET /repos/{owner}/{repo}/invitations, DELETE /repos/{owner}/{repo}/invitations/{invitation_id} (admin).
 */
const git = require('../git');
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerCollaborators(routes, kit, common) {
	const { state, LEVELS } = kit;
	const { repoFor, kitForShapes } = common;

	// ------------------------------------------------------------ collaborators
	routes['GET /repos/{owner}/{repo}/collaborators'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const affiliation = ctx.query.affiliation ?? 'all';
		if (affiliation === 'direct') return directCollaborators(ctx, repo);
		const logins = new Set();
		if (affiliation !== 'outside') {
			if (state.users[repo.owner.toLowerCase()]) logins.add(repo.owner);
			const org = state.orgs[repo.owner.toLowerCase()];
			if (org) for (const member of Object.keys(org.members)) logins.add(kit.account(member).login);
		}
		for (const login of repo.collaborators.keys()) {
			const org = state.orgs[repo.owner.toLowerCase()];
			const isMember = org && Object.keys(org.members).some((m) => m.toLowerCase() === login);
			if (affiliation === 'outside' && isMember) continue;
			logins.add(kit.account(login).login);
		}
		let list = [...logins].map((login) => ({ login, level: kit.level(repo, login) }));
		if (ctx.query.permission) {
			const wanted = ctx.query.permission;
			list = list.filter((entry) => LEVELS.indexOf(entry.level) >= LEVELS.indexOf(wanted));
		}
		list.sort((a, b) => a.login.localeCompare(b.login));
		return { body: kit.paginate(ctx, list).map((entry) => shapes.collaborator(ctx.u, kit.account(entry.login), entry.level)) };
	};

	/**
	 * affiliation=direct: everyone granted access to the repository itself, members or not. The
	 * REST reference: "The `permissions` hash returned in the response contains the base role
	 * permissions of the collaborator. The `role_name` is the highest role assigned to the
	 * collaborator after considering all sources of grants": here the hash is the direct grant,
	 * role_name the highest level through every source (store.level).
	 */
	function directCollaborators(ctx, repo) {
		let list = [...repo.collaborators.entries()].map(([login, granted]) => ({ account: kit.account(login), granted, level: kit.level(repo, login) })).filter((entry) => entry.account);
		if (ctx.query.permission) list = list.filter((entry) => LEVELS.indexOf(entry.level) >= LEVELS.indexOf(ctx.query.permission));
		list.sort((a, b) => a.account.login.localeCompare(b.account.login));
		return {
			body: kit.paginate(ctx, list).map((entry) => ({ ...shapes.collaborator(ctx.u, entry.account, entry.level), permissions: shapes.permissionsObject(entry.granted) })),
		};
	}

	routes['GET /repos/{owner}/{repo}/collaborators/{username}'] = (ctx) => {
		const repo = repoFor(ctx, 'push');
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		const lower = user.login.toLowerCase();
		const org = state.orgs[repo.owner.toLowerCase()];
		const isCollaborator = repo.owner.toLowerCase() === lower || repo.collaborators.has(lower) || Boolean(org && Object.keys(org.members).some((m) => m.toLowerCase() === lower));
		if (!isCollaborator) throw ctx.notFound();
		return { status: 204 };
	};

	routes['GET /repos/{owner}/{repo}/collaborators/{username}/permission'] = (ctx) => {
		const repo = repoFor(ctx);
		const user = kit.account(ctx.params.username);
		if (!user || user.type !== 'User') throw ctx.notFound();
		const current = kit.level(repo, user.login);
		const permission = current === null ? 'none' : { pull: 'read', triage: 'read', push: 'write', maintain: 'write', admin: 'admin' }[current];
		return {
			body: {
				permission,
				role_name: shapes.roleName(current),
				user: shapes.collaborator(ctx.u, user, current),
			},
		};
	};

	routes['PUT /repos/{owner}/{repo}/collaborators/{username}'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		const user = kit.account(ctx.params.username);
		if (!user || user.type !== 'User') throw ctx.notFound();
		const permission = ctx.body?.permission ?? 'push';
		const aliases = { read: 'pull', write: 'push' };
		const normalized = aliases[permission] ?? permission;
		if (!LEVELS.includes(normalized)) {
			throw ctx.fail(422, `Invalid request.\n\nFor 'permission', ${JSON.stringify(permission)} is not one of ["pull","triage","push","maintain","admin"].`);
		}
		const lower = user.login.toLowerCase();
		if (repo.owner.toLowerCase() === lower) throw ctx.validationFailed([{ resource: 'Repository', code: 'custom', message: 'Repository owner cannot be a collaborator' }]);
		const org = state.orgs[repo.owner.toLowerCase()];
		const isMember = Boolean(org && Object.keys(org.members).some((m) => m.toLowerCase() === lower));
		if (repo.collaborators.has(lower) || isMember) {
			repo.collaborators.set(lower, normalized);
			if (isMember) {
				kit.addEvent('MemberEvent', ctx.who.login, repo, (u) => ({ action: 'added', member: shapes.simpleUser(u, user) }));
				kit.emitWebhook('member', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'added', member: shapes.simpleUser(ctx.u, user), changes: { permission: { to: normalized === 'push' ? 'write' : normalized === 'pull' ? 'read' : normalized } } }));
			}
			return { status: 204 };
		}
		let inv = [...repo.invitations.values()].find((entry) => entry.invitee.toLowerCase() === lower);
		if (inv) {
			inv.permission = normalized;
		} else {
			const id = kit.nextId();
			inv = { id, node_id: shapes.nodeId('RepositoryInvitation', id), invitee: user.login, inviter: ctx.who.login, permission: normalized, created_at: git.isoNow() };
			repo.invitations.set(id, inv);
		}
		return { status: 201, body: shapes.invitation(ctx.u, repo, inv, kitForShapes) };
	};

	// ------------------------------------------------------------ repository invitations
	routes['GET /repos/{owner}/{repo}/invitations'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		const list = [...repo.invitations.values()].sort((a, b) => a.id - b.id);
		return { body: kit.paginate(ctx, list).map((inv) => shapes.invitation(ctx.u, repo, inv, kitForShapes)) };
	};

	routes['DELETE /repos/{owner}/{repo}/invitations/{invitation_id}'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		const id = Number(ctx.params.invitation_id);
		if (!repo.invitations.has(id)) throw ctx.notFound();
		repo.invitations.delete(id);
		return { status: 204 };
	};

	routes['DELETE /repos/{owner}/{repo}/collaborators/{username}'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		const user = kit.account(ctx.params.username);
		if (!user) throw ctx.notFound();
		const lower = user.login.toLowerCase();
		repo.collaborators.delete(lower);
		for (const [id, inv] of repo.invitations) if (inv.invitee.toLowerCase() === lower) repo.invitations.delete(id);
		return { status: 204 };
	};
}

module.exports = { registerCollaborators };
