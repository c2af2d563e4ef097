'use strict';
/**
 * The organization: GET /orgs/{org} (public fields for everyone; its settings, such as the base
 * permission `default_repository_permission`, for owners only, and for a classic token only with
 * admin:org, as the REST reference says).
 * Organization membership: GET /orgs/{org}/members (role and two-factor filters), GET/PUT
 * /orgs/{org}/memberships/{username}, DELETE /orgs/{org}/members/{username}, GET/POST
 * /orgs/{org}/invitations, DELETE /orgs/{org}/invitations/{invitation_id}, GET
 * /orgs/{org}/outside_collaborators, DELETE /orgs/{org}/outside_collaborators/{username}. An
 * invitation may name teams of the organization (team_ids; others are refused with 422): the
 * invitee joins them when they accept (srv.acceptOrgInvitation).
 * Webhooks (to the organization's hooks; repository ones for `member`): organization
 * member_invited (an invitation, also through a team), member_removed; member removed (one per
 * repository an outside collaborator loses).
 *
 * Who may: members read members, memberships and outside collaborators; owners (role admin) also
 * read invitations and use the two-factor filters (422 otherwise), and only owners write (403).
 * A classic token needs read:org (or admin:org) to read and admin:org to write (404 with
 * X-Accepted-OAuth-Scopes otherwise); an App or fine-grained token the members permission
 * (../apps.js). Outside collaborators are the users with direct access to a repository of the
 * organization who are not members, as on GitHub; removing a member also removes them from
 * every team and from every repository of the organization (the REST reference: "they will no
 * longer have any access to the organization's repositories").
 */
const git = require('../git');
const shapes = require('../shapes');

const INVITATION_ROLES = { admin: 'admin', member: 'direct_member' };

