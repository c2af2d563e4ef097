'use strict';
/**
 * The code-hosting test server's organization helpers beside the store (store.js): teams, a user's
 * two-factor state, and accepting an invitation to an organization. They act on the store's
 * `state` with its `nextId` and `key`.
 */
const shapes = require('./shapes');
const { isoAt } = require('./constants');

function orgHelpers({ state, nextId, key }) {
	/**
	 * A team of organization `org`: {name, slug (from the name), description, privacy ('closed' |
	 * 'secret'), members: {login: 'member'|'maintainer'}, repos: {name: level}, id}.
	 */
	function addTeam(org, opts) {
		const record = state.orgs[String(org).toLowerCase()];
		if (!record) throw new Error(`addTeam: unknown organization ${org}`);
		const id = opts.id ?? nextId();
		const slug = opts.slug ?? opts.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
		const team = {
			id,
			node_id: shapes.nodeId('Team', id),
			name: opts.name,
			slug,
			description: opts.description ?? null,
			privacy: opts.privacy ?? 'closed',
			created_at: isoAt(0),
			members: new Map(Object.entries(opts.members ?? {}).map(([login, role]) => [login.toLowerCase(), role])),
			pending: new Map(),
			repos: new Map(Object.entries(opts.repos ?? {}).map(([name, level]) => [key(record.login, name), level])),
		};
		record.teams.set(slug, team);
		return team;
	}

	/** Sets a user's two-factor state: 'enabled', 'disabled' or 'insecure'. */
	function setTwoFactor(login, twoFactor) {
		const user = state.users[String(login).toLowerCase()];
		if (!user) throw new Error(`setTwoFactor: unknown user ${login}`);
		user.twoFactor = twoFactor;
	}

	/** `login` accepts their invitation to `org`: a member (owner if invited as admin), active in the teams it named. */
	function acceptOrgInvitation(org, login) {
		const record = state.orgs[String(org).toLowerCase()];
		const index = record ? record.invitations.findIndex((entry) => entry.login && entry.login.toLowerCase() === String(login).toLowerCase()) : -1;
		if (index < 0) throw new Error(`acceptOrgInvitation: ${login} has no invitation to ${org}`);
		const [invitation] = record.invitations.splice(index, 1);
		record.members[invitation.login] = invitation.role === 'admin' ? 'admin' : 'member';
		for (const team of record.teams.values()) {
			const role = team.pending.get(invitation.login.toLowerCase());
			if (role) team.members.set(invitation.login.toLowerCase(), role);
			team.pending.delete(invitation.login.toLowerCase());
		}
	}

	return { addTeam, setTwoFactor, acceptOrgInvitation };
}

module.exports = { orgHelpers };
