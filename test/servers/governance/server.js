'use strict';
/**
 * A local stand-in for the agent platform's control API (mission-spec §4A, §5), strict about
 * what it accepts:
 * - only the documented paths and methods (404 / 405 otherwise), all under /latest;
 * - the exact Authorization form per operation: `Bearer :<key>` for project creation,
 *   `<project>:<key>` without Bearer for user update, `Bearer <project>:<key>` elsewhere (401);
 * - Admin permission for invite create/list/delete, user update/delete (403 for other keys);
 * - request bodies validated against the platform's own OpenAPI schemas in
 *   test/fixtures/control-api-openapi (422 with {message} otherwise);
 * - state in memory: projects, users and their permissions, pending invites; an invite for a
 *   user who is already in the organization is accepted at once (mission-spec §3 rule 1).
 * Errors have the platform's shape: {message, error_type, error_audience} and x-request-id.
 */
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const yaml = require('js-yaml');
const Ajv = require('ajv');
const addFormats = require('ajv-formats');
const { listen, readBody, sendJson } = require('../http-util');

const PROJECT_ID = 'proj-e2e-0001';
const ORGANIZATION_ID = 'org-e2e-0001';
const ADMIN_KEY = 'sk-admin-9f8e7d6c5b4a39281706';
const VIEWER_KEY = 'sk-viewer-1029384756abcdef0011';
const ADMIN_USER_ID = 'user-admin';
const VIEWER_USER_ID = 'user-viewer';

function openApiDir() {
	if (process.env.GOVERNANCE_OPENAPI_DIR) return process.env.GOVERNANCE_OPENAPI_DIR;
	return path.resolve(__dirname, '../../fixtures/control-api-openapi');
}

let cachedValidators;
function validators() {
	if (cachedValidators) return cachedValidators;
	const dir = openApiDir();
	const auth = yaml.load(fs.readFileSync(path.join(dir, 'auth.yml'), 'utf8'));
	const projects = yaml.load(fs.readFileSync(path.join(dir, 'projects.yml'), 'utf8'));
	const ajv = new Ajv({ strict: false, allErrors: true });
	addFormats(ajv);
	const compile = (doc, name) => {
		const schema = doc.components.schemas[name];
		if (!schema) throw new Error(`schema ${name} missing from the OpenAPI copy`);
		return ajv.compile(schema);
	};
	cachedValidators = {
		CreateProjectInput: compile(projects, 'CreateProjectInput'),
		CreateProjectInviteInput: compile(auth, 'CreateProjectInviteInput'),
		DeleteProjectInviteInput: compile(auth, 'DeleteProjectInviteInput'),
		ListProjectInvitesInput: compile(auth, 'ListProjectInvitesInput'),
		UpdateUserInput: compile(auth, 'UpdateUserInput'),
		DeleteUserInput: compile(auth, 'DeleteUserInput'),
		ListUsersInput: compile(auth, 'ListUsersInput'),
		// The path parameter pattern of the OpenAPI copy is `^[a-zd._-]+$`, a `\d` that lost its
		// backslash; the intended pattern is used here.
		userIdPattern: /^[a-z\d._-]+$/,
	};
	return cachedValidators;
}

function platformError(res, status, message, errorType, requestId) {
	sendJson(
		res,
		status,
		{ message, error_type: errorType, error_audience: 'user' },
		{ 'x-request-id': requestId },
	);
}

