'use strict';
/**
 * State of the governance stand-in: the seeded organizations, projects, keys, users and their
 * permissions (in projects and in organizations), pending invites; seed helpers; key
 * authentication and the Admin check.
 *
 * The seed:
 * - org-e2e-0001 'E2E Org' with proj-e2e-0001 (PROJECT_ID: user-admin admin, user-viewer viewer),
 *   proj-e2e-0002 'Marketing' and proj-e2e-0003 'Research' (one pending invite);
 *   org-e2e-0002 'Partner Org' with proj-e2e-0004 'Sandbox' and proj-e2e-0005 'Finance', where the
 *   admin key's user is only a viewer (NO_ADMIN_PROJECT_ID: admin-only calls answer 403);
 * - user-member is in organization 1 and in no project; user-mixed (mixed-case email, its own key)
 *   is a member of projects 2-5 and of both organizations;
 * - organization roles (owner|admin|operator|viewer) in state.organizationRoles; a user is in an
 *   organization when it has a role there (users put straight into state.users without any
 *   organization role count as users of organization 1, as before).
 */
const crypto = require('crypto');

const PROJECT_ID = 'proj-e2e-0001';
const ORGANIZATION_ID = 'org-e2e-0001';
const SECOND_ORGANIZATION_ID = 'org-e2e-0002';
const PROJECT_IDS = ['proj-e2e-0001', 'proj-e2e-0002', 'proj-e2e-0003', 'proj-e2e-0004', 'proj-e2e-0005'];
const NO_ADMIN_PROJECT_ID = 'proj-e2e-0005';
const ADMIN_KEY = 'sk-admin-9f8e7d6c5b4a39281706';
const VIEWER_KEY = 'sk-viewer-1029384756abcdef0011';
const MIXED_KEY = 'sk-mixed-5a4b3c2d1e0f99887766';
const ADMIN_USER_ID = 'user-admin';
const VIEWER_USER_ID = 'user-viewer';
const MIXED_USER_ID = 'user-mixed';
const MIXED_EMAIL = 'Mixed.Case@acme.test';
const PENDING_INVITE_CODE = 'inv-seeded-pending01';

const ROLES = ['admin', 'editor', 'viewer'];

/** Project permissions (serviceDefault group) for roles of 'admin' | 'editor' | 'viewer'. */
function permissionsFor(roles) {
	if (!Array.isArray(roles) || roles.length === 0) throw new Error('roles must be a non-empty array');
	const actions = {};
	for (const role of roles) {
		if (!ROLES.includes(role)) throw new Error(`unknown role "${role}" (admin, editor or viewer)`);
		actions[role === 'admin' ? 'admin' : `role:${role}`] = true;
	}
	return { items: { serviceDefault: { actions } } };
}

