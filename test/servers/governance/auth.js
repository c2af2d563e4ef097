'use strict';
/**
 * Keys, invites and users of the governance stand-in: GET /latest/auth/info,
 * POST /latest/auth/invite/create|list|delete|resend, POST /latest/auth/users/list,
 * GET /latest/auth/users/{id}, POST /latest/auth/users/{id}/update|delete and
 * POST /latest/auth/users/{id}/keys/create|list|delete and
 * POST /latest/auth/organization/{organization_id}/user/{user_id}/update.
 */
const crypto = require('crypto');

/**
 * Handlers over `state`; each takes {body, who, params, query} and returns [status, payload].
 * `organizationRole(organizationId, userId)` gives a user's organization role (undefined when not in it).
 */
function createAuthHandlers(state, { organizationRole }) {
	function authInfo(ctx) {
		const user = state.users[ctx.who.userId];
		return [200, {
			user_id: ctx.who.userId,
			key_id: ctx.who.keyId,
			email: user.email,
			permissions: { projects: { [ctx.who.projectId]: state.memberships[ctx.who.projectId][ctx.who.userId] } },
		}];
	}

	function createInvite(ctx) {
		const { body, who } = ctx;
		if (!body.permissions) return [422, { message: 'permissions is required', error_type: 'validation', error_audience: 'user' }];
		if (!body.email && !body.user_id) return [422, { message: 'email or user_id is required', error_type: 'validation', error_audience: 'user' }];
		// A user of the project's organization, matched on the exact email (or the user_id).
		const organizationId = state.projects[who.projectId].organization_id;
		const existing = Object.values(state.users).find(
			(user) =>
				((body.email && user.email === body.email) || (body.user_id && user._id === body.user_id)) &&
				organizationRole(organizationId, user._id) !== undefined,
		);
		const inviteCode = `inv-${crypto.randomBytes(8).toString('hex')}`;
		if (existing) {
			// Already in the organization: accepted at once.
			state.memberships[who.projectId][existing._id] = body.permissions;
			return [200, { invite_code: inviteCode, email_status: 'sent' }];
		}
		state.invites[inviteCode] = {
			_id: inviteCode,
			email: body.email,
			...(body.user_id ? { user_id: body.user_id } : {}),
			project: who.projectId,
			permissions: body.permissions,
			email_status: 'sent',
		};
		return [200, { invite_code: inviteCode, email_status: 'sent' }];
	}

	function listInvites(ctx) {
		const results = Object.values(state.invites).filter((invite) => invite.project === ctx.who.projectId);
		return [200, { results }];
	}

	function deleteInvite(ctx) {
		const invite = state.invites[ctx.body.invite_code];
		if (!invite || invite.project !== ctx.who.projectId) {
			return [404, { message: `Invite ${ctx.body.invite_code} not found`, error_type: 'not_found', error_audience: 'user' }];
		}
		delete state.invites[ctx.body.invite_code];
		return [200, {}];
	}

	function listUsers(ctx) {
		const { body, who } = ctx;
		const page = body.page ?? 1;
		const pageSize = body.page_size ?? 20;
		if (page < 1 || pageSize < 1 || pageSize > 100) {
			return [422, { message: 'page must be >= 1 and page_size between 1 and 100', error_type: 'validation', error_audience: 'user' }];
		}
		let members = Object.keys(state.memberships[who.projectId]).map((id) => ({
			...state.users[id],
			permissions: { projects: { [who.projectId]: state.memberships[who.projectId][id] } },
		}));
		const filters = body.user_filters ?? {};
		if (filters.email_search) members = members.filter((user) => user.email.includes(filters.email_search));
		if (filters.type) members = members.filter((user) => user.type === filters.type);
		if (filters.id) members = members.filter((user) => user._id === filters.id);
		const slice = members.slice((page - 1) * pageSize, page * pageSize);
		return [200, { results: slice, has_more: page * pageSize < members.length }];
	}

	function updateUser(ctx) {
		const { body, who, params } = ctx;
		const userId = params[0];
		const current = state.memberships[who.projectId][userId];
		if (!current) return [404, { message: `User ${userId} is not in this project`, error_type: 'not_found', error_audience: 'user' }];
		if (body.permissions) {
			if (body.overwrite) {
				state.memberships[who.projectId][userId] = body.permissions;
			} else {
				const merged = JSON.parse(JSON.stringify(current));
				for (const [key, group] of Object.entries(body.permissions.items ?? {})) {
					merged.items[key] = merged.items[key] ?? {};
					merged.items[key].actions = { ...(merged.items[key].actions ?? {}), ...(group.actions ?? {}) };
				}
				state.memberships[who.projectId][userId] = merged;
			}
		}
		return [200, {}];
	}

	function deleteUser(ctx) {
		const { who, params } = ctx;
		const userId = params[0];
		if (!state.memberships[who.projectId][userId]) {
			return [404, { message: `User ${userId} is not in this project`, error_type: 'not_found', error_audience: 'user' }];
		}
		delete state.memberships[who.projectId][userId];
		return [200, {}];
	}

	function notFound(message) {
		return [404, { message, error_type: 'not_found', error_audience: 'user' }];
	}

	function resendInvite(ctx) {
		const invite = state.invites[ctx.body.invite_code];
		if (!invite || invite.project !== ctx.who.projectId) return notFound(`Invite ${ctx.body.invite_code} not found`);
		invite.email_attempts = (invite.email_attempts ?? 1) + 1;
		invite.last_email_attempt_at = new Date().toISOString();
		invite.email_status = 'sent';
		return [200, { invite_code: invite._id }];
	}

	/** A member of the caller's project with its permissions there (GetUserOutput / ListUsersOutput). */
	function member(projectId, userId) {
		const permissions = state.memberships[projectId]?.[userId];
		if (!permissions || !state.users[userId]) return undefined;
		return { ...state.users[userId], permissions: { projects: { [projectId]: permissions } } };
	}

	function getUser(ctx) {
		const found = member(ctx.who.projectId, ctx.params[0]);
		return found ? [200, found] : notFound(`User ${ctx.params[0]} is not in this project`);
	}

	/** Keys of a user who is in the caller's project (the key API acts on project members). */
	function keyOwner(ctx) {
		const userId = ctx.params[0];
		return state.memberships[ctx.who.projectId]?.[userId] ? userId : undefined;
	}

	function createUserKey(ctx) {
		const userId = keyOwner(ctx);
		if (!userId) return notFound(`User ${ctx.params[0]} is not in this project`);
		const apiKey = `sk-${crypto.randomBytes(12).toString('hex')}`;
		const id = `key-${crypto.randomBytes(6).toString('hex')}`;
		const record = { user_id: userId, key_id: id };
		for (const field of ['label', 'notes', 'ttl_hours']) if (ctx.body[field] !== undefined) record[field] = ctx.body[field];
		state.keys[apiKey] = record;
		return [200, { api_key: apiKey, id }];
	}

	function listUserKeys(ctx) {
		const userId = keyOwner(ctx);
		if (!userId) return notFound(`User ${ctx.params[0]} is not in this project`);
		const results = Object.values(state.keys)
			.filter((key) => key.user_id === userId)
			.map((key) => {
				const entry = { _id: key.key_id };
				for (const field of ['label', 'notes', 'ttl_hours']) if (key[field] !== undefined) entry[field] = key[field];
				return entry;
			});
		return [200, { results }];
	}

	function deleteUserKey(ctx) {
		const userId = keyOwner(ctx);
		if (!userId) return notFound(`User ${ctx.params[0]} is not in this project`);
		const entry = Object.entries(state.keys).find(([, key]) => key.user_id === userId && key.key_id === ctx.body.id);
		if (!entry) return notFound(`Key ${ctx.body.id} not found for user ${userId}`);
		delete state.keys[entry[0]];
		return [200, {}];
	}

	const ORGANIZATION_MANAGERS = ['owner', 'admin'];

	/**
	 * Sets a user's role in an organization: `role` when given, else 'admin' when `admin` is true,
	 * else the current role; the `admin` flag is kept in state.organizationAdmins. Only an owner or
	 * admin of that organization may (403); an unknown organization or a user who is not in it is a 404.
	 */
	function updateOrganizationUser(ctx) {
		const { body, who, params } = ctx;
		const [organizationId, userId] = params;
		if (!state.organizations[organizationId]) return notFound(`Organization ${organizationId} not found`);
		if (!ORGANIZATION_MANAGERS.includes(organizationRole(organizationId, who.userId))) {
			return [403, {
				message: `Changing a user's organization permissions needs the owner or admin role in organization ${organizationId}`,
				error_type: 'forbidden',
				error_audience: 'user',
			}];
		}
		const current = organizationRole(organizationId, userId);
		if (current === undefined) return notFound(`User ${userId} is not in organization ${organizationId}`);
		const role = body.role ?? (body.admin ? 'admin' : current);
		state.organizationRoles[organizationId] = state.organizationRoles[organizationId] ?? {};
		state.organizationRoles[organizationId][userId] = role;
		state.organizationAdmins[organizationId] = state.organizationAdmins[organizationId] ?? {};
		state.organizationAdmins[organizationId][userId] = body.admin;
		return [200, {}];
	}

	return {
		authInfo,
		updateOrganizationUser,
		createInvite,
		listInvites,
		deleteInvite,
		resendInvite,
		listUsers,
		getUser,
		updateUser,
		deleteUser,
		createUserKey,
		listUserKeys,
		deleteUserKey,
	};
}

module.exports = { createAuthHandlers };