function createGovernanceServer(options = {}) {
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
	const requests = [];
	const faults = [];
	let requestCounter = 0;

	/** Makes the next matching request(s) fail: {method, path (string|RegExp), status, body, times, drop}. */
	function failNext(fault) {
		faults.push({ times: 1, ...fault });
	}

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

	const routes = [
		{ method: 'POST', pattern: /^\/latest\/projects\/create$/, auth: 'create-project', schema: 'CreateProjectInput', handler: createProject },
		{ method: 'GET', pattern: /^\/latest\/projects\/list$/, auth: 'bearer', handler: listProjects },
		{ method: 'GET', pattern: /^\/latest\/auth\/info$/, auth: 'bearer', handler: authInfo },
		{ method: 'POST', pattern: /^\/latest\/auth\/invite\/create$/, auth: 'bearer', admin: true, schema: 'CreateProjectInviteInput', handler: createInvite },
		{ method: 'POST', pattern: /^\/latest\/auth\/invite\/list$/, auth: 'bearer', admin: true, schema: 'ListProjectInvitesInput', handler: listInvites },
		{ method: 'POST', pattern: /^\/latest\/auth\/invite\/delete$/, auth: 'bearer', admin: true, schema: 'DeleteProjectInviteInput', handler: deleteInvite },
		{ method: 'POST', pattern: /^\/latest\/auth\/users\/list$/, auth: 'bearer', schema: 'ListUsersInput', handler: listUsers },
		{ method: 'POST', pattern: /^\/latest\/auth\/users\/([^/]+)\/update$/, auth: 'no-bearer', admin: true, schema: 'UpdateUserInput', handler: updateUser },
		{ method: 'POST', pattern: /^\/latest\/auth\/users\/([^/]+)\/delete$/, auth: 'bearer', admin: true, schema: 'DeleteUserInput', handler: deleteUser },
	];

	function createProject(ctx) {
		const { body, who } = ctx;
		if (!state.organizations[body.organization_id]) {
			return [404, { message: `Organization ${body.organization_id} not found`, error_type: 'not_found', error_audience: 'user' }];
		}
		const projectId = `proj-${crypto.randomBytes(6).toString('hex')}`;
		state.projects[projectId] = {
			project_id: projectId,
			name: body.name ?? '',
			description: body.description ?? '',
			organization_id: body.organization_id,
			...(body.language ? { language: body.language } : {}),
		};
		state.memberships[projectId] = { [who.userId]: { items: { serviceDefault: { actions: { admin: true } } } } };
		return [200, { project_id: projectId }];
	}

	function listProjects(ctx) {
		const { query } = ctx;
		for (const name of ['page', 'page_size']) {
			if (query.has(name) && !/^\d+$/.test(query.get(name))) {
				return [422, { message: `${name} must be a number`, error_type: 'validation', error_audience: 'user' }];
			}
		}
		const page = Number(query.get('page') ?? 1);
		const pageSize = Number(query.get('page_size') ?? 20);
		if (page < 1 || pageSize < 1 || pageSize > 100) {
			return [422, { message: 'page must be >= 1 and page_size between 1 and 100', error_type: 'validation', error_audience: 'user' }];
		}
		const visible = Object.values(state.projects).filter((project) => state.memberships[project.project_id]?.[ctx.who.userId]);
		const slice = visible.slice((page - 1) * pageSize, page * pageSize).map((project) => ({
			_id: project.project_id,
			project_id: project.project_id,
			name: project.name,
			description: project.description,
			organization_id: project.organization_id,
			organization_name: state.organizations[project.organization_id]?.name ?? '',
			created_by_user_id: ADMIN_USER_ID,
			permissions: state.memberships[project.project_id][ctx.who.userId],
		}));
		return [200, { projects: slice, count: visible.length }];
	}

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
		const existing = Object.values(state.users).find(
			(user) => (body.email && user.email === body.email) || (body.user_id && user._id === body.user_id),
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

	async function handle(req, res) {
		const requestId = `req-${++requestCounter}`;
		const url = new URL(req.url, 'http://localhost');
		const raw = await readBody(req);
		const record = {
			method: req.method,
			path: url.pathname,
			rawPath: req.url.split('?')[0],
			query: Object.fromEntries(url.searchParams),
			headers: req.headers,
			body: raw.length ? raw.toString('utf8') : undefined,
		};
		requests.push(record);

		const fault = faults.find(
			(entry) =>
				entry.times > 0 &&
				(!entry.method || entry.method === req.method) &&
				(typeof entry.path === 'string' ? entry.path === url.pathname : entry.path.test(url.pathname)),
		);
		if (fault) {
			fault.times--;
			if (fault.drop) {
				req.socket.destroy();
				return;
			}
			sendJson(res, fault.status, fault.body ?? { message: 'injected failure' }, fault.headers ?? {});
			return;
		}

		// Encoded slashes would let a user ID escape its path segment: refuse them outright.
		if (/%2f/i.test(record.rawPath)) return platformError(res, 404, 'Not found', 'not_found', requestId);

		const candidates = routes.filter((route) => route.pattern.test(url.pathname));
		if (candidates.length === 0) return platformError(res, 404, `No route ${url.pathname}`, 'not_found', requestId);
		const route = candidates.find((entry) => entry.method === req.method);
		if (!route) return platformError(res, 405, `Method ${req.method} not allowed on ${url.pathname}`, 'method_not_allowed', requestId);
		const params = route.pattern.exec(url.pathname).slice(1).map(decodeURIComponent);

		const who = authenticate(req, route.auth);
		if (who.error) return platformError(res, 401, who.error, 'unauthorized', requestId);
		if (route.admin && !isAdmin(who.projectId, who.userId)) {
			return platformError(res, 403, 'This action needs the Admin permission in the project', 'forbidden', requestId);
		}

		let body;
		if (req.method === 'POST') {
			const type = req.headers['content-type'] ?? '';
			if (!/^application\/json\b/.test(type)) {
				return platformError(res, 422, `Content-Type must be application/json, got "${type}"`, 'validation', requestId);
			}
			try {
				body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
			} catch (error) {
				return platformError(res, 422, `Body is not valid JSON: ${error.message}`, 'validation', requestId);
			}
			if (body === undefined) return platformError(res, 422, 'A JSON body is required', 'validation', requestId);
			const validate = validators()[route.schema];
			if (!validate(body)) {
				const message = validate.errors.map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
				return platformError(res, 422, message, 'validation', requestId);
			}
		} else if (raw.length) {
			return platformError(res, 422, 'GET requests take no body', 'validation', requestId);
		}
		if (params.some((param) => !validators().userIdPattern.test(param))) {
			return platformError(res, 422, `Invalid user_id "${params[0]}"`, 'validation', requestId);
		}

		const [status, payload] = route.handler({ body, who, params, query: url.searchParams });
		sendJson(res, status, payload, { 'x-request-id': requestId });
	}

	let running;
	return {
		state,
		requests,
		failNext,
		addUsers,
		addProjects,
		async start(port = options.port ?? 0) {
			validators();
			running = await listen(handle, port);
			this.url = running.url;
			return { url: running.url };
		},
		async stop() {
			if (running) await running.close();
			running = undefined;
		},
		/** Requests received since the last call to `resetRequests`. */
		resetRequests() {
			requests.length = 0;
		},
	};
}

module.exports = {
	createGovernanceServer,
	PROJECT_ID,
	ORGANIZATION_ID,
	ADMIN_KEY,
	VIEWER_KEY,
	ADMIN_USER_ID,
	VIEWER_USER_ID,
};
