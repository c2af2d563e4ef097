'use strict';
/**
 * The request handler of the code-hosting test server: the steps listed at the top of server.js,
 * from recording and faults through authentication, rate limits, headers, the API description's
 * path/query/body checks, to the route handler and the ETag/304 answer.
 */
const crypto = require('crypto');
const openapi = require('./openapi');
const git = require('./git');
const { readBody, recordRequest, replyFault } = require('../core');
const { API_VERSION, RATE_DOCS, HttpError } = require('./constants');
const { checkPermissions } = require('./apps');

/**
 * deps: {s (the store), protocol (protocol.js), requests, faults (../core.js createFaults), routes,
 * graphql, oauth, apps (apps.js), options, baseUrl ()}. Returns handle(req, res).
 */
/**
 * The secondary limit for content-creating requests (store.js `contentLimit`): answers what is
 * exceeded ({limit, per, retryAfter}) for a request of `accountId` at `now`, or records the request
 * and answers undefined. A refused request does not count.
 */
function overContentLimit(limit, accountId, now) {
	const times = (limit.writes[accountId] ??= []);
	while (times.length > 0 && now - times[0] >= 3_600_000) times.shift();
	const lastMinute = times.filter((time) => now - time < 60_000);
	if (lastMinute.length >= limit.perMinute) return { limit: limit.perMinute, per: 'a minute', retryAfter: Math.ceil((lastMinute[0] + 60_000 - now) / 1000) };
	if (times.length >= limit.perHour) return { limit: limit.perHour, per: 'an hour', retryAfter: Math.ceil((times[0] + 3_600_000 - now) / 1000) };
	times.push(now);
	return undefined;
}

