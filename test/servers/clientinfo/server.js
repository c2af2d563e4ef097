'use strict';
/**
 * A local stand-in for the client-information platform (Content Snare's partner API v1:
 * platforms.md §3; mission-spec §4C, §5, §7, §8), strict about what it accepts:
 * - OAuth 2.0 only (mission-spec §5): GET /oauth/authorization approves at once and redirects
 *   back with a code; POST /oauth/token takes the authorization_code and refresh_token grants
 *   with the client's ID and secret (Basic header or body). Access tokens expire (`accessTokenTtlMs`,
 *   2 h as reported) and can be expired on demand; refresh tokens can be revoked.
 * - every call under /partner_api/v1 needs `Authorization: Bearer <live access token>` (401
 *   with error="invalid_token" otherwise) and the scope for it (403 insufficient_scope).
 * - rate limits per account (mission-spec §8): at most `reads` GETs and `writes` other calls in
 *   any sliding window of `windowMs` (default 50, 20 and 10 000 ms); over that, 429 with
 *   Retry-After (whole seconds) and nothing is done. Refused calls do not count. `windowMs` can be
 *   shortened for tests.
 * - clients, requests, request templates and webhooks in memory; lists take `limit` (1..200,
 *   default 200) and `offset` and answer {results, pagination: {offset, limit, total}}.
 * - bodies: JSON content type, known fields only, required fields present, emails and dates
 *   (YYYY-MM-DD, real days) valid, referenced clients and templates existing (422 otherwise).
 * - `deliver(event, data)` POSTs {event, data} to every enabled webhook subscribed to the event
 *   (loopback addresses only).
 * `failNext` injects failures; `requests` logs every call; `stats.rateLimited` counts 429s.
 *
 * Files: constants.js, state.js (state, seed helpers, rate limit windows), oauth.js, api.js (list
 * and error helpers), clients.js, requests.js, templates.js, webhooks.js (route tables by
 * resource); routing, the request log and faults come from ../core.js.
 */
const { sendJson, readBody, recordRequest, createFaults, replyFault, createRouter, jsonBody, lifecycle } = require('../core');
const constants = require('./constants');
const { createState } = require('./state');
const { createOAuth, oauthError } = require('./oauth');
const { createApi } = require('./api');
const { clientRoutes } = require('./clients');
const { requestRoutes } = require('./requests');
const { templateRoutes } = require('./templates');
const { webhookRoutes, createDeliver } = require('./webhooks');

const { API } = constants;

