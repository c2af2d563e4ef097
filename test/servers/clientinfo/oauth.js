'use strict';
/**
 * OAuth 2.0 of the client-information stand-in: GET /oauth/authorization (approves at once and
 * redirects back with a code), POST /oauth/token (authorization_code and refresh_token grants),
 * and the Bearer check of API calls.
 */
const crypto = require('crypto');
const { sendJson } = require('../core');
const { CLIENT_ID, CLIENT_SECRET, ALL_SCOPES } = require('./constants');

function parseForm(text) {
	return Object.fromEntries(new URLSearchParams(text));
}

function oauthError(res, status, error, description) {
	sendJson(res, status, { error, error_description: description });
}

/** OAuth over the store of state.js; `options.rotateRefreshTokens` issues a new refresh token on refresh. */
function createOAuth(store, options = {}) {
	const { state, stats, now, accessTokenTtlMs, issueTokens } = store;

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

	return { authorize, token, bearer };
}

module.exports = { createOAuth, oauthError };
