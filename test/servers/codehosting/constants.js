'use strict';
/** Fixed values of the code-hosting test server: seeded logins and tokens, scopes, documentation links. */
const git = require('./git');

const TOKEN = 'ghp_octoUserToken00000000000000000000001';
const OTHER_TOKEN = 'ghp_otherUserToken0000000000000000000002';
/** octo-user's fine-grained token that reads contents and issues but may not manage webhooks (seeded). */
const FINE_GRAINED_NO_WEBHOOKS_TOKEN = 'github_pat_11E2EFGNOWH0e2eFineGrainedWithoutWebhooks000000000000000001';
const LOGIN = 'octo-user';
const OTHER_LOGIN = 'other-user';
const OUTSIDER_LOGIN = 'outside-user';
const ORG = 'octo-org';
const API_VERSION = '2022-11-28';
const ALL_SCOPES = [
	'repo',
	'workflow',
	'gist',
	'admin:repo_hook',
	'admin:org_hook',
	'admin:org',
	'read:org',
	'project',
	'user',
	'notifications',
	'delete_repo',
];
const DOCS = 'https://docs.github.com/rest';
const RATE_DOCS = 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api';
const LEVELS = ['pull', 'triage', 'push', 'maintain', 'admin'];

class HttpError extends Error {
	constructor(status, body, headers = {}) {
		super(typeof body === 'object' && body ? body.message : String(body));
		this.status = status;
		this.body = body;
		this.headers = headers;
	}
}

function isoAt(offsetSeconds) {
	return git.isoNow(new Date(Date.UTC(2024, 0, 2, 10, 0, 0) + offsetSeconds * 1000));
}

function isLoopbackUrl(url) {
	try {
		const parsed = new URL(url);
		return (
			(parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
			['127.0.0.1', 'localhost', '[::1]', '::1'].includes(parsed.hostname)
		);
	} catch {
		return false;
	}
}

module.exports = {
	TOKEN,
	OTHER_TOKEN,
	FINE_GRAINED_NO_WEBHOOKS_TOKEN,
	LOGIN,
	OTHER_LOGIN,
	OUTSIDER_LOGIN,
	ORG,
	API_VERSION,
	ALL_SCOPES,
	DOCS,
	RATE_DOCS,
	LEVELS,
	HttpError,
	isoAt,
	isLoopbackUrl,
};
