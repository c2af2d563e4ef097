'use strict';
/**
 * The code-hosting stand-in's OAuth app web flow (GitHub's /login/oauth/*, served on the web base,
 * not under /api/v3), so that Connect on a Code Hosting OAuth2 credential works against it.
 *
 * One registered OAuth app: OAUTH_CLIENT_ID / OAUTH_CLIENT_SECRET. The "browser user" who
 * approves is `login` (octo-user unless the server is created with `oauthLogin`); there is no
 * consent page: the authorize call approves at once, as GitHub does for an app the user already
 * authorized.
 *
 * GET /login/oauth/authorize?client_id&redirect_uri&scope&state
 *   unknown client_id → 404 page; redirect_uri must be a loopback http(s) URL (the registered
 *   callback of a local n8n), else GitHub's redirect_uri_mismatch page (400); on success 302 to
 *   redirect_uri?code=…&state=… . Scopes are space- or comma-separated; names the platform does not
 *   have are not granted.
 * POST /login/oauth/access_token (form or JSON body; client_id/client_secret in the body or as HTTP
 *   Basic): a code is single-use, valid 10 minutes, bound to its redirect_uri. As on GitHub, errors
 *   are HTTP 200 with {error, error_description, error_uri} (incorrect_client_credentials,
 *   bad_verification_code, redirect_uri_mismatch, unsupported_grant_type). The answer is JSON when
 *   Accept names application/json, else application/x-www-form-urlencoded; the token (gho_…) then
 *   works on the REST API as that user with the granted scopes.
 */
const crypto = require('crypto');

const OAUTH_CLIENT_ID = 'Iv1.localtestclient01';
const OAUTH_CLIENT_SECRET = 'local-test-oauth-secret-0000000000000001';
const CODE_TTL_MS = 10 * 60 * 1000;
const ERROR_URI = 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

function isLoopbackHttp(url) {
	try {
		const parsed = new URL(url);
		return ['http:', 'https:'].includes(parsed.protocol) && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
	} catch {
		return false;
	}
}

function parseBody(req, body) {
	const text = body.toString('utf8');
	if (/json/i.test(req.headers['content-type'] ?? '')) {
		try {
			return JSON.parse(text || '{}');
		} catch {
			return {};
		}
	}
	return Object.fromEntries(new URLSearchParams(text));
}

/** Client id and secret from HTTP Basic (client_secret_basic) or the body (client_secret_post). */
function clientCredentials(req, form) {
	const basic = /^basic\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
	if (basic) {
		const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
	}
	return { id: form.client_id, secret: form.client_secret };
}

/**
 * kit: { allScopes, addToken(token, login, scopes), login () → the approving user's login, now () → ms }.
 * Returns { handles(method, path), handle(req, res, path, search, body), grants }.
 */
function createOAuth(kit) {
	const codes = new Map();
	/** Every completed exchange: {login, scopes, token, at} (for tests). */
	const grants = [];

	function page(res, status, text) {
		res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
		res.end(text);
	}

	function authorize(res, search) {
		if (search.get('client_id') !== OAUTH_CLIENT_ID) return page(res, 404, 'Not Found');
		const redirectUri = search.get('redirect_uri');
		if (!redirectUri || !isLoopbackHttp(redirectUri)) {
			return page(res, 400, 'The redirect_uri MUST match the registered callback URL for this application.');
		}
		const requested = (search.get('scope') ?? '').split(/[\s,]+/).filter(Boolean);
		const scopes = [...new Set(requested.filter((scope) => kit.allScopes.includes(scope)))];
		const code = crypto.randomBytes(10).toString('hex');
		codes.set(code, { redirectUri, scopes, login: kit.login(), expiresAt: kit.now() + CODE_TTL_MS });
		const target = new URL(redirectUri);
		target.searchParams.set('code', code);
		if (search.has('state')) target.searchParams.set('state', search.get('state'));
		res.writeHead(302, { Location: target.toString(), 'Content-Length': 0 });
		res.end();
	}

	function answer(req, res, fields) {
		const wantsJson = /application\/json/i.test(req.headers.accept ?? '');
		const text = wantsJson ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
		res.writeHead(200, {
			'Content-Type': wantsJson ? 'application/json; charset=utf-8' : 'application/x-www-form-urlencoded; charset=utf-8',
			'Content-Length': Buffer.byteLength(text),
		});
		res.end(text);
	}

	function fail(req, res, error, description) {
		answer(req, res, { error, error_description: description, error_uri: `${ERROR_URI}#${error.replace(/_/g, '-')}` });
	}

	function accessToken(req, res, body) {
		const form = parseBody(req, body);
		const client = clientCredentials(req, form);
		if (client.id !== OAUTH_CLIENT_ID || client.secret !== OAUTH_CLIENT_SECRET) {
			return fail(req, res, 'incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
		}
		if (form.grant_type !== undefined && form.grant_type !== 'authorization_code') {
			return fail(req, res, 'unsupported_grant_type', `grant_type ${form.grant_type} is not supported.`);
		}
		const grant = codes.get(form.code);
		codes.delete(form.code);
		if (!grant || grant.expiresAt < kit.now()) {
			return fail(req, res, 'bad_verification_code', 'The code passed is incorrect or expired.');
		}
		if (form.redirect_uri !== undefined && form.redirect_uri !== grant.redirectUri) {
			return fail(req, res, 'redirect_uri_mismatch', 'The redirect_uri MUST match the registered callback URL for this application.');
		}
		const token = `gho_${crypto.randomBytes(18).toString('hex')}`;
		kit.addToken(token, grant.login, grant.scopes);
		grants.push({ login: grant.login, scopes: grant.scopes, token, at: kit.now() });
		return answer(req, res, { access_token: token, token_type: 'bearer', scope: grant.scopes.join(',') });
	}

	return {
		grants,
		/** True for the two OAuth paths (any method: a wrong one is answered 404 like GitHub). */
		handles: (path) => path === '/login/oauth/authorize' || path === '/login/oauth/access_token',
		handle(req, res, path, search, body) {
			if (path === '/login/oauth/authorize' && req.method === 'GET') return authorize(res, search);
			if (path === '/login/oauth/access_token' && req.method === 'POST') return accessToken(req, res, body);
			return page(res, 404, 'Not Found');
		},
	};
}

module.exports = { createOAuth, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET };
