'use strict';
/**
 * GitHub Apps on the code-hosting test server (issue 20): one seeded app, its installations, the
 * app's JWT (RS256, checked with the app's public key from test/fixtures/codehosting-app/) and
 * installation tokens that expire.
 *
 * State (`state.app`):
 *   {id, client_id, slug, name, owner, botLogin, publicKey, tokenLifetimeSeconds (3600),
 *    installations: Map<id, {id, account (login), target_type, repository_selection ('all' |
 *      'selected'), repositories: Set<'owner/name'> (selected only), permissions: {name: 'read'|'write'},
 *      suspended_at}>,
 *    log: [{event: 'mint', installation, at, expires_at, jwt: {iat, exp, iss}} |
 *          {event: 'expire', at, tokens} | {event: 'refused', at, reason}]}
 * Installation tokens live in `state.tokens` like user tokens, with {installation, expiresAt}.
 *
 * Rules, as the platform's:
 *  - A request whose bearer is a JWT (three base64url parts) is the app's: header alg RS256, the
 *    signature verified with the app's public key, `iss` the App ID or client ID, `iat` not in the
 *    future (60 s drift), `exp` in the future and at most 10 minutes after `iat` (401 with the
 *    platform's messages otherwise). The JWT only reaches the app's endpoints (GET /app,
 *    /app/installations[/{id}], POST /app/installations/{id}/access_tokens, GET
 *    /repos/{o}/{r}/installation, /orgs/{org}/installation, /users/{u}/installation); anything else
 *    answers 401, and those endpoints answer 401 to any other credential.
 *  - An installation token works until it expires (401 Bad credentials after), only on its
 *    installation's account (a repository outside it: 404; another organization: 403), and only
 *    for what its permissions allow: 403 "Resource not accessible by integration" with
 *    `X-Accepted-GitHub-Permissions` naming the permission (table `PERMISSIONS` below); the
 *    authenticated user's endpoints (/user…, /gists, /issues) answer 403.
 * Controls: srv.expireAppTokens() (every installation token expires now; also
 * `POST /_stand-in/app/expire-tokens` without authentication, for workflows), srv.appLog,
 * srv.appMints(), state.app.tokenLifetimeSeconds, state.app.installations (edit permissions,
 * suspended_at, repository selection).
 */
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'codehosting-app');
const APP_ID = 4242;
const APP_CLIENT_ID = 'Iv1.9e2a4c6b8d0f1a3c';
const APP_SLUG = 'governance-checks';
const APP_BOT_LOGIN = `${APP_SLUG}[bot]`;
const ORG_INSTALLATION_ID = 51001;
const USER_INSTALLATION_ID = 51002;
const ALL_PERMISSIONS = {
	metadata: 'read',
	contents: 'write',
	issues: 'write',
	pull_requests: 'write',
	checks: 'write',
	statuses: 'write',
	actions: 'write',
	workflows: 'write',
	administration: 'write',
	repository_hooks: 'write',
	organization_hooks: 'write',
	members: 'write',
	organization_projects: 'write',
	repository_projects: 'write',
};

/** The permission a call needs, by the first matching template rule: [regex on the template, permission, write methods need 'write']. */
const PERMISSIONS = [
	[/^\/repos\/\{owner\}\/\{repo\}\/(check-runs|check-suites)|\/commits\/\{ref\}\/check-(runs|suites)$/, 'checks'],
	[/^\/repos\/\{owner\}\/\{repo\}\/(statuses\/|commits\/\{ref\}\/status)/, 'statuses'],
	[/^\/repos\/\{owner\}\/\{repo\}\/hooks/, 'repository_hooks'],
	[/^\/orgs\/\{org\}\/hooks/, 'organization_hooks'],
	[/^\/orgs\/\{org\}\/(members|memberships|invitations|outside_collaborators|teams)/, 'members'],
	[/^\/repos\/\{owner\}\/\{repo\}\/pulls/, 'pull_requests'],
	[/^\/repos\/\{owner\}\/\{repo\}\/issues/, 'issues'],
	[/^\/repos\/\{owner\}\/\{repo\}\/actions/, 'actions'],
	[/^\/repos\/\{owner\}\/\{repo\}\/(contents|git|commits|branches|releases|license|compare)/, 'contents'],
	[/^\/repos\/\{owner\}\/\{repo\}\/collaborators/, 'administration'],
];

