'use strict';
/**
 * State of the client-information stand-in: the account, tokens, clients, requests, templates,
 * webhooks and deliveries in memory, the seed helpers and the per-account rate limit windows.
 */
const crypto = require('crypto');
const { ACCESS_TOKEN, REFRESH_TOKEN, ALL_SCOPES, TEMPLATES, SEEDED_CLIENT_ID } = require('./constants');

function createState(options = {}) {
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

	return {
		state,
		stats,
		limits,
		accessTokenTtlMs,
		now,
		issueTokens,
		expireAccessTokens,
		revokeRefreshTokens,
		addClients,
		addRequests,
		addTemplates,
		rateLimit,
	};
}

module.exports = { createState };
