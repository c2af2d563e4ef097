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
 */
const crypto = require('crypto');
const http = require('http');
const { listen, readBody, sendJson } = require('../http-util');

const API = '/partner_api/v1';
const CLIENT_ID = 'ci-client-id-0001';
const CLIENT_SECRET = 'ci-client-secret-5e7a9c1b3d';
/** Seeded tokens of the seeded account, valid for a long time (e2e credentials use them). */
const ACCESS_TOKEN = 'ci-access-7f3e9a21c4b8d6e0';
const REFRESH_TOKEN = 'ci-refresh-2b8d4f6a1c3e5907';
const ALL_SCOPES = [
	'read_clients',
	'write_clients',
	'read_team_members',
	'write_team_members',
	'read_requests',
	'write_requests',
	'review_requests',
	'read_templates',
	'administration',
];
const EVENTS = [
	'request_created',
	'request_published',
	'request_completed',
	'request_updated',
	'request_archived',
	'request_viewed',
	'client_created',
	'client_updated',
	'field_completed',
	'field_approved',
	'field_rejected',
	'comment_created',
	'all_fields_completed',
];
const STATUSES = ['published', 'waiting', 'scheduled', 'draft', 'completed', 'archived'];
const TEMPLATES = [
	{ id: '6c1f3a52-0b7e-4d8a-9e21-5a7c9d3b1f01', name: 'Client onboarding' },
	{ id: '6c1f3a52-0b7e-4d8a-9e21-5a7c9d3b1f02', name: 'Tax return documents' },
	{ id: '6c1f3a52-0b7e-4d8a-9e21-5a7c9d3b1f03', name: 'Website content' },
];
const SEEDED_CLIENT_ID = '2a9d6e41-5c3b-4f7a-8e12-9b0c1d2e3f01';

const CLIENT_FIELDS = new Set(['name', 'email', 'full_name', 'first_name', 'last_name', 'phone', 'client_companies', 'company_name', 'notes']);
const REQUEST_FIELDS = new Set([
	'name',
	'client_id',
	'template_id',
	'due_date',
	'client_email',
	'client_full_name',
	'client_phone',
	'company_name',
	'request_template_id',
	'request_template_name',
	'due',
	'status',
	'message',
]);
const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]{2,}$/;

function realDate(text) {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text));
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseForm(text) {
	return Object.fromEntries(new URLSearchParams(text));
}

/** POSTs JSON to a loopback URL; resolves to {status, body}. */
function postJson(url, payload) {
	return new Promise((resolve) => {
		const target = new URL(url);
		const data = JSON.stringify(payload);
		const req = http.request(
			{
				hostname: target.hostname,
				port: target.port,
				path: `${target.pathname}${target.search}`,
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
			},
			(res) => {
				const chunks = [];
				res.on('data', (chunk) => chunks.push(chunk));
				res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
			},
		);
		req.on('error', (error) => resolve({ status: 0, error: error.message }));
		req.end(data);
	});
}

function createClientInfoServer(options = {}) {
	const limits = {
		reads: options.reads ?? 50,
		writes: options.writes ?? 20,
		windowMs: options.windowMs ?? 10_000,
	};
	const accessTokenTtlMs = options.accessTokenTtlMs ?? 2 * 60 * 60 * 1000;
	const now = () => Date.now();

	const state = {
		account: { id: 'acct-0001', name: 'Example Accounting' },
		/** access token → {account, scopes, expiresAt, grant} */
		accessTokens: {},
		/** refresh token → {account, scopes, grant, revoked} */
		refreshTokens: {},
		/** authorization code → {redirect_uri, scopes} */
		codes: {},
		clients: {},
		requests: {},
		templates: Object.fromEntries(TEMPLATES.map((template) => [template.id, { ...template }])),
		webhooks: {},
		deliveries: [],
	};
	const stats = { rateLimited: 0, tokenRequests: [] };
	const requests = [];
	const faults = [];
	/** account → { read: [timestamps], write: [timestamps] } of accepted calls */
	const windows = {};

	state.clients[SEEDED_CLIENT_ID] = {
		id: SEEDED_CLIENT_ID,
		name: 'Seeded Client',
		full_name: 'Seeded Client',
		email: 'seeded.client@example.com',
		created_at: new Date(0).toISOString(),
	};
	state.accessTokens[ACCESS_TOKEN] = { account: state.account.id, scopes: [...ALL_SCOPES], expiresAt: Infinity, grant: 'seed' };
	state.refreshTokens[REFRESH_TOKEN] = { account: state.account.id, scopes: [...ALL_SCOPES], grant: 'seed' };

	function failNext(fault) {
		faults.push({ times: 1, ...fault });
	}

	/** New tokens for the account: {access_token, refresh_token}; `expired: true` gives a dead access token. */
	function issueTokens({ scopes = ALL_SCOPES, expired = false, grant } = {}) {
		const accessToken = `ci-at-${crypto.randomBytes(12).toString('hex')}`;
		const refreshToken = `ci-rt-${crypto.randomBytes(12).toString('hex')}`;
		const grantId = grant ?? `grant-${crypto.randomBytes(4).toString('hex')}`;
		state.accessTokens[accessToken] = {
			account: state.account.id,
			scopes: [...scopes],
			expiresAt: expired ? now() - 1000 : now() + accessTokenTtlMs,
			grant: grantId,
		};
		state.refreshTokens[refreshToken] = { account: state.account.id, scopes: [...scopes], grant: grantId };
		return { access_token: accessToken, refresh_token: refreshToken, token_type: 'Bearer', expires_in: Math.round(accessTokenTtlMs / 1000), scope: scopes.join(' ') };
	}

	function expireAccessTokens() {
		for (const token of Object.values(state.accessTokens)) token.expiresAt = now() - 1;
	}

	function revokeRefreshTokens() {
		for (const token of Object.values(state.refreshTokens)) token.revoked = true;
	}

	function addClients(count, prefix = 'bulk') {
		const ids = [];
		for (let i = 0; i < count; i++) {
			const id = crypto.randomUUID();
			state.clients[id] = { id, name: `${prefix} ${i}`, full_name: `${prefix} ${i}`, email: `${prefix}-${i}@example.com`, created_at: new Date().toISOString() };
			ids.push(id);
		}
		return ids;
	}

	function addRequests(count, { clientId = SEEDED_CLIENT_ID, status = 'published', prefix = 'Bulk request' } = {}) {
		const ids = [];
		for (let i = 0; i < count; i++) {
			const id = crypto.randomUUID();
			state.requests[id] = { id, name: `${prefix} ${i}`, status, client_id: clientId, template_id: TEMPLATES[0].id, due_date: null, created_at: new Date().toISOString() };
			ids.push(id);
		}
		return ids;
	}

	function addTemplates(count) {
		for (let i = 0; i < count; i++) {
			const id = crypto.randomUUID();
			state.templates[id] = { id, name: `Extra template ${String(i).padStart(3, '0')}` };
		}
	}

	/** Sends an event to every enabled webhook subscribed to it; resolves to the deliveries. */
	async function deliver(event, data = {}) {
		const results = [];
		for (const hook of Object.values(state.webhooks)) {
			if (!hook.enabled || !hook.subscriptions.includes(event)) continue;
			const target = new URL(hook.url);
			if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) {
				results.push({ webhook: hook.id, skipped: 'not a loopback address' });
				continue;
			}
			const payload = { event, triggered_at: new Date().toISOString(), data };
			const result = await postJson(hook.url, payload);
			const entry = { webhook: hook.id, url: hook.url, event, ...result };
			state.deliveries.push(entry);
			results.push(entry);
		}
		return results;
	}

	// ---- rate limiting -------------------------------------------------------------------------

	function rateLimit(account, kind) {
		const counters = (windows[account] ??= { read: [], write: [] });
		const list = counters[kind];
		const at = now();
		while (list.length && list[0] <= at - limits.windowMs) list.shift();
		const limit = kind === 'read' ? limits.reads : limits.writes;
		if (list.length >= limit) {
			const waitMs = list[list.length - limit] + limits.windowMs - at;
			return Math.max(1, Math.ceil(waitMs / 1000));
		}
		list.push(at);
		return 0;
	}

	// ---- OAuth ---------------------------------------------------------------------------------

	function oauthError(res, status, error, description) {
		sendJson(res, status, { error, error_description: description });
	}

	function clientAuthenticated(req, form) {
		const header = req.headers.authorization;
		let id = form.client_id;
		let secret = form.client_secret;
		if (typeof header === 'string' && header.startsWith('Basic ')) {
			const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
			const colon = decoded.indexOf(':');
			id = decodeURIComponent(decoded.slice(0, colon));
			secret = decodeURIComponent(decoded.slice(colon + 1));
		}
		return id === CLIENT_ID && secret === CLIENT_SECRET;
	}

	function authorize(req, res, url) {
		const q = url.searchParams;
		if (q.get('client_id') !== CLIENT_ID) return oauthError(res, 400, 'invalid_client', 'Unknown client_id');
		if (q.get('response_type') !== 'code') return oauthError(res, 400, 'unsupported_response_type', 'response_type must be code');
		const redirect = q.get('redirect_uri');
		if (!redirect) return oauthError(res, 400, 'invalid_request', 'redirect_uri is required');
		const scopes = (q.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
		const unknown = scopes.filter((scope) => !ALL_SCOPES.includes(scope));
		if (unknown.length) return oauthError(res, 400, 'invalid_scope', `Unknown scopes: ${unknown.join(' ')}`);
		const code = `code-${crypto.randomBytes(8).toString('hex')}`;
		state.codes[code] = { redirect_uri: redirect, scopes: scopes.length ? scopes : [...ALL_SCOPES] };
		const target = new URL(redirect);
		target.searchParams.set('code', code);
		if (q.get('state')) target.searchParams.set('state', q.get('state'));
		res.writeHead(302, { Location: target.toString() });
		res.end();
	}

	function token(req, res, raw) {
		const type = req.headers['content-type'] ?? '';
		const form = /json/.test(type) ? JSON.parse(raw.toString('utf8') || '{}') : parseForm(raw.toString('utf8'));
		stats.tokenRequests.push({ grant_type: form.grant_type, at: now() });
		if (!clientAuthenticated(req, form)) return oauthError(res, 401, 'invalid_client', 'Client authentication failed');
		if (form.grant_type === 'authorization_code') {
			const code = state.codes[form.code];
			if (!code) return oauthError(res, 400, 'invalid_grant', 'The authorization code is invalid or was used');
			delete state.codes[form.code];
			if (form.redirect_uri && form.redirect_uri !== code.redirect_uri) {
				return oauthError(res, 400, 'invalid_grant', 'redirect_uri does not match');
			}
			return sendJson(res, 200, { ...issueTokens({ scopes: code.scopes }), created_at: Math.floor(now() / 1000) });
		}
		if (form.grant_type === 'refresh_token') {
			const refresh = state.refreshTokens[form.refresh_token];
			if (!refresh || refresh.revoked) {
				return oauthError(res, 400, 'invalid_grant', 'The refresh token is invalid, expired or revoked');
			}
			const accessToken = `ci-at-${crypto.randomBytes(12).toString('hex')}`;
			state.accessTokens[accessToken] = { account: refresh.account, scopes: [...refresh.scopes], expiresAt: now() + accessTokenTtlMs, grant: refresh.grant };
			const body = {
				access_token: accessToken,
				token_type: 'Bearer',
				expires_in: Math.round(accessTokenTtlMs / 1000),
				scope: refresh.scopes.join(' '),
				created_at: Math.floor(now() / 1000),
			};
			if (options.rotateRefreshTokens) {
				refresh.revoked = true;
				const next = `ci-rt-${crypto.randomBytes(12).toString('hex')}`;
				state.refreshTokens[next] = { ...refresh, revoked: false };
				body.refresh_token = next;
			}
			return sendJson(res, 200, body);
		}
		return oauthError(res, 400, 'unsupported_grant_type', `grant_type ${form.grant_type} is not supported`);
	}

	// ---- API -----------------------------------------------------------------------------------

	const unprocessable = (message, errors) => [422, { error: message, ...(errors ? { errors } : {}) }];
	const notFound = (what, id) => [404, { error: 'not_found', message: `${what} ${id} not found` }];

	function listQuery(query, allowed) {
		for (const key of query.keys()) {
			if (!['limit', 'offset', 'sort_by', 'sort_direction', 'q', ...allowed].includes(key)) {
				return { error: unprocessable(`Unknown query parameter ${key}`) };
			}
		}
		const limit = query.has('limit') ? query.get('limit') : '200';
		const offset = query.has('offset') ? query.get('offset') : '0';
		if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 200) return { error: unprocessable('limit must be a whole number from 1 to 200') };
		if (!/^\d+$/.test(offset)) return { error: unprocessable('offset must be a whole number of at least 0') };
		const direction = query.get('sort_direction');
		if (direction && !['asc', 'desc'].includes(direction)) return { error: unprocessable('sort_direction must be asc or desc') };
		return { limit: Number(limit), offset: Number(offset) };
	}

	function page(all, paging) {
		return [200, { results: all.slice(paging.offset, paging.offset + paging.limit), pagination: { offset: paging.offset, limit: paging.limit, total: all.length } }];
	}

	function sorted(list, query) {
		const key = query.get('sort_by') ?? 'created_at';
		const sign = query.get('sort_direction') === 'desc' ? -1 : 1;
		return [...list].sort((a, b) => (String(a[key] ?? '') < String(b[key] ?? '') ? -sign : String(a[key] ?? '') > String(b[key] ?? '') ? sign : 0));
	}

	function unknownKeys(body, allowed) {
		return Object.keys(body).filter((key) => !allowed.has(key));
	}

	let sequence = 0;
	const stamp = () => new Date(Date.now() + ++sequence).toISOString();

	const routes = [
		{ method: 'GET', pattern: /^\/clients$/, scope: 'read_clients', handler: ({ query }) => {
			const paging = listQuery(query, []);
			if (paging.error) return paging.error;
			const q = (query.get('q') ?? '').toLowerCase();
			const all = Object.values(state.clients).filter((c) => !q || `${c.name ?? ''} ${c.full_name ?? ''} ${c.email}`.toLowerCase().includes(q));
			return page(sorted(all, query), paging);
		} },
		{ method: 'POST', pattern: /^\/clients$/, scope: 'write_clients', handler: ({ body }) => {
			const unknown = unknownKeys(body, CLIENT_FIELDS);
			if (unknown.length) return unprocessable(`Unknown fields: ${unknown.join(', ')}`);
			const errors = {};
			if (typeof body.email !== 'string' || !EMAIL.test(body.email)) errors.email = ['is invalid'];
			const name = body.name ?? body.full_name ?? [body.first_name, body.last_name].filter(Boolean).join(' ');
			if (typeof name !== 'string' || name.trim() === '') errors.name = ["can't be blank"];
			if (Object.keys(errors).length) return unprocessable('Validation failed', errors);
			if (Object.values(state.clients).some((c) => c.email.toLowerCase() === body.email.toLowerCase())) {
				return unprocessable('Validation failed', { email: ['has already been taken'] });
			}
			const id = crypto.randomUUID();
			state.clients[id] = { id, ...body, name, full_name: body.full_name ?? name, created_at: stamp() };
			return [201, state.clients[id]];
		} },
		{ method: 'GET', pattern: /^\/clients\/([^/]+)$/, scope: 'read_clients', handler: ({ params }) => {
			const client = state.clients[params[0]];
			return client ? [200, client] : notFound('Client', params[0]);
		} },
		{ method: 'GET', pattern: /^\/requests$/, scope: 'read_requests', handler: ({ query }) => {
			const paging = listQuery(query, ['status', 'client_id']);
			if (paging.error) return paging.error;
			const status = query.get('status');
			if (status && !STATUSES.includes(status)) return unprocessable(`status must be one of ${STATUSES.join(', ')}`);
			const clientId = query.get('client_id');
			const q = (query.get('q') ?? '').toLowerCase();
			const all = Object.values(state.requests).filter(
				(r) => (!status || r.status === status) && (!clientId || r.client_id === clientId) && (!q || r.name.toLowerCase().includes(q)),
			);
			return page(sorted(all, query), paging);
		} },
		{ method: 'POST', pattern: /^\/requests$/, scope: 'write_requests', handler: ({ body }) => {
			const unknown = unknownKeys(body, REQUEST_FIELDS);
			if (unknown.length) return unprocessable(`Unknown fields: ${unknown.join(', ')}`);
			const errors = {};
			if (typeof body.name !== 'string' || body.name.trim() === '') errors.name = ["can't be blank"];
			let clientId = body.client_id;
			if (clientId !== undefined) {
				if (!state.clients[clientId]) errors.client_id = ['does not exist'];
			} else if (typeof body.client_email === 'string') {
				if (!EMAIL.test(body.client_email)) errors.client_email = ['is invalid'];
				else {
					let client = Object.values(state.clients).find((c) => c.email.toLowerCase() === body.client_email.toLowerCase());
					if (!client) {
						const id = crypto.randomUUID();
						client = state.clients[id] = { id, email: body.client_email, name: body.client_full_name ?? body.client_email, full_name: body.client_full_name ?? body.client_email, phone: body.client_phone, created_at: stamp() };
					}
					clientId = client.id;
				}
			} else errors.client_id = ["can't be blank"];
			let templateId = body.template_id ?? body.request_template_id;
			if (templateId !== undefined) {
				if (!state.templates[templateId]) errors.template_id = ['does not exist'];
			} else if (typeof body.request_template_name === 'string') {
				const template = Object.values(state.templates).find((t) => t.name === body.request_template_name);
				if (!template) errors.request_template_name = ['does not exist'];
				else templateId = template.id;
			} else errors.template_id = ["can't be blank"];
			const due = body.due_date ?? body.due;
			if (due !== undefined && due !== null && !realDate(due)) errors.due_date = ['must be a date as YYYY-MM-DD'];
			if (body.status !== undefined && !['draft', 'published'].includes(body.status)) errors.status = ['must be draft or published'];
			if (Object.keys(errors).length) return unprocessable('Validation failed', errors);
			const id = crypto.randomUUID();
			const { client_email: _e, client_full_name: _n, client_phone: _p, request_template_id: _t, request_template_name: _tn, due: _d, ...rest } = body;
			state.requests[id] = {
				...rest,
				id,
				name: body.name,
				status: body.status ?? 'published',
				client_id: clientId,
				template_id: templateId,
				due_date: due ?? null,
				created_at: stamp(),
			};
			return [201, state.requests[id]];
		} },
		{ method: 'GET', pattern: /^\/requests\/([^/]+)$/, scope: 'read_requests', handler: ({ params }) => {
			const request = state.requests[params[0]];
			return request ? [200, request] : notFound('Request', params[0]);
		} },
		{ method: 'GET', pattern: /^\/request_templates$/, scope: 'read_templates', handler: ({ query }) => {
			const paging = listQuery(query, []);
			if (paging.error) return paging.error;
			const q = (query.get('q') ?? '').toLowerCase();
			const all = Object.values(state.templates).filter((t) => !q || t.name.toLowerCase().includes(q));
			return page(all, paging);
		} },
		{ method: 'GET', pattern: /^\/webhooks$/, scope: 'administration', handler: ({ query }) => {
			const paging = listQuery(query, []);
			if (paging.error) return paging.error;
			return page(Object.values(state.webhooks), paging);
		} },
		{ method: 'POST', pattern: /^\/webhooks$/, scope: 'administration', handler: ({ body }) => {
			const unknown = unknownKeys(body, new Set(['url', 'subscriptions', 'enabled']));
			if (unknown.length) return unprocessable(`Unknown fields: ${unknown.join(', ')}`);
			const errors = {};
			let url;
			try {
				url = new URL(body.url);
				if (!['http:', 'https:'].includes(url.protocol)) errors.url = ['must be an http(s) URL'];
			} catch {
				errors.url = ['is not a URL'];
			}
			if (!Array.isArray(body.subscriptions) || body.subscriptions.length === 0) errors.subscriptions = ["can't be blank"];
			else {
				const bad = body.subscriptions.filter((event) => !EVENTS.includes(event));
				if (bad.length) errors.subscriptions = [`unknown events: ${bad.join(', ')}`];
			}
			if (body.enabled !== undefined && typeof body.enabled !== 'boolean') errors.enabled = ['must be true or false'];
			if (Object.keys(errors).length) return unprocessable('Validation failed', errors);
			const id = crypto.randomUUID();
			state.webhooks[id] = { id, url: body.url, subscriptions: [...body.subscriptions], enabled: body.enabled ?? true, created_at: stamp() };
			return [201, state.webhooks[id]];
		} },
		{ method: 'GET', pattern: /^\/webhooks\/([^/]+)$/, scope: 'administration', handler: ({ params }) => {
			const hook = state.webhooks[params[0]];
			return hook ? [200, hook] : notFound('Webhook', params[0]);
		} },
		{ method: 'DELETE', pattern: /^\/webhooks\/([^/]+)$/, scope: 'administration', handler: ({ params }) => {
			if (!state.webhooks[params[0]]) return notFound('Webhook', params[0]);
			delete state.webhooks[params[0]];
			return [204, undefined];
		} },
	];

	function bearer(req) {
		const header = req.headers.authorization;
		if (typeof header !== 'string') return { error: 'The access token is missing' };
		const match = /^Bearer ([^\s]+)$/i.exec(header);
		if (!match) return { error: 'The Authorization header must be "Bearer <access token>"' };
		const entry = state.accessTokens[match[1]];
		if (!entry) return { error: 'The access token is invalid' };
		if (entry.expiresAt <= now()) return { error: 'The access token expired' };
		return { token: match[1], ...entry };
	}

	async function handle(req, res) {
		const url = new URL(req.url, 'http://localhost');
		const raw = await readBody(req);
		const record = {
			method: req.method,
			path: url.pathname,
			rawPath: req.url.split('?')[0],
			query: Object.fromEntries(url.searchParams),
			headers: req.headers,
			body: raw.length ? raw.toString('utf8') : undefined,
			at: now(),
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
			record.fault = true;
			if (fault.drop) {
				req.socket.destroy();
				return;
			}
			sendJson(res, fault.status, fault.body ?? { error: 'injected failure' }, fault.headers ?? {});
			return;
		}

		if (url.pathname === '/oauth/authorization' && req.method === 'GET') return authorize(req, res, url);
		if (url.pathname === '/oauth/token') {
			if (req.method !== 'POST') return oauthError(res, 405, 'invalid_request', 'Use POST');
			return token(req, res, raw);
		}
		if (!url.pathname.startsWith(`${API}/`)) return sendJson(res, 404, { error: 'not_found', message: `No route ${url.pathname}` });
		if (/%2f|%2e/i.test(record.rawPath)) return sendJson(res, 404, { error: 'not_found', message: 'Not found' });
		const path = url.pathname.slice(API.length);

		const who = bearer(req);
		if (who.error) {
			record.status = 401;
			return sendJson(res, 401, { error: 'invalid_token', error_description: who.error }, {
				'WWW-Authenticate': `Bearer realm="Content Snare", error="invalid_token", error_description="${who.error}"`,
			});
		}
		record.token = who.token;

		const candidates = routes.filter((route) => route.pattern.test(path));
		if (candidates.length === 0) return sendJson(res, 404, { error: 'not_found', message: `No route ${url.pathname}` });
		const route = candidates.find((entry) => entry.method === req.method);
		if (!route) return sendJson(res, 405, { error: 'method_not_allowed', message: `Method ${req.method} not allowed on ${url.pathname}` });
		if (!who.scopes.includes(route.scope)) {
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
			const type = req.headers['content-type'] ?? '';
			if (!/^application\/json\b/.test(type)) return sendJson(res, 415, { error: `Content-Type must be application/json, got "${type}"` });
			try {
				body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
			} catch (error) {
				return sendJson(res, 400, { error: `Body is not valid JSON: ${error.message}` });
			}
			if (body === null || typeof body !== 'object' || Array.isArray(body)) return sendJson(res, 400, { error: 'The body must be a JSON object' });
		} else if (raw.length) {
			return sendJson(res, 400, { error: `${req.method} requests take no body` });
		}
		const params = route.pattern.exec(path).slice(1).map(decodeURIComponent);
		const [status, payload] = route.handler({ body, params, query: url.searchParams, who });
		record.status = status;
		if (status === 204) {
			res.writeHead(204);
			res.end();
			return;
		}
		sendJson(res, status, payload);
	}

	let running;
	return {
		state,
		stats,
		requests,
		limits,
		failNext,
		issueTokens,
		expireAccessTokens,
		revokeRefreshTokens,
		addClients,
		addRequests,
		addTemplates,
		deliver,
		async start(port = options.port ?? 0) {
			running = await listen(handle, port);
			this.url = running.url;
			return { url: running.url };
		},
		async stop() {
			if (running) await running.close();
			running = undefined;
		},
		resetRequests() {
			requests.length = 0;
		},
		/** Calls that reached the API (not OAuth, not injected faults). */
		apiRequests() {
			return requests.filter((request) => request.path.startsWith(`${API}/`) && !request.fault);
		},
	};
}

module.exports = {
	createClientInfoServer,
	API,
	CLIENT_ID,
	CLIENT_SECRET,
	ACCESS_TOKEN,
	REFRESH_TOKEN,
	ALL_SCOPES,
	EVENTS,
	STATUSES,
	TEMPLATES,
	SEEDED_CLIENT_ID,
};
