'use strict';
/**
 * A local stand-in for the agent platform's control API (mission-spec §4A, §5), strict about
 * what it accepts:
 * - only the documented paths and methods (404 / 405 otherwise), all under /latest;
 * - the exact Authorization form per operation: `Bearer :<key>` for project creation,
 *   `<project>:<key>` without Bearer for user update, `Bearer <project>:<key>` elsewhere (401);
 * - Admin permission for invite create/list/delete, user update/delete (403 for other keys); the
 *   owner or admin role in the organization for the organization user update (403 otherwise);
 * - request bodies validated against the platform's own OpenAPI schemas in
 *   test/fixtures/control-api-openapi (422 with {message} otherwise), and its own answers checked
 *   against the output schemas (a 500 "test server error" when the stand-in strays);
 * - state in memory: organizations, projects, users and their permissions (project and
 *   organization roles), pending invites, users' API keys (seed: state.js);
 *   an invite for a user who is already in the organization is accepted at once (mission-spec
 *   §3 rule 1).
 * Errors have the platform's shape: {message, error_type, error_audience} and x-request-id.
 *
 * Slow answers: holdNext({method, path, project, times, ms}) holds matching requests until released
 * (or `ms` later), for polls that outlast their interval.
 *
 * Files: state.js (seeded state, keys, permissions), schemas.js (body validators), projects.js and
 * auth.js (handlers by resource); routing, the request log and faults come from ../core.js.
 */
const {
	sendJson,
	readBody,
	recordRequest,
	createFaults,
	replyFault,
	createRouter,
	jsonBody,
	lifecycle,
} = require('../core');
const { validators } = require('./schemas');
// permissionsFor is a helper, not one of the exported constants
const { createState, permissionsFor, ...constants } = require('./state'); // eslint-disable-line no-unused-vars
const { createProjectHandlers } = require('./projects');
const { createAuthHandlers } = require('./auth');

function platformError(res, status, message, errorType, requestId) {
	sendJson(
		res,
		status,
		{ message, error_type: errorType, error_audience: 'user' },
		{ 'x-request-id': requestId },
	);
}