function createHandler({ s, protocol, requests, faults, routes, graphql, oauth, apps, options, baseUrl }) {
	const { state, key, findRepo, level, repoById } = s;
	const { sendRaw, errorBody, rateHeaders, refreshRate, authenticate, acceptable, decodePath, docsOf, checkResponse } = protocol;
	let requestCounter = 0;

	async function handle(req, res) {
		const requestId = `${(++requestCounter).toString(16).toUpperCase().padStart(4, '0')}:TEST:${Date.now().toString(16).toUpperCase()}`;
		const rawUrl = req.url ?? '/';
		const queryIndex = rawUrl.indexOf('?');
		const rawPathFull = queryIndex === -1 ? rawUrl : rawUrl.slice(0, queryIndex);
		const search = new URLSearchParams(queryIndex === -1 ? '' : rawUrl.slice(queryIndex + 1));
		const prefix = rawPathFull === '/api/v3' || rawPathFull.startsWith('/api/v3/') ? '/api/v3' : '';
		let rawPath = prefix ? rawPathFull.slice(prefix.length) || '/' : rawPathFull;
		const bodyBuffer = await readBody(req);
		const record = recordRequest(
			requests,
			req,
			bodyBuffer,
			{ path: decodePath(rawPath), rawPath: rawPathFull, query: Object.fromEntries(search) },
			{ bodyBuffer },
		);

		const fault = faults.take(req.method, record.path);
		if (fault) {
			return replyFault(req, fault, () => {
				const text = fault.body === undefined ? JSON.stringify({ message: 'injected failure' }) : typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
				sendRaw(res, fault.status ?? 500, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...(fault.headers ?? {}) }, text);
			});
		}

		const origin = `http://${req.headers.host ?? new URL(baseUrl()).host}`;
		const u = { api: `${origin}${prefix}`, web: origin };
		const method = req.method === 'HEAD' ? 'GET' : req.method;
		const baseHeaders = {
			'x-github-request-id': requestId,
			'x-github-media-type': 'github.v3; format=json',
			'x-github-api-version-selected': API_VERSION,
			'access-control-expose-headers': 'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
		};
		const isGraphql = rawPathFull === '/graphql' || rawPathFull === '/api/graphql';
		const resourceName = isGraphql ? 'graphql' : rawPath.startsWith('/search/') ? 'search' : 'core';

		const reply = (status, body, headers = {}, counted = true, who) => {
			const all = { ...baseHeaders, ...headers };
			if (who) {
				// a fine-grained token has no scopes: GitHub sends it no scope headers
				if (!who.fineGrained) {
					all['x-oauth-scopes'] = who.scopes.join(', ');
					all['x-accepted-oauth-scopes'] = all['x-accepted-oauth-scopes'] ?? '';
				}
				const r = refreshRate(resourceName);
				if (counted) {
					// a GraphQL query is charged its cost in points (graphqlSchema.js), anything else 1
					const points = typeof counted === 'number' ? counted : 1;
					r.remaining = Math.max(0, r.remaining - points);
					r.used += points;
				}
				Object.assign(all, rateHeaders(resourceName));
			}
			// what was answered, for tests that check GitHub's answer shapes (headers in lower case)
			record.status = status;
			record.responseHeaders = Object.fromEntries(Object.entries(all).map(([name, value]) => [name.toLowerCase(), value]));
			if (Buffer.isBuffer(body)) {
				all['Content-Length'] = body.length;
				return sendRaw(res, status, all, req.method === 'HEAD' ? undefined : body);
			}
			const text = body === undefined ? '' : JSON.stringify(body);
			if (body !== undefined) all['Content-Type'] = all['Content-Type'] ?? 'application/json; charset=utf-8';
			all['Content-Length'] = Buffer.byteLength(text);
			sendRaw(res, status, all, req.method === 'HEAD' ? undefined : text);
		};

		// The OAuth app web flow lives on the web base (github.com/login/oauth/…), not under /api/v3.
		if (!prefix && oauth.handles(rawPath)) return oauth.handle(req, res, rawPath, search, bodyBuffer);

		// Raw file downloads (download_url of the contents API; raw.githubusercontent.com's role).
		if (!prefix && method === 'GET' && rawPath.startsWith('/raw/')) {
			const parts = rawPath.split('/').slice(2).map((s) => decodePath(s));
			const [owner, name, ref, ...rest] = parts;
			const repo = owner && name ? findRepo(owner, name) : undefined;
			const who = authenticate(req);
			if (!repo || level(repo, who?.login) === null) return reply(404, Buffer.from('404: Not Found'), { 'Content-Type': 'text/plain; charset=utf-8' }, false);
			const sha = git.resolveRef(repo, ref);
			const blob = sha ? repo.commits.get(sha).tree[rest.join('/')] : undefined;
			if (!blob) return reply(404, Buffer.from('404: Not Found'), { 'Content-Type': 'text/plain; charset=utf-8' }, false);
			return reply(200, repo.blobs.get(blob), { 'Content-Type': 'text/plain; charset=utf-8' }, false);
		}

		// Test control (not the platform's): every GitHub App installation token expires now.
		if (!prefix && method === 'POST' && rawPath === '/_stand-in/app/expire-tokens') {
			return reply(200, { expired: apps.expireTokens() }, {}, false);
		}

		if (!req.headers['user-agent']) {
			return reply(403, {
				message: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes.',
			});
		}
		// A GitHub App's JWT (apps.js): verified here, good only on the app's endpoints (checked below).
		const jwt = apps.jwtOf(req);
		let who;
		if (jwt) {
			const verified = apps.verifyJwt(jwt);
			if (verified.error) {
				apps.logEvent({ event: 'refused', reason: verified.error });
				return reply(401, errorBody(401, verified.error, 'https://docs.github.com/apps/creating-github-apps/authenticating-with-a-github-app/generating-a-json-web-token-jwt-for-a-github-app'));
			}
			who = { app: true, claims: verified.claims, login: state.app.slug, account: { id: state.app.id, login: state.app.slug }, scopes: [] };
		} else {
			who = authenticate(req);
		}
		if (!who || (who.installation !== undefined && who.expiresAt <= Math.floor(Date.now() / 1000))) {
			return reply(401, errorBody(401, 'Bad credentials', 'https://docs.github.com/rest'));
		}
		const isRateLimitCall = !isGraphql && rawPath === '/rate_limit' && method === 'GET';
		const rate = refreshRate(resourceName);
		// GitHub's GraphQL API answers a used-up primary limit with HTTP 200, an error and
		// x-ratelimit-remaining 0 ("Rate limits and query limits for the GraphQL API")
		if (isGraphql && rate.remaining <= 0) {
			return reply(200, { errors: [{ type: 'RATE_LIMITED', code: 'graphql_rate_limit', message: `API rate limit already exceeded for user ID ${who.account.id}.` }] }, {}, false, who);
		}
		if (!isRateLimitCall && rate.remaining <= 0) {
			return reply(
				rate.status,
				{ message: `API rate limit exceeded for user ID ${who.account.id}.`, documentation_url: RATE_DOCS, status: String(rate.status) },
				{},
				false,
				who,
			);
		}
		if (!isRateLimitCall && state.secondary.times > 0) {
			state.secondary.times--;
			return reply(
				state.secondary.status,
				{ message: `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${requestId}.`, documentation_url: 'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits', status: String(state.secondary.status) },
				{ 'retry-after': String(state.secondary.retryAfter) },
				false,
				who,
			);
		}
		if (!isGraphql && method !== 'GET') {
			const over = overContentLimit(state.contentLimit, who.account.id, Date.now());
			if (over) {
				return reply(
					403,
					{ message: `You have exceeded a secondary rate limit: more than ${over.limit} content-creating requests ${over.per}. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${requestId}.`, documentation_url: 'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits', status: '403' },
					{ 'retry-after': String(over.retryAfter) },
					false,
					who,
				);
			}
		}
		const version = req.headers['x-github-api-version'];
		if (version !== undefined && version !== API_VERSION) {
			return reply(400, errorBody(400, `Unsupported 'X-GitHub-Api-Version' header: ${version}. Supported versions are ${API_VERSION}.`, 'https://docs.github.com/rest/overview/api-versions'), {}, true, who);
		}
		const accept = req.headers.accept;
		if (!acceptable(accept)) {
			return reply(
				415,
				errorBody(415, `Unsupported Accept header: ${accept === undefined ? '(none)' : JSON.stringify(accept)}. Accept application/vnd.github+json, application/json or */*. Please provide a value for the response_body field.`, 'https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#media-types'),
				{},
				true,
				who,
			);
		}

		if (isGraphql) {
			if (who.app) return reply(401, errorBody(401, 'A JSON web token cannot be used for this endpoint: it needs an installation access token', 'https://docs.github.com/graphql'), {}, true, who);
			if (method !== 'POST') return reply(404, errorBody(404, 'Not Found', 'https://docs.github.com/graphql'), {}, true, who);
			let payload;
			try {
				payload = JSON.parse(bodyBuffer.toString('utf8'));
			} catch {
				return reply(400, errorBody(400, 'Problems parsing JSON', 'https://docs.github.com/graphql'), {}, true, who);
			}
			const result = graphql.execute(payload, who, u);
			return reply(result.status ?? 200, result.body, {}, result.cost ?? true, who);
		}

		// /repositories/{id}/… (where renamed-repository redirects point) → /repos/{owner}/{name}/…
		const byId = /^\/repositories\/(\d+)(\/.*)?$/.exec(rawPath);
		if (byId) {
			const repo = repoById(byId[1]);
			if (!repo || level(repo, who.login) === null) return reply(404, errorBody(404, 'Not Found'), {}, true, who);
			rawPath = `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}${byId[2] ?? ''}`;
		}

		// The upload host (uploads.github.com; /api/uploads on Enterprise Server): here /uploads/… or
		// /api/uploads/…, serving only what the description puts there (release asset uploads).
		const upload = /^\/(?:api\/)?uploads(\/.*)$/.exec(rawPathFull);
		if (upload) rawPath = upload[1];
		let match = openapi.matchPath(rawPath);
		if (!match && /^\/repos\/[^/]+\/[^/]+\/contents\/.+\/$/.test(rawPath)) {
			// GitHub answers contents/dir/ like contents/dir.
			match = openapi.matchPath(rawPath.replace(/\/+$/, ''));
		}
		const rootContents = /^\/repos\/([^/]+)\/([^/]+)\/contents\/?$/.exec(rawPath);
		if (!match && rootContents) {
			match = {
				template: '/repos/{owner}/{repo}/contents/{path}',
				params: { owner: decodePath(rootContents[1]), repo: decodePath(rootContents[2]), path: '' },
			};
		}
		const op = match ? openapi.operation(match.template, method.toLowerCase()) : undefined;
		if (!op || Boolean(upload) !== openapi.onUploadHost(op)) return reply(404, errorBody(404, 'Not Found'), {}, true, who);
		const docs = docsOf(op);
		if (Boolean(who.app) !== apps.isAppRoute(method, match.template)) {
			const message = who.app
				? 'A JSON web token cannot be used for this endpoint: it needs an installation access token'
				: 'A JSON web token could not be decoded';
			return reply(401, errorBody(401, message, docs), {}, true, who);
		}
		if (who.installation !== undefined) {
			const problem = apps.checkInstallationCall(who, method, match.template, match.params);
			if (problem) return reply(problem.status, errorBody(problem.status, problem.message, docs), problem.headers ?? {}, true, who);
		}
		if (who.fineGrained) {
			const problem = checkPermissions(who.fineGrained.permissions, method, match.template, 'Resource not accessible by personal access token');
			if (problem) return reply(problem.status, errorBody(problem.status, problem.message, docs), problem.headers, true, who);
		}

		// Renamed repositories answer with a redirect to /repositories/{id}/… like GitHub.
		if (match.template.startsWith('/repos/{owner}/{repo}') && match.params.owner && match.params.repo) {
			const movedId = state.renamed[key(match.params.owner, match.params.repo)];
			if (movedId !== undefined && !findRepo(match.params.owner, match.params.repo)) {
				const rest = rawPath.split('/').slice(4).join('/');
				const location = `${u.api}/repositories/${movedId}${rest ? `/${rest}` : ''}${queryIndex === -1 ? '' : rawUrl.slice(queryIndex)}`;
				const status = method === 'GET' ? 301 : 307;
				return reply(status, { message: 'Moved Permanently', url: location, documentation_url: 'https://docs.github.com/v3/#http-redirects' }, { Location: location }, true, who);
			}
		}
		if (match.params.path !== '' && !openapi.validatePathParams(op, match.params)) {
			return reply(404, errorBody(404, 'Not Found', docs), {}, true, who);
		}
		const checked = openapi.validateQuery(op, search);
		if (checked.error) return reply(422, errorBody(422, checked.error, docs), {}, true, who);

		let body;
		if (method !== 'GET' && openapi.jsonBodyMediaType(op)) {
			const text = bodyBuffer.toString('utf8');
			if (text.trim() !== '') {
				try {
					body = JSON.parse(text);
				} catch {
					return reply(400, errorBody(400, 'Problems parsing JSON', docs), {}, true, who);
				}
			}
			if (body !== undefined || op.requestBody?.required) {
				const problem = openapi.validateBody(op, body === undefined ? {} : body);
				if (problem) return reply(422, errorBody(422, problem, docs), {}, true, who);
			}
		}

		const handler = routes[`${method} ${match.template}`];
		if (!handler) return reply(501, errorBody(501, 'not implemented by the test server', docs), {}, true, who);

		const ctx = {
			req,
			method,
			template: match.template,
			params: match.params,
			query: checked.query,
			search,
			body,
			bodyBuffer,
			who,
			u,
			op,
			docs,
			accept: accept ?? '',
			origin,
			rawPathFull,
			responseHeaders: {},
			notFound: () => new HttpError(404, errorBody(404, 'Not Found', docs)),
			fail: (status, message, extra) => new HttpError(status, errorBody(status, message, docs, extra)),
			validationFailed: (errors, message = 'Validation Failed') => new HttpError(422, errorBody(422, message, docs, { errors })),
		};
		let result;
		try {
			result = await handler(ctx);
		} catch (error) {
			// what the handler set before refusing (X-Accepted-OAuth-Scopes of a missing scope) goes with the refusal, as on GitHub
			if (error instanceof HttpError) return reply(error.status, error.body, { ...ctx.responseHeaders, ...(error.headers ?? {}) }, true, who);
			throw error;
		}
		const headers = { ...ctx.responseHeaders, ...(result.headers ?? {}) };
		if (result.raw !== undefined) {
			return reply(result.status ?? 200, result.raw, headers, true, who);
		}
		const status = result.status ?? 200;
		if (options.validateResponses && result.body !== undefined) checkResponse(match.template, method, status, result.body);
		if (method === 'GET' && status === 200 && result.body !== undefined) {
			const etag = `W/"${crypto.createHash('sha256').update(JSON.stringify(result.body)).digest('hex').slice(0, 40)}"`;
			headers.ETag = etag;
			headers['Cache-Control'] = 'private, max-age=60, s-maxage=60';
			headers.Vary = 'Accept, Authorization, Cookie, X-GitHub-OTP';
			const ifNoneMatch = req.headers['if-none-match'];
			if (ifNoneMatch && ifNoneMatch.split(',').map((tag) => tag.trim()).some((tag) => tag === etag || tag === etag.slice(2) || tag === '*')) {
				return reply(304, undefined, headers, false, who);
			}
		}
		return reply(status, result.body, headers, true, who);
	}

	return handle;
}

module.exports = { createHandler };
