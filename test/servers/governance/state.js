'use strict';
/**
 * State of the governance stand-in: the seeded organization, project, keys, users and their
 * permissions, pending invites; seed helpers; key authentication and the Admin check.
 */
const PROJECT_ID = 'proj-e2e-0001';
const ORGANIZATION_ID = 'org-e2e-0001';
const ADMIN_KEY = 'sk-admin-9f8e7d6c5b4a39281706';
const VIEWER_KEY = 'sk-viewer-1029384756abcdef0011';
const ADMIN_USER_ID = 'user-admin';
const VIEWER_USER_ID = 'user-viewer';

function createState() {
	const state = {
		organizations: { [ORGANIZATION_ID]: { name: 'E2E Org' } },
		projects: {
			[PROJECT_ID]: {
				project_id: PROJECT_ID,
				name: 'E2E project',
				description: 'seeded',
				organization_id: ORGANIZATION_ID,
			},
		},
		// key → who it is
		keys: {
			[ADMIN_KEY]: { user_id: ADMIN_USER_ID, key_id: 'key-admin' },
			[VIEWER_KEY]: { user_id: VIEWER_USER_ID, key_id: 'key-viewer' },
		},
		// users of the organization
		users: {
			[ADMIN_USER_ID]: { _id: ADMIN_USER_ID, email: 'admin@example.com', first_name: 'Ada', last_name: 'Admin', type: 'user' },
			[VIEWER_USER_ID]: { _id: VIEWER_USER_ID, email: 'viewer@example.com', first_name: 'Vic', last_name: 'Viewer', type: 'user' },
			'user-member': { _id: 'user-member', email: 'member@example.com', first_name: 'Mo', last_name: 'Member', type: 'user' },
		},
		// project → user → permissions
		memberships: {
			[PROJECT_ID]: {
				[ADMIN_USER_ID]: { items: { serviceDefault: { actions: { admin: true } } } },
				[VIEWER_USER_ID]: { items: { serviceDefault: { actions: { 'role:viewer': true } } } },
			},
		},
		// invite_code → invite
		invites: {},
	};

	function addUsers(count, prefix = 'bulk') {
		for (let i = 0; i < count; i++) {
			const id = `${prefix}-${String(i).padStart(4, '0')}`;
			state.users[id] = { _id: id, email: `${id}@example.com`, type: 'user' };
			state.memberships[PROJECT_ID][id] = { items: { serviceDefault: { actions: { 'role:viewer': true } } } };
		}
	}

	function addProjects(count, prefix = 'bulkproj') {
		for (let i = 0; i < count; i++) {
			const id = `${prefix}-${String(i).padStart(4, '0')}`;
			state.projects[id] = { project_id: id, name: `Project ${i}`, description: '', organization_id: ORGANIZATION_ID };
			state.memberships[id] = { [ADMIN_USER_ID]: { items: { serviceDefault: { actions: { admin: true } } } } };
		}
	}

	function isAdmin(projectId, userId) {
		const permissions = state.memberships[projectId]?.[userId];
		return Boolean(
			permissions &&
				Object.values(permissions.items ?? {}).some((group) => group?.actions?.admin === true),
		);
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

	return { state, addUsers, addProjects, isAdmin, authenticate };
}

module.exports = {
	createState,
	PROJECT_ID,
	ORGANIZATION_ID,
	ADMIN_KEY,
	VIEWER_KEY,
	ADMIN_USER_ID,
	VIEWER_USER_ID,
};