/**
 * The answer to a call that `permissions` (a GitHub App installation's, or a fine-grained personal
 * access token's) do not cover: 403 with `message` and X-Accepted-GitHub-Permissions naming what
 * the call needs; undefined when covered.
 */
function checkPermissions(permissions, method, template, message) {
	const rule = PERMISSIONS.find(([pattern]) => pattern.test(template));
	const permission = rule ? rule[1] : 'metadata';
	const needed = method === 'GET' || method === 'HEAD' || permission === 'metadata' ? 'read' : 'write';
	const granted = permissions[permission];
	if (!granted || (needed === 'write' && granted !== 'write')) {
		return { status: 403, message, headers: { 'x-accepted-github-permissions': `${permission}=${needed}` } };
	}
	return undefined;
}

function base64urlJson(part) {
	return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

/** Over store `s` (state, addUser, findRepo, nowSeconds). */
function createApps(s) {
	const { state } = s;
	const publicKey = crypto.createPublicKey(fs.readFileSync(path.join(FIXTURES, 'app-public-key.pem')));

	function seedApps(owner) {
		state.app = {
			id: APP_ID,
			client_id: APP_CLIENT_ID,
			slug: APP_SLUG,
			name: 'Governance Checks',
			owner,
			botLogin: APP_BOT_LOGIN,
			publicKey,
			tokenLifetimeSeconds: 3600,
			installations: new Map(),
			log: [],
		};
		const bot = s.addUser(APP_BOT_LOGIN, { id: 9000001, name: 'Governance Checks', email: `${APP_SLUG}[bot]@users.noreply.example` });
		bot.type = 'Bot';
	}

	function addInstallation(account, opts = {}) {
		const owner = s.account(account);
		if (!owner) throw new Error(`addInstallation: unknown account ${account}`);
		const id = opts.id ?? s.nextId();
		const installation = {
			id,
			account: owner.login,
			target_type: owner.type === 'Organization' ? 'Organization' : 'User',
			repository_selection: opts.repositories ? 'selected' : 'all',
			repositories: new Set((opts.repositories ?? []).map((name) => `${owner.login}/${name}`.toLowerCase())),
			permissions: { ...(opts.permissions ?? ALL_PERMISSIONS) },
			suspended_at: opts.suspended_at ?? null,
			created_at: '2024-01-02T10:00:00Z',
		};
		state.app.installations.set(id, installation);
		return installation;
	}

	const now = () => Math.floor(Date.now() / 1000);
	const logEvent = (entry) => state.app.log.push({ ...entry, at: new Date().toISOString() });

	/** The JWT in an Authorization header, or undefined when the bearer is not one. */
	function jwtOf(req) {
		const header = req.headers.authorization;
		const match = typeof header === 'string' ? /^bearer\s+(eyJ[\w-]*\.[\w-]*\.[\w-]*)\s*$/i.exec(header) : null;
		return match ? match[1] : undefined;
	}

	/** {claims} for a good JWT, else {error} with the platform's message. */
	function verifyJwt(jwt) {
		const [headerPart, payloadPart, signaturePart] = jwt.split('.');
		let header;
		let claims;
		try {
			header = base64urlJson(headerPart);
			claims = base64urlJson(payloadPart);
		} catch {
			return { error: 'A JSON web token could not be decoded' };
		}
		if (header.alg !== 'RS256') return { error: `JWT algorithm ${header.alg} is not supported: sign with RS256` };
		const good = crypto.verify('RSA-SHA256', Buffer.from(`${headerPart}.${payloadPart}`), state.app.publicKey, Buffer.from(signaturePart, 'base64url'));
		if (!good) return { error: 'A JSON web token could not be decoded' };
		if (claims.iss !== APP_ID && String(claims.iss) !== String(APP_ID) && claims.iss !== APP_CLIENT_ID) {
			return { error: `Integration not found (iss ${JSON.stringify(claims.iss)})` };
		}
		if (!Number.isInteger(claims.iat) || claims.iat > now() + 60) {
			return { error: "'Issued at' claim ('iat') must be an Integer representing a time in the past" };
		}
		if (!Number.isInteger(claims.exp) || claims.exp <= now()) {
			return { error: "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires" };
		}
		if (claims.exp - claims.iat > 600) return { error: "'Expiration time' claim ('exp') is too far in the future" };
		return { claims };
	}

	/** True for the templates the app's JWT opens. */
	function isAppRoute(method, template) {
		return (
			(method === 'GET' && ['/app', '/app/installations', '/app/installations/{installation_id}', '/repos/{owner}/{repo}/installation', '/orgs/{org}/installation', '/users/{username}/installation'].includes(template)) ||
			(method === 'POST' && template === '/app/installations/{installation_id}/access_tokens')
		);
	}

	function mintToken(installation, claims) {
		const token = `ghs_${crypto.randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
		const expiresAt = now() + state.app.tokenLifetimeSeconds;
		state.tokens[token] = { login: APP_BOT_LOGIN, scopes: [], installation: installation.id, expiresAt };
		const expires_at = new Date(expiresAt * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
		logEvent({ event: 'mint', installation: installation.id, expires_at, jwt: { iat: claims.iat, exp: claims.exp, iss: claims.iss } });
		return { token, expires_at };
	}

	/** Every installation token expires now; answers how many there were. */
	function expireTokens() {
		let count = 0;
		for (const entry of Object.values(state.tokens)) {
			if (entry.installation !== undefined && entry.expiresAt > now() - 1) {
				entry.expiresAt = now() - 1;
				count++;
			}
		}
		logEvent({ event: 'expire', tokens: count });
		return count;
	}

	/** Whether the installation reaches repository owner/name. */
	function covers(installation, owner, name) {
		if (installation.account.toLowerCase() !== String(owner).toLowerCase()) return false;
		return installation.repository_selection === 'all' || installation.repositories.has(`${owner}/${name}`.toLowerCase());
	}

	/**
	 * For an installation token: undefined when the call may go on, else {status, message, headers}.
	 * Checks expiry, the installation's account and repositories, suspension and permissions.
	 */
	function checkInstallationCall(entry, method, template, params) {
		const installation = state.app.installations.get(entry.installation);
		if (!installation || entry.expiresAt <= now()) return { status: 401, message: 'Bad credentials' };
		if (installation.suspended_at) return { status: 403, message: 'This installation has been suspended' };
		// the authenticated user's endpoints: an installation is no user
		if (template === '/user' || template.startsWith('/user/') || template === '/gists' || template === '/issues') {
			return { status: 403, message: 'Resource not accessible by integration' };
		}
		if (template.startsWith('/repos/{owner}/{repo}') && !covers(installation, params.owner, params.repo)) return { status: 404, message: 'Not Found' };
		if (template.startsWith('/orgs/{org}') && installation.account.toLowerCase() !== String(params.org).toLowerCase()) {
			return { status: 403, message: 'Resource not accessible by integration' };
		}
		return checkPermissions(installation.permissions, method, template, 'Resource not accessible by integration');
	}

	/** The level of the app's bot on a repository: admin where an installation reaches it (permissions are checked per call). */
	function botLevel(repo) {
		for (const installation of state.app.installations.values()) {
			if (!installation.suspended_at && covers(installation, repo.owner, repo.name)) return 'admin';
		}
		return null;
	}

	return { seedApps, addInstallation, jwtOf, verifyJwt, isAppRoute, mintToken, expireTokens, checkInstallationCall, botLevel, covers, logEvent };
}

module.exports = {
	checkPermissions,
	createApps,
	APP_ID,
	APP_CLIENT_ID,
	APP_SLUG,
	APP_BOT_LOGIN,
	ORG_INSTALLATION_ID,
	USER_INSTALLATION_ID,
	ALL_PERMISSIONS,
	FIXTURES,
};
