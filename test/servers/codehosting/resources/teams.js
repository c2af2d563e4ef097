'use strict';
/**
 * Teams of an organization: GET /orgs/{org}/teams, GET /orgs/{org}/teams/{team_slug}/members
 * (role filter), GET/PUT/DELETE /orgs/{org}/teams/{team_slug}/memberships/{username}, GET
 * /orgs/{org}/teams/{team_slug}/repos, GET /orgs/{org}/teams/{team_slug}/invitations (the
 * organization's pending invitations that name the team; owners and the team's maintainers, 403
 * for others).
 *
 * Members of the organization see its visible ('closed') teams; a secret team only its members and
 * the owners (404 for others). Owners and the team's maintainers change its members (403 for
 * others). Adding a user who is not a member of the organization invites them to it (the team
 * membership is then 'pending' until they accept); adding an organization is refused (422).
 * Webhooks to the organization's hooks: membership added (a new member of the team), removed.
 */
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js); after registerOrgs (kit.orgs). */
function registerTeams(routes, kit) {
	const { state } = kit;

	function teamFor(ctx, write = false) {
		const { org, role } = kit.orgs.orgFor(ctx, write ? { scopes: ['admin:org'] } : undefined);
		const team = org.teams.get(ctx.params.team_slug.toLowerCase());
		const viewer = String(ctx.who.login).toLowerCase();
		if (!team || (team.privacy === 'secret' && role !== 'admin' && !team.members.has(viewer))) throw ctx.notFound();
		if (write && role !== 'admin' && team.members.get(viewer) !== 'maintainer') {
			throw ctx.fail(403, 'You must be an organization owner or team maintainer to do that.');
		}
		return { org, team, role };
	}

	function teamJson(ctx, org, team) {
		const api = `${ctx.u.api}/organizations/${org.id}/team/${team.id}`;
		return {
			id: team.id,
			node_id: team.node_id,
			url: api,
			html_url: `${ctx.u.web}/orgs/${org.login}/teams/${team.slug}`,
			name: team.name,
			slug: team.slug,
			description: team.description,
			privacy: team.privacy,
			notification_setting: 'notifications_enabled',
			permission: 'pull',
			members_url: `${api}/members{/member}`,
			repositories_url: `${api}/repos`,
			type: 'organization',
			organization_id: org.id,
			parent: null,
		};
	}

	/** The `membership` webhook event (added, removed) to the organization's hooks. */
	function membershipHook(ctx, org, team, account, action) {
		kit.emitWebhook('membership', { org: org.login, u: ctx.u, sender: ctx.who.login }, () => {
			const shown = teamJson(ctx, org, team);
			const keys = ['name', 'id', 'node_id', 'slug', 'description', 'privacy', 'url', 'html_url', 'members_url', 'repositories_url', 'permission'];
			return { action, scope: 'team', member: shapes.simpleUser(ctx.u, account), team: Object.fromEntries(keys.map((name) => [name, shown[name]])) };
		});
	}

	routes['GET /orgs/{org}/teams'] = (ctx) => {
		const { org, role } = kit.orgs.orgFor(ctx);
		const viewer = String(ctx.who.login).toLowerCase();
		const teams = [...org.teams.values()]
			.filter((team) => team.privacy !== 'secret' || role === 'admin' || team.members.has(viewer))
			.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
		return { body: kit.paginate(ctx, teams).map((team) => teamJson(ctx, org, team)) };
	};

	routes['GET /orgs/{org}/teams/{team_slug}/members'] = (ctx) => {
		const { team } = teamFor(ctx);
		const role = ctx.query.role ?? 'all';
		const users = [...team.members.entries()]
			.filter(([, memberRole]) => role === 'all' || memberRole === role)
			.map(([login]) => state.users[login])
			.filter(Boolean)
			.sort((a, b) => a.id - b.id);
		return { body: kit.paginate(ctx, users).map((user) => shapes.simpleUser(ctx.u, user)) };
	};

	// GitHub's "Get team membership for a user": active or pending with the role, else 404
	routes['GET /orgs/{org}/teams/{team_slug}/memberships/{username}'] = (ctx) => {
		const { org, team } = teamFor(ctx);
		const account = kit.account(ctx.params.username);
		if (!account) throw ctx.notFound();
		const lower = account.login.toLowerCase();
		const url = `${ctx.u.api}/organizations/${org.id}/team/${team.id}/memberships/${account.login}`;
		if (team.members.has(lower)) return { body: { url, role: team.members.get(lower), state: 'active' } };
		if (team.pending.has(lower)) return { body: { url, role: team.pending.get(lower), state: 'pending' } };
		throw ctx.notFound();
	};

	routes['PUT /orgs/{org}/teams/{team_slug}/memberships/{username}'] = (ctx) => {
		const { org, team } = teamFor(ctx, true);
		const account = kit.account(ctx.params.username);
		if (!account) throw ctx.notFound();
		if (account.type !== 'User') throw ctx.fail(422, 'You cannot add an organization to a team.');
		const role = ctx.body?.role ?? 'member';
		const lower = account.login.toLowerCase();
		const url = `${ctx.u.api}/organizations/${org.id}/team/${team.id}/memberships/${account.login}`;
		if (kit.orgs.roleOf(org, account.login)) {
			const added = !team.members.has(lower);
			team.members.set(lower, role);
			if (added) membershipHook(ctx, org, team, account, 'added');
			return { body: { url, role, state: 'active' } };
		}
		team.pending.set(lower, role);
		kit.orgs.invite(ctx, org, account, 'direct_member', [team.slug]);
		return { body: { url, role, state: 'pending' } };
	};

	routes['DELETE /orgs/{org}/teams/{team_slug}/memberships/{username}'] = (ctx) => {
		const { org, team } = teamFor(ctx, true);
		const account = kit.account(ctx.params.username);
		if (!account) throw ctx.notFound();
		const removed = team.members.delete(account.login.toLowerCase());
		// a pending member: the team leaves their invitation to the organization (the invitation stays)
		if (team.pending.delete(account.login.toLowerCase())) {
			const invitation = org.invitations.find((entry) => entry.login && entry.login.toLowerCase() === account.login.toLowerCase());
			if (invitation) invitation.teams = invitation.teams.filter((slug) => slug !== team.slug);
		}
		if (removed) membershipHook(ctx, org, team, account, 'removed');
		return { status: 204 };
	};

	routes['GET /orgs/{org}/teams/{team_slug}/invitations'] = (ctx) => {
		const { org, team, role } = teamFor(ctx);
		if (role !== 'admin' && team.members.get(String(ctx.who.login).toLowerCase()) !== 'maintainer') {
			throw ctx.fail(403, 'You must be an organization owner or team maintainer to do that.');
		}
		const list = org.invitations.filter((invitation) => (invitation.teams ?? []).includes(team.slug));
		return { body: kit.paginate(ctx, list).map((invitation) => kit.orgs.invitationJson(ctx, org, invitation)) };
	};

	routes['GET /orgs/{org}/teams/{team_slug}/repos'] = (ctx) => {
		const { team } = teamFor(ctx);
		const repos = [...team.repos.entries()]
			.map(([repoKey, level]) => ({ repo: state.repos[repoKey], level }))
			.filter((entry) => entry.repo)
			.sort((a, b) => a.repo.name.localeCompare(b.repo.name, 'en', { sensitivity: 'base' }));
		return {
			body: kit.paginate(ctx, repos).map(({ repo, level }) =>
				shapes.repository(ctx.u, repo, kit.account(repo.owner), { permissions: shapes.permissionsObject(level), role_name: shapes.roleName(level) }),
			),
		};
	};
}

module.exports = { registerTeams };