function createGovernanceServer(options = {}) {
	const seed = createState();
	const { state, isAdmin, organizationRole, authenticate } = seed;
	const requests = [];
	/** Makes the next matching request(s) fail: {method, path (string|RegExp), status, body, times, drop}. */
	const faults = createFaults();
	/** Requests held back before they are answered: see holdNext. */
	const holds = [];
	let requestCounter = 0;

	/**
	 * Holds the next matching request(s) ({method, path (string|RegExp), project: the project of the
	 * Authorization header, times = 1}) before it is answered: until `release()`, or `ms`
	 * milliseconds when given (a project that answers late). Answers {reached: a promise that
	 * settles when the first held request arrived, release()}.
	 */
	function holdNext({ method, path, project, times = 1, ms } = {}) {
		let reachedResolve;
		let releaseResolve;
		const hold = {
			method,
			path,
			project,
			times,
			reached: new Promise((resolve) => (reachedResolve = resolve)),
			released: new Promise((resolve) => (releaseResolve = resolve)),
		};
		hold.arrive = () => {
			reachedResolve();
			if (ms !== undefined) setTimeout(releaseResolve, ms).unref();
		};
		hold.release = () => {
			hold.times = 0;
			releaseResolve();
		};
		holds.push(hold);
		return { reached: hold.reached, release: hold.release };
	}

	function takeHold(req, path) {
		const project = /^Bearer ([^:\s]+):/.exec(req.headers.authorization ?? '')?.[1];
		const hold = holds.find(
			(entry) =>
				entry.times > 0 &&
				(!entry.method || entry.method === req.method) &&
				(typeof entry.path === 'string' ? entry.path === path : entry.path.test(path)) &&
				(!entry.project || entry.project === project),
		);
		if (!hold) return undefined;
		hold.times--;
		hold.arrive();
		return hold.released;
	}

	const projects = createProjectHandlers(state);
	const auth = createAuthHandlers(state, { organizationRole });
	const router = createRouter([
		{ method: 'POST', pattern: /^\/latest\/projects\/create$/, auth: 'create-project', schema: 'CreateProjectInput', output: 'CreateProjectOutput', handler: projects.createProject },
		{ method: 'POST', pattern: /^\/latest\/projects\/update$/, auth: 'bearer', admin: true, schema: 'UpdateProjectInput', output: 'UpdateProjectOutput', handler: projects.updateProject },
		{ method: 'GET', pattern: /^\/latest\/projects\/list$/, auth: 'bearer', output: 'ListProjectsOutput', handler: projects.listProjects },
		{ method: 'GET', pattern: /^\/latest\/projects\/organization_info$/, auth: 'bearer', output: 'GetProjectsOrgInfoOutput', handler: projects.organizationInfo },
		{ method: 'GET', pattern: /^\/latest\/auth\/info$/, auth: 'bearer', output: 'GetAuthHeaderInfoOutput', handler: auth.authInfo },
		{ method: 'POST', pattern: /^\/latest\/auth\/invite\/create$/, auth: 'bearer', admin: true, schema: 'CreateProjectInviteInput', output: 'CreateProjectInviteOutput', handler: auth.createInvite },
		{ method: 'POST', pattern: /^\/latest\/auth\/invite\/list$/, auth: 'bearer', admin: true, schema: 'ListProjectInvitesInput', output: 'ListProjectInvitesOutput', handler: auth.listInvites },
		{ method: 'POST', pattern: /^\/latest\/auth\/invite\/delete$/, auth: 'bearer', admin: true, schema: 'DeleteProjectInviteInput', output: 'DeleteProjectInviteOutput', handler: auth.deleteInvite },
		{ method: 'POST', pattern: /^\/latest\/auth\/invite\/resend$/, auth: 'bearer', admin: true, schema: 'ResendProjectInviteInput', output: 'ResendProjectInviteOutput', handler: auth.resendInvite },
		{ method: 'POST', pattern: /^\/latest\/auth\/users\/list$/, auth: 'bearer', schema: 'ListUsersInput', output: 'ListUsersOutput', handler: auth.listUsers },
		{ method: 'GET', pattern: /^\/latest\/auth\/users\/([^/]+)$/, auth: 'bearer', output: 'GetUserOutput', handler: auth.getUser },
		{ method: 'POST', pattern: /^\/latest\/auth\/users\/([^/]+)\/update$/, auth: 'no-bearer', admin: true, schema: 'UpdateUserInput', output: 'UpdateUserOutput', handler: auth.updateUser },
		{ method: 'POST', pattern: /^\/latest\/auth\/users\/([^/]+)\/delete$/, auth: 'bearer', admin: true, schema: 'DeleteUserInput', output: 'DeleteUserOutput', handler: auth.deleteUser },
		{ method: 'POST', pattern: /^\/latest\/auth\/users\/([^/]+)\/keys\/create$/, auth: 'bearer', admin: true, schema: 'CreateUserKeyInput', output: 'CreateUserKeyOutput', handler: auth.createUserKey },
		{ method: 'POST', pattern: /^\/latest\/auth\/users\/([^/]+)\/keys\/list$/, auth: 'bearer', admin: true, schema: 'ListUserKeysInput', output: 'ListUserKeysOutput', handler: auth.listUserKeys },
		{ method: 'POST', pattern: /^\/latest\/auth\/users\/([^/]+)\/keys\/delete$/, auth: 'bearer', admin: true, schema: 'DeleteUserKeyInput', output: 'DeleteUserKeyOutput', handler: auth.deleteUserKey },
		// the organization role check (owner or admin of that organization) is the handler's
		{ method: 'POST', pattern: /^\/latest\/auth\/organization\/([^/]+)\/user\/([^/]+)\/update$/, auth: 'bearer', params: ['organization_id', 'user_id'], schema: 'UpdateOrganizationUserPermissionsInput', output: 'UpdateOrganizationUserPermissionsOutput', handler: auth.updateOrganizationUser },
	]);

	async function handle(req, res) {
		const requestId = `req-${++requestCounter}`;
		const url = new URL(req.url, 'http://localhost');
		const raw = await readBody(req);
		const record = recordRequest(requests, req, raw, {
			path: url.pathname,
			rawPath: req.url.split('?')[0],
			query: Object.fromEntries(url.searchParams),
		});

		const held = takeHold(req, url.pathname);
		if (held) await held;

		const fault = faults.take(req.method, url.pathname);
		if (fault) {
			return replyFault(req, fault, () =>
				sendJson(res, fault.status, fault.body ?? { message: 'injected failure' }, fault.headers ?? {}),
			);
		}

		// Encoded slashes would let a user ID escape its path segment: refuse them outright.
		if (/%2f/i.test(record.rawPath)) return platformError(res, 404, 'Not found', 'not_found', requestId);

		const found = router.match(req.method, url.pathname);
		if (found.status === 404) return platformError(res, 404, `No route ${url.pathname}`, 'not_found', requestId);
		if (found.status === 405) return platformError(res, 405, `Method ${req.method} not allowed on ${url.pathname}`, 'method_not_allowed', requestId);
		const { route } = found;
		const params = router.params(route, url.pathname);

		const who = authenticate(req, route.auth);
		if (who.error) return platformError(res, 401, who.error, 'unauthorized', requestId);
		if (route.admin && !isAdmin(who.projectId, who.userId)) {
			return platformError(res, 403, 'This action needs the Admin permission in the project', 'forbidden', requestId);
		}

		let body;
		if (req.method === 'POST') {
			const parsed = jsonBody(req, raw);
			if (parsed.problem === 'content-type') {
				return platformError(res, 422, `Content-Type must be application/json, got "${parsed.type}"`, 'validation', requestId);
			}
			if (parsed.problem === 'json') return platformError(res, 422, `Body is not valid JSON: ${parsed.message}`, 'validation', requestId);
			body = parsed.body;
			if (body === undefined) return platformError(res, 422, 'A JSON body is required', 'validation', requestId);
			const validate = validators()[route.schema];
			if (!validate(body)) {
				const message = validate.errors.map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
				return platformError(res, 422, message, 'validation', requestId);
			}
		} else if (raw.length) {
			return platformError(res, 422, 'GET requests take no body', 'validation', requestId);
		}
		const { userIdPattern, pathParamMaxLength } = validators();
		const badParam = params.findIndex((param) => !userIdPattern.test(param) || param.length > pathParamMaxLength);
		if (badParam >= 0) {
			const name = (route.params ?? ['user_id'])[badParam];
			return platformError(res, 422, `Invalid ${name} "${params[badParam]}"`, 'validation', requestId);
		}

		const [status, payload] = route.handler({ body, who, params, query: url.searchParams });
		if (status === 200 && route.output) {
			const check = validators().outputs[route.output];
			if (!check(payload)) {
				const message = check.errors.map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
				throw new Error(`the stand-in's answer does not match ${route.output}: ${message}`);
			}
		}
		sendJson(res, status, payload, { 'x-request-id': requestId });
	}

	const life = lifecycle(handle, { requests, options, beforeStart: validators });
	return {
		state,
		requests,
		failNext: faults.failNext,
		holdNext,
		addUsers: seed.addUsers,
		addProjects: seed.addProjects,
		/** addUser({_id, email, ...}): a user of organization 1 (viewer there), in no project. */
		addUser: seed.addUser,
		/** addMember(projectId, userId, roles of 'admin'|'editor'|'viewer'): sets its permissions there. */
		addMember: seed.addMember,
		/** addInvite(projectId, email, roles) → the pending invite's code. */
		addInvite: seed.addInvite,
		/** addProject(id, {name, description, organizationId, keyRole: 'admin'|'viewer'}): the admin key's user gets keyRole there. */
		addProject: seed.addProject,
		/** removeProject(id): the project, its memberships and its pending invites. */
		removeProject: seed.removeProject,
		/** start(port), stop() (releases every held request first); resetRequests() forgets the requests received so far. */
		...life,
		async stop() {
			for (const hold of holds) hold.release();
			await life.stop.call(this);
		},
	};
}

module.exports = { createGovernanceServer, ...constants };
