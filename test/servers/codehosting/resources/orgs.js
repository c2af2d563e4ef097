'use strict';
/** Organization invitations: POST /orgs/{org}/invitations (org.invitations keeps them). */
const git = require('../git');
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerOrgs(routes, kit) {
	const { state } = kit;

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
		if (teamIds.length > 0) throw ctx.validationFailed([{ resource: 'OrganizationInvitation', code: 'invalid', field: 'team_ids', value: teamIds }]);
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
		org.invitations = org.invitations ?? [];
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
		};
		org.invitations.push(invitation);
		return {
			status: 201,
			body: {
				id: invitation.id,
				login: invitation.login,
				email: invitation.email,
				role: invitation.role,
				created_at: invitation.created_at,
				failed_at: null,
				failed_reason: null,
				inviter: shapes.simpleUser(ctx.u, kit.account(invitation.inviter)),
				team_count: 0,
				node_id: invitation.node_id,
				invitation_teams_url: `${ctx.u.api}/organizations/${org.id}/invitations/${id}/teams`,
				invitation_source: 'member',
			},
		};
	};
}

module.exports = { registerOrgs };