function createClientInfoServer(options = {}) {
	const store = createState(options);
	const { state, stats, limits, now, rateLimit } = store;
	const requests = [];
	const faults = createFaults();
	const oauth = createOAuth(store, options);
	const api = createApi();
	const router = createRouter([
		...clientRoutes(state, api),
		...requestRoutes(state, api),
		...templateRoutes(state, api),
		...webhookRoutes(state, api),
	]);

	async function handle(req, res) {
		const url = new URL(req.url, 'http://localhost');
		const raw = await readBody(req);
		const record = recordRequest(
			requests,
			req,
			raw,
			{ path: url.pathname, rawPath: req.url.split('?')[0], query: Object.fromEntries(url.searchParams) },
			{ at: now() },
		);

		const fault = faults.take(req.method, url.pathname);
		if (fault) {
			record.fault = true;
			return replyFault(req, fault, () => sendJson(res, fault.status, fault.body ?? { error: 'injected failure' }, fault.headers ?? {}));
		}

		if (url.pathname === '/oauth/authorization' && req.method === 'GET') return oauth.authorize(req, res, url);
		if (url.pathname === '/oauth/token') {
			if (req.method !== 'POST') return oauthError(res, 405, 'invalid_request', 'Use POST');
			return oauth.token(req, res, raw);
		}
		if (!url.pathname.startsWith(`${API}/`)) return sendJson(res, 404, { error: 'not_found', message: `No route ${url.pathname}` });
		if (/%2f|%2e/i.test(record.rawPath)) return sendJson(res, 404, { error: 'not_found', message: 'Not found' });
		const path = url.pathname.slice(API.length);

		const who = oauth.bearer(req);
		if (who.error) {
			record.status = 401;
			return sendJson(res, 401, { error: 'invalid_token', error_description: who.error }, {
				'WWW-Authenticate': `Bearer realm="Content Snare", error="invalid_token", error_description="${who.error}"`,
			});
		}
		record.token = who.token;

		const found = router.match(req.method, path);
		if (found.status === 404) return sendJson(res, 404, { error: 'not_found', message: `No route ${url.pathname}` });
		if (found.status === 405) return sendJson(res, 405, { error: 'method_not_allowed', message: `Method ${req.method} not allowed on ${url.pathname}` });
		const { route } = found;
		if (!who.scopes.includes(route.scope)) {
			record.status = 403;
			return sendJson(res, 403, { error: 'insufficient_scope', error_description: `This call needs the ${route.scope} scope` });
		}

		const kind = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write';
		const retryAfter = rateLimit(who.account, kind);
		if (retryAfter) {
			stats.rateLimited++;
			record.status = 429;
			record.rateLimited = true;
			return sendJson(res, 429, { error: 'rate_limited', message: `Too many ${kind} requests` }, { 'Retry-After': String(retryAfter) });
		}

		let body;
		if (req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') {
			const parsed = jsonBody(req, raw);
			if (parsed.problem === 'content-type') return sendJson(res, 415, { error: `Content-Type must be application/json, got "${parsed.type}"` });
			if (parsed.problem === 'json') return sendJson(res, 400, { error: `Body is not valid JSON: ${parsed.message}` });
			body = parsed.body;
			if (body === null || typeof body !== 'object' || Array.isArray(body)) return sendJson(res, 400, { error: 'The body must be a JSON object' });
		} else if (raw.length) {
			return sendJson(res, 400, { error: `${req.method} requests take no body` });
		}
		const params = router.params(route, path);
		const [status, payload] = route.handler({ body, params, query: url.searchParams, who });
		record.status = status;
		if (status === 204) {
			res.writeHead(204);
			res.end();
			return;
		}
		sendJson(res, status, payload);
	}

	const deliver = createDeliver(state);
	return {
		state,
		stats,
		requests,
		limits,
		failNext: faults.failNext,
		issueTokens: store.issueTokens,
		expireAccessTokens: store.expireAccessTokens,
		revokeRefreshTokens: store.revokeRefreshTokens,
		addClients: store.addClients,
		addRequests: store.addRequests,
		addTemplates: store.addTemplates,
		deliver,
		/**
		 * Moves a request to `status` as a user on the platform would, and delivers the event it
		 * means (request_published, _completed, _archived; none for other statuses) to the
		 * webhooks subscribed to it; resolves to the deliveries (a stopped n8n: status 0).
		 */
		async setRequestStatus(id, status) {
			const request = state.requests[id];
			if (!request) throw new Error(`no request ${id}`);
			if (!constants.STATUSES.includes(status)) throw new Error(`no status ${status}`);
			request.status = status;
			const event = { published: 'request_published', completed: 'request_completed', archived: 'request_archived' }[status];
			return event ? await deliver(event, { request: { ...request } }) : [];
		},
		/** start(port), stop(), resetRequests(). */
		...lifecycle(handle, { requests, options }),
		/** Calls that reached the API (not OAuth, not injected faults). */
		apiRequests() {
			return requests.filter((request) => request.path.startsWith(`${API}/`) && !request.fault);
		},
	};
}

module.exports = {
	createClientInfoServer,
	API,
	CLIENT_ID: constants.CLIENT_ID,
	CLIENT_SECRET: constants.CLIENT_SECRET,
	ACCESS_TOKEN: constants.ACCESS_TOKEN,
	REFRESH_TOKEN: constants.REFRESH_TOKEN,
	ALL_SCOPES: constants.ALL_SCOPES,
	EVENTS: constants.EVENTS,
	STATUSES: constants.STATUSES,
	TEMPLATES: constants.TEMPLATES,
	SEEDED_CLIENT_ID: constants.SEEDED_CLIENT_ID,
};