/** Adds the handlers to `routes` (see ../routes.js). */
function registerOrgs(routes, kit, common) {
	const { state } = kit;
	const { needScope } = common;

	/** The organization, and the caller's role in it (an App installation reads as an owner). */
	function orgFor(ctx, { scopes = ['read:org', 'admin:org'], owner = false } = {}) {
		const org = state.orgs[ctx.params.org.toLowerCase()];
		if (!org) throw ctx.notFound();
		needScope(ctx, ...scopes);
		const role = ctx.who.installation !== undefined ? 'admin' : roleOf(org, ctx.who.login);
		if (!role) throw ctx.notFound();
		if (owner && role !== 'admin') throw ctx.fail(403, 'You must be an admin of the organization to do that.');
		return { org, role };
	}

	const writeScopes = { scopes: ['admin:org'], owner: true };

	function memberKey(org, login) {
		const lower = String(login).toLowerCase();
		return Object.keys(org.members).find((m) => m.toLowerCase() === lower);
	}

	function roleOf(org, login) {
		const found = memberKey(org, login);
		return found ? org.members[found] : undefined;
	}

	function userFor(ctx, login) {
		const user = state.users[String(login).toLowerCase()];
		if (!user) throw ctx.notFound();
		return user;
	}

	/** The repositories the organization owns. */
	const reposOf = (org) => Object.values(state.repos).filter((repo) => repo.owner.toLowerCase() === org.login.toLowerCase());

	/** The two-factor filter: only owners may ask for it. */
	function twoFactorFilter(ctx, role) {
		const filter = ctx.query.filter ?? 'all';
		if (filter !== 'all' && role !== 'admin') throw ctx.fail(422, 'Only owners can use this filter.');
		if (filter === '2fa_disabled') return (user) => user.twoFactor === 'disabled';
		if (filter === '2fa_insecure') return (user) => user.twoFactor === 'insecure';
		return () => true;
	}

	function invitationJson(ctx, org, invitation) {
		return {
			id: invitation.id,
			login: invitation.login,
			email: invitation.email,
			role: invitation.role,
			created_at: invitation.created_at,
			failed_at: null,
			failed_reason: null,
			inviter: shapes.simpleUser(ctx.u, kit.account(invitation.inviter)),
			team_count: (invitation.teams ?? []).length,
			node_id: invitation.node_id,
			invitation_teams_url: `${ctx.u.api}/organizations/${org.id}/invitations/${invitation.id}/teams`,
			invitation_source: 'member',
		};
	}

	function membershipJson(ctx, org, user, state_, role) {
		return {
			url: `${ctx.u.api}/orgs/${org.login}/memberships/${user.login}`,
			state: state_,
			role,
			organization_url: `${ctx.u.api}/orgs/${org.login}`,
			organization: shapes.organizationSimple(ctx.u, org),
			user: shapes.simpleUser(ctx.u, user),
			...(state_ === 'active' ? { direct_membership: true, permissions: { can_create_repository: org.members_can_create_repositories !== false } } : {}),
		};
	}

	/** Invites `user` (no invitation yet) or changes the role of theirs; answers the invitation. */
	function invite(ctx, org, user, role, teams = []) {
		let invitation = org.invitations.find((entry) => entry.login && entry.login.toLowerCase() === user.login.toLowerCase());
		if (invitation) {
			invitation.role = role;
			for (const slug of teams) if (!invitation.teams.includes(slug)) invitation.teams.push(slug);
			return invitation;
		}
		const id = kit.nextId();
		invitation = { id, node_id: shapes.nodeId('OrganizationInvitation', id), login: user.login, email: null, role, created_at: git.isoNow(), inviter: ctx.who.login, teams: [...teams] };
		org.invitations.push(invitation);
		invitedHook(ctx, org, invitation);
		return invitation;
	}
	/** The `organization` webhook event (member_invited, member_removed) to the organization's hooks. */
	function organizationHook(ctx, org, action, build) {
		kit.emitWebhook('organization', { org: org.login, u: ctx.u, sender: ctx.who.login }, () => ({ action, ...build() }));
	}

	function invitedHook(ctx, org, invitation) {
		organizationHook(ctx, org, 'member_invited', () => {
			const { invitation_source: _source, ...shown } = invitationJson(ctx, org, invitation);
			return { invitation: shown, ...(invitation.login ? { user: shapes.simpleUser(ctx.u, kit.account(invitation.login)) } : {}) };
		});
	}

	kit.orgs = { roleOf, memberKey, invite, orgFor, userFor, membershipJson, invitationJson, reposOf, invitedHook };

	/** The base permission as the REST API names it (the store keeps the level names pull, push, admin). */
	const BASE_PERMISSIONS = { pull: 'read', push: 'write', admin: 'admin', none: 'none' };

	routes['GET /orgs/{org}'] = (ctx) => {
		const org = state.orgs[ctx.params.org.toLowerCase()];
		if (!org) throw ctx.notFound();
		const api = `${ctx.u.api}/orgs/${org.login}`;
		const shown = {
			...shapes.organizationSimple(ctx.u, org),
			name: org.name,
			html_url: `${ctx.u.web}/${org.login}`,
			has_organization_projects: true,
			has_repository_projects: true,
			public_repos: reposOf(org).filter((repo) => !repo.private).length,
			public_gists: 0,
			followers: 0,
			following: 0,
			type: 'Organization',
			created_at: org.created_at,
			updated_at: org.updated_at,
			archived_at: null,
			url: api,
		};
		const role = ctx.who.installation !== undefined ? 'admin' : roleOf(org, ctx.who.login);
		const fullDetails = role === 'admin' && (ctx.who.installation !== undefined || ctx.who.fineGrained || ctx.who.scopes.includes('admin:org'));
		if (!fullDetails) return { body: shown };
		return {
			body: {
				...shown,
				default_repository_permission: BASE_PERMISSIONS[org.default_permission] ?? org.default_permission,
				members_can_create_repositories: org.members_can_create_repositories !== false,
				two_factor_requirement_enabled: false,
				total_private_repos: reposOf(org).filter((repo) => repo.private).length,
				owned_private_repos: reposOf(org).filter((repo) => repo.private).length,
			},
		};
	};

	routes['GET /orgs/{org}/members'] = (ctx) => {
		const org = state.orgs[ctx.params.org.toLowerCase()];
		if (!org) throw ctx.notFound();
		const viewerRole = ctx.who.installation !== undefined ? 'admin' : roleOf(org, ctx.who.login);
		// the platform redirects non-members to the public members; nobody here is a public member
		if (!viewerRole) return { body: [] };
		const role = ctx.query.role ?? 'all';
		const twoFactor = twoFactorFilter(ctx, viewerRole);
		const accounts = Object.entries(org.members)
			.filter(([, memberRole]) => role === 'all' || memberRole === role)
			.map(([login]) => kit.account(login))
			.filter((account) => account && twoFactor(account))
			.sort((a, b) => a.id - b.id);
		return { body: kit.paginate(ctx, accounts).map((account) => shapes.simpleUser(ctx.u, account)) };
	};

	routes['GET /orgs/{org}/memberships/{username}'] = (ctx) => {
		const { org } = orgFor(ctx);
		const user = userFor(ctx, ctx.params.username);
		const role = roleOf(org, user.login);
		if (role) return { body: membershipJson(ctx, org, user, 'active', role) };
		const invitation = org.invitations.find((entry) => entry.login && entry.login.toLowerCase() === user.login.toLowerCase());
		if (invitation) return { body: membershipJson(ctx, org, user, 'pending', invitation.role === 'admin' ? 'admin' : 'member') };
		throw ctx.notFound();
	};

	routes['PUT /orgs/{org}/memberships/{username}'] = (ctx) => {
		const { org } = orgFor(ctx, writeScopes);
		const user = userFor(ctx, ctx.params.username);
		const role = ctx.body?.role ?? 'member';
		const found = memberKey(org, user.login);
		if (found) {
			org.members[found] = role;
			return { body: membershipJson(ctx, org, user, 'active', role) };
		}
		invite(ctx, org, user, INVITATION_ROLES[role]);
		return { body: membershipJson(ctx, org, user, 'pending', role) };
	};

	routes['DELETE /orgs/{org}/members/{username}'] = (ctx) => {
		const { org } = orgFor(ctx, writeScopes);
		const user = userFor(ctx, ctx.params.username);
		const found = memberKey(org, user.login);
		if (!found) return { status: 204 };
		const role = org.members[found];
		delete org.members[found];
		for (const team of org.teams.values()) team.members.delete(user.login.toLowerCase());
		// "they will no longer have any access to the organization's repositories" (the REST reference)
		for (const repo of reposOf(org)) repo.collaborators.delete(user.login.toLowerCase());
		organizationHook(ctx, org, 'member_removed', () => {
			const { url, state: memberState, role: memberRole, organization_url: organizationUrl, user: member } = membershipJson(ctx, org, user, 'active', role);
			return { membership: { url, state: memberState, role: memberRole, organization_url: organizationUrl, user: member } };
		});
		return { status: 204 };
	};

	routes['GET /orgs/{org}/invitations'] = (ctx) => {
		const { org } = orgFor(ctx, { scopes: ['admin:org'], owner: true });
		const role = ctx.query.role ?? 'all';
		const source = ctx.query.invitation_source ?? 'all';
		const list = org.invitations.filter((entry) => (role === 'all' || entry.role === role) && (source === 'all' || source === 'member'));
		return { body: kit.paginate(ctx, list).map((entry) => invitationJson(ctx, org, entry)) };
	};

	routes['DELETE /orgs/{org}/invitations/{invitation_id}'] = (ctx) => {
		const { org } = orgFor(ctx, writeScopes);
		const index = org.invitations.findIndex((entry) => entry.id === Number(ctx.params.invitation_id));
		if (index < 0) throw ctx.notFound();
		const [invitation] = org.invitations.splice(index, 1);
		for (const team of org.teams.values()) if (invitation.login) team.pending.delete(invitation.login.toLowerCase());
		return { status: 204 };
	};

	/** The outside collaborators: direct collaborators on the organization's repositories who are not members. */
	function outsideCollaborators(org) {
		const logins = new Set();
		for (const repo of reposOf(org)) for (const login of repo.collaborators.keys()) if (!roleOf(org, login)) logins.add(login);
		return [...logins].map((login) => state.users[login]).filter(Boolean);
	}

	routes['GET /orgs/{org}/outside_collaborators'] = (ctx) => {
		const { org, role } = orgFor(ctx);
		const twoFactor = twoFactorFilter(ctx, role);
		const list = outsideCollaborators(org).filter(twoFactor).sort((a, b) => a.id - b.id);
		return { body: kit.paginate(ctx, list).map((user) => shapes.simpleUser(ctx.u, user)) };
	};

	routes['DELETE /orgs/{org}/outside_collaborators/{username}'] = (ctx) => {
		const { org } = orgFor(ctx, writeScopes);
		const user = userFor(ctx, ctx.params.username);
		if (roleOf(org, user.login)) {
			throw ctx.fail(422, 'You cannot specify an organization member to remove as an outside collaborator.');
		}
		for (const repo of reposOf(org)) {
			if (!repo.collaborators.delete(user.login.toLowerCase())) continue;
			kit.emitWebhook('member', { repo, u: ctx.u, sender: ctx.who.login }, () => ({ action: 'removed', member: shapes.simpleUser(ctx.u, user) }));
		}
		return { status: 204 };
	};

	routes['POST /orgs/{org}/invitations'] = (ctx) => {
		const org = state.orgs[ctx.params.org.toLowerCase()];
		if (!org) throw ctx.notFound();
		const role = Object.entries(org.members).find(([m]) => m.toLowerCase() === ctx.who.login.toLowerCase())?.[1];
		if (!role) throw ctx.notFound();
		if (role !== 'admin') throw ctx.fail(403, 'You must be an admin to create an invitation to an organization.');
		const { email, invitee_id: inviteeId, team_ids: teamIds = [] } = ctx.body ?? {};
		if (email === undefined && inviteeId === undefined) {
			throw ctx.validationFailed([{ resource: 'OrganizationInvitation', code: 'missing_field', field: 'invitee_id' }]);
		}
		// the teams the invitation adds the person to: teams of this organization only
		const teams = teamIds.map((teamId) => [...org.teams.values()].find((team) => team.id === teamId));
		if (teams.some((team) => !team)) throw ctx.validationFailed([{ resource: 'OrganizationInvitation', code: 'invalid', field: 'team_ids', value: teamIds }]);
		let invitee;
		if (inviteeId !== undefined) {
			invitee = Object.values(state.users).find((user) => user.id === inviteeId);
			if (!invitee) throw ctx.validationFailed([{ resource: 'OrganizationInvitation', code: 'invalid', field: 'invitee_id', message: 'Invitee is not a valid user' }]);
		} else {
			invitee = Object.values(state.users).find((user) => user.email.toLowerCase() === String(email).toLowerCase());
		}
		if (invitee && Object.keys(org.members).some((m) => m.toLowerCase() === invitee.login.toLowerCase())) {
			throw ctx.validationFailed([{ resource: 'OrganizationInvitation', code: 'unprocessable', field: 'data', message: 'Invitee is already a part of this organization' }]);
		}
		const address = invitee ? (email ?? null) : email;
		if (org.invitations.some((inv) => (invitee && inv.login === invitee.login) || (address && inv.email && inv.email.toLowerCase() === address.toLowerCase()))) {
			throw ctx.validationFailed([{ resource: 'OrganizationInvitation', code: 'unprocessable', field: 'data', message: 'Invitee has already been invited' }]);
		}
		const id = kit.nextId();
		const invitation = {
			id,
			node_id: shapes.nodeId('OrganizationInvitation', id),
			login: invitee ? invitee.login : null,
			email: address ?? null,
			role: ctx.body.role ?? 'direct_member',
			created_at: git.isoNow(),
			inviter: ctx.who.login,
			teams: teams.map((team) => team.slug),
		};
		org.invitations.push(invitation);
		if (invitee) for (const team of teams) team.pending.set(invitee.login.toLowerCase(), 'member');
		invitedHook(ctx, org, invitation);
		return { status: 201, body: invitationJson(ctx, org, invitation) };
	};
}

module.exports = { registerOrgs };