function createState() {
	const project = (id, name, description, organizationId) => ({
		project_id: id,
		name,
		description,
		organization_id: organizationId,
	});
	const state = {
		organizations: {
			[ORGANIZATION_ID]: { name: 'E2E Org' },
			[SECOND_ORGANIZATION_ID]: { name: 'Partner Org' },
		},
		// organization → its GetProjectsOrgInfoOutput (GET /latest/projects/organization_info)
		organizationInfo: {
			[ORGANIZATION_ID]: {
				credits: 1250.5,
				actions: 4200,
				entitlement_plan: 'team',
				concurrency: { limit: 10, active: 2, pending: 1 },
				default_project_id: PROJECT_ID,
			},
			[SECOND_ORGANIZATION_ID]: {
				credits: 80,
				actions: 150,
				entitlement_plan: 'free',
				concurrency: { limit: 2, active: 0, pending: 0 },
				default_project_id: 'proj-e2e-0004',
			},
		},
		projects: {
			[PROJECT_ID]: project(PROJECT_ID, 'E2E project', 'seeded', ORGANIZATION_ID),
			'proj-e2e-0002': project('proj-e2e-0002', 'Marketing', 'Campaign agents', ORGANIZATION_ID),
			'proj-e2e-0003': project('proj-e2e-0003', 'Research', 'Research assistants', ORGANIZATION_ID),
			'proj-e2e-0004': project('proj-e2e-0004', 'Sandbox', 'Partner experiments', SECOND_ORGANIZATION_ID),
			[NO_ADMIN_PROJECT_ID]: project(NO_ADMIN_PROJECT_ID, 'Finance', 'Partner finance agents', SECOND_ORGANIZATION_ID),
		},
		// key → who it is
		keys: {
			[ADMIN_KEY]: { user_id: ADMIN_USER_ID, key_id: 'key-admin' },
			[VIEWER_KEY]: { user_id: VIEWER_USER_ID, key_id: 'key-viewer' },
			[MIXED_KEY]: { user_id: MIXED_USER_ID, key_id: 'key-mixed', label: 'laptop' },
		},
		// users of the platform (their organizations: organizationRoles)
		users: {
			[ADMIN_USER_ID]: { _id: ADMIN_USER_ID, email: 'admin@example.com', first_name: 'Ada', last_name: 'Admin', type: 'user' },
			[VIEWER_USER_ID]: { _id: VIEWER_USER_ID, email: 'viewer@example.com', first_name: 'Vic', last_name: 'Viewer', type: 'user' },
			'user-member': { _id: 'user-member', email: 'member@example.com', first_name: 'Mo', last_name: 'Member', type: 'user' },
			[MIXED_USER_ID]: { _id: MIXED_USER_ID, email: MIXED_EMAIL, first_name: 'Max', last_name: 'Mixed', type: 'user' },
		},
		// project → user → permissions
		memberships: {
			[PROJECT_ID]: {
				[ADMIN_USER_ID]: permissionsFor(['admin']),
				[VIEWER_USER_ID]: permissionsFor(['viewer']),
			},
			'proj-e2e-0002': { [ADMIN_USER_ID]: permissionsFor(['admin']), [MIXED_USER_ID]: permissionsFor(['editor']) },
			'proj-e2e-0003': { [ADMIN_USER_ID]: permissionsFor(['admin']), [MIXED_USER_ID]: permissionsFor(['viewer']) },
			'proj-e2e-0004': { [ADMIN_USER_ID]: permissionsFor(['admin']), [MIXED_USER_ID]: permissionsFor(['admin']) },
			[NO_ADMIN_PROJECT_ID]: { [ADMIN_USER_ID]: permissionsFor(['viewer']), [MIXED_USER_ID]: permissionsFor(['viewer']) },
		},
		// organization → user → role (owner | admin | operator | viewer)
		organizationRoles: {
			[ORGANIZATION_ID]: { [ADMIN_USER_ID]: 'owner', [VIEWER_USER_ID]: 'viewer', 'user-member': 'viewer', [MIXED_USER_ID]: 'operator' },
			[SECOND_ORGANIZATION_ID]: { [ADMIN_USER_ID]: 'admin', [MIXED_USER_ID]: 'viewer' },
		},
		// organization → user → the `admin` flag last set through the organization user update
		organizationAdmins: {
			[ORGANIZATION_ID]: { [ADMIN_USER_ID]: true },
			[SECOND_ORGANIZATION_ID]: { [ADMIN_USER_ID]: true },
		},
		// invite_code → invite
		invites: {
			[PENDING_INVITE_CODE]: {
				_id: PENDING_INVITE_CODE,
				email: 'Pending.Person@acme.test',
				project: 'proj-e2e-0003',
				permissions: permissionsFor(['editor']),
				email_status: 'sent',
				email_sent_at: '2025-01-15T09:30:00.000Z',
				email_attempts: 1,
				last_email_attempt_at: '2025-01-15T09:30:00.000Z',
			},
		},
	};

	function addUsers(count, prefix = 'bulk') {
		for (let i = 0; i < count; i++) {
			const id = `${prefix}-${String(i).padStart(4, '0')}`;
			state.users[id] = { _id: id, email: `${id}@example.com`, type: 'user' };
			state.organizationRoles[ORGANIZATION_ID][id] = 'viewer';
			state.memberships[PROJECT_ID][id] = permissionsFor(['viewer']);
		}
	}

	function addProjects(count, prefix = 'bulkproj') {
		for (let i = 0; i < count; i++) {
			const id = `${prefix}-${String(i).padStart(4, '0')}`;
			state.projects[id] = project(id, `Project ${i}`, '', ORGANIZATION_ID);
			state.memberships[id] = { [ADMIN_USER_ID]: permissionsFor(['admin']) };
		}
	}

	/** Adds `user` ({_id, email, first_name?, last_name?, type? = 'user'}) to organization 1 as a viewer. */
	function addUser(user) {
		if (!user || typeof user._id !== 'string' || typeof user.email !== 'string') throw new Error('addUser needs {_id, email}');
		state.users[user._id] = { type: 'user', ...user };
		state.organizationRoles[ORGANIZATION_ID][user._id] = 'viewer';
		return state.users[user._id];
	}

	/** Makes `userId` a member of `projectId` with `roles` (replacing any permissions it had there). */
	function addMember(projectId, userId, roles) {
		if (!state.projects[projectId]) throw new Error(`addMember: unknown project ${projectId}`);
		if (!state.users[userId]) throw new Error(`addMember: unknown user ${userId}`);
		state.memberships[projectId][userId] = permissionsFor(roles);
		return state.memberships[projectId][userId];
	}

	/** A pending invite of `email` to `projectId` with `roles`; returns its invite code. */
	function addInvite(projectId, email, roles) {
		if (!state.projects[projectId]) throw new Error(`addInvite: unknown project ${projectId}`);
		const code = `inv-${crypto.randomBytes(8).toString('hex')}`;
		const now = new Date().toISOString();
		state.invites[code] = {
			_id: code,
			email,
			project: projectId,
			permissions: permissionsFor(roles),
			email_status: 'sent',
			email_sent_at: now,
			email_attempts: 1,
			last_email_attempt_at: now,
		};
		return code;
	}

	/**
	 * Adds project `id` ({name = id, description = '', organizationId = organization 1,
	 * keyRole = 'admin'}): the admin key's user gets `keyRole` ('admin' | 'viewer') there.
	 */
	function addProject(id, { name = id, description = '', organizationId = ORGANIZATION_ID, keyRole = 'admin' } = {}) {
		if (state.projects[id]) throw new Error(`addProject: project ${id} exists`);
		if (!state.organizations[organizationId]) throw new Error(`addProject: unknown organization ${organizationId}`);
		if (keyRole !== 'admin' && keyRole !== 'viewer') throw new Error('addProject: keyRole must be admin or viewer');
		state.projects[id] = project(id, name, description, organizationId);
		state.memberships[id] = { [ADMIN_USER_ID]: permissionsFor([keyRole]) };
		return state.projects[id];
	}

	/** Removes project `id` with its memberships and pending invites. */
	function removeProject(id) {
		if (!state.projects[id]) throw new Error(`removeProject: unknown project ${id}`);
		delete state.projects[id];
		delete state.memberships[id];
		for (const [code, invite] of Object.entries(state.invites)) if (invite.project === id) delete state.invites[code];
	}

	function isAdmin(projectId, userId) {
		const permissions = state.memberships[projectId]?.[userId];
		return Boolean(
			permissions &&
				Object.values(permissions.items ?? {}).some((group) => group?.actions?.admin === true),
		);
	}

	/**
	 * The role of `userId` in `organizationId`, or undefined when not in it. A user with no role in
	 * any organization (put straight into state.users) is a viewer of organization 1.
	 */
	function organizationRole(organizationId, userId) {
		const role = state.organizationRoles[organizationId]?.[userId];
		if (role) return role;
		const anywhere = Object.values(state.organizationRoles).some((roles) => roles[userId]);
		return organizationId === ORGANIZATION_ID && state.users[userId] && !anywhere ? 'viewer' : undefined;
	}

	/** Parses the Authorization header against the form `form` expects. */
	function authenticate(req, form) {
		const header = req.headers.authorization;
		if (typeof header !== 'string') return { error: 'Missing Authorization header' };
		let match;
		if (form === 'create-project') match = /^Bearer :([^:\s]+)$/.exec(header);
		else if (form === 'no-bearer') match = /^([^:\s]+):([^:\s]+)$/.exec(header);
		else match = /^Bearer ([^:\s]+):([^:\s]+)$/.exec(header);
		if (!match) {
			const expected =
				form === 'create-project'
					? 'Bearer :<api_key>'
					: form === 'no-bearer'
						? '<project_id>:<api_key>'
						: 'Bearer <project_id>:<api_key>';
			return { error: `Authorization header has the wrong form for this call; expected ${expected}` };
		}
		const projectId = form === 'create-project' ? undefined : match[1];
		const apiKey = form === 'create-project' ? match[1] : match[2];
		const key = state.keys[apiKey];
		if (!key) return { error: 'Invalid API key' };
		if (projectId !== undefined) {
			if (!state.projects[projectId]) return { error: 'Unknown project' };
			if (!state.memberships[projectId]?.[key.user_id]) return { error: 'Key has no access to this project' };
		}
		return { projectId, userId: key.user_id, keyId: key.key_id };
	}

	return {
		state,
		addUsers,
		addProjects,
		addUser,
		addMember,
		addInvite,
		addProject,
		removeProject,
		isAdmin,
		organizationRole,
		authenticate,
	};
}

module.exports = {
	createState,
	permissionsFor,
	PROJECT_ID,
	PROJECT_IDS,
	NO_ADMIN_PROJECT_ID,
	ORGANIZATION_ID,
	SECOND_ORGANIZATION_ID,
	ADMIN_KEY,
	VIEWER_KEY,
	MIXED_KEY,
	ADMIN_USER_ID,
	VIEWER_USER_ID,
	MIXED_USER_ID,
	MIXED_EMAIL,
	PENDING_INVITE_CODE,
};
