'use strict';
/**
 * A local stand-in for GitHub's REST API v3 and a sliver of GraphQL v4, strict about what it
 * accepts (issue 4, item 3; webhook needs of issue 5).
 *
 * REST is served at `${url}/` (api.github.com style) and `${url}/api/v3/` (Enterprise Server
 * style); GraphQL at `${url}/graphql` and `${url}/api/graphql`. URLs inside responses (url,
 * html_url, Link headers, redirects) use the base the request came in on.
 *
 * Every request, in this order:
 *  1. is recorded in `srv.requests` and checked against `failNext` faults (which win over all);
 *  2. needs a `User-Agent` (403), then `Authorization: Bearer|token <token>` or Basic with the token
 *     as password (401 {message:'Bad credentials'} when missing or unknown);
 *  3. meets the primary rate limit (403, x-ratelimit-remaining 0; refills at `reset`) and the
 *     secondary limit set by `setSecondaryRateLimit` (403 + retry-after); the secondary limit for
 *     content-creating requests (POST/PATCH/PUT/DELETE: 80 a minute, 500 an hour per account;
 *     403 + retry-after; `setContentLimit`);
 *  4. `X-GitHub-Api-Version`, when present, must be 2022-11-28 (400);
 *  5. `Accept` must name application/vnd.github…, application/json or * / * (415 otherwise, also when
 *     missing: the mission document's "value for the response_body field" failure);
 *  6. is matched against the paths of `@octokit/openapi`'s api.github.com.json (unknown path or
 *     method → 404 Not Found); typed path parameters (numbers) must fit (404);
 *  7. query parameters declared by the operation are type/enum/format checked (422; unknown ones
 *     are ignored like GitHub); JSON bodies must parse (400 'Problems parsing JSON') and validate
 *     against the operation's requestBody schema with ajv (422 'Invalid request.\n\n<details>');
 *  8. is answered from the in-memory state below, or 501 {message:'not implemented by the test
 *     server'} for operations that exist in the description but have no handler here.
 * Responses carry x-ratelimit-limit/remaining/reset/used/resource (5000/h core, 30/min search,
 * 5000/h graphql), x-github-request-id, ETag on GET 200s (If-None-Match → 304, not counted against
 * the limit), and Link headers (first/prev/next/last) on every implemented list endpoint.
 *
 * The parts: constants.js (seeded logins, tokens, scopes), store.js (state, accounts,
 * repositories; the state's shape is described there), items.js (issues, pulls, workflows and
 * runs, gists, releases, projects), webhooks.js (events feeds, deliveries), seed.js (the seeded
 * data, listed there), protocol.js and pipeline.js (the request steps above), routes.js with
 * resources/ (the implemented operations, listed in routes.js), graphql.js, oauth.js (OAuth app
 * web flow), openapi.js (the API description), shapes.js with shapes/ (response JSON), git.js
 * (blobs, commits, merges). The request log, faults and listening come from ../core.js.
 *
 * Seed helpers (on the returned object; owner/repo names are case-insensitive):
 *   addUser(login, {id,name,email}) · addOrg(login, {members, default_permission}) ·
 *   addToken(token, login, scopes?) · addRepo(owner, name, {private, description, auto_init,
 *   files, default_branch, id}) · addFile(owner, repo, path, Buffer|string, branch?, {message,
 *   authorLogin, date}) → {commit, sha} · addBranch(owner, repo, branch, fromRef?) ·
 *   addIssues(owner, repo, n, {state, labels, assignees, user, prefix, body}) ·
 *   addPull(owner, repo, {head, base, title, draft, mergeable, reviewers, reviews, file}) ·
 *   addWorkflow(owner, repo, {id, name, path, state, dispatchable, inputs}) ·
 *   addWorkflowRuns(owner, repo, workflowId, n, {status, conclusion, event, branch}) ·
 *   setRunStatus(owner, repo, runId, status, conclusion?) · addGist(owner, {id, description,
 *   public, files: {name: content}}) · addReleases(owner, repo, n, {draft, prerelease}) ·
 *   addCollaborator(owner, repo, login, permission) · acceptInvitations(owner, repo) ·
 *   renameRepo(owner, old, new) · addTeam(org, {name, slug, privacy, members: {login: role},
 *   repos: {name: level}}) · setTwoFactor(login, 'enabled'|'disabled'|'insecure') ·
 *   acceptOrgInvitation(org, login) · addProject('organization'|'user', owner, {number, title,
 *   fields, items}) · addEvent(type, actor, owner, repo, payload) · repo(owner, name) → Repo ·
 *   fileContent(owner, repo, path, ref?) → Buffer.
 * Other controls: state.runProgress = 'never' (dispatched runs stay queued; 'atFirstRead': the first
 * read completes one; by default each read of a dispatched run moves it queued → in_progress → completed), state.dispatchRunDelayMs (a dispatch
 * answered 204 creates its run that much later, as the platform does; default 2 s on the
 * Enterprise form, at once otherwise; the Enterprise form /api/v3 answers dispatches with 204 only and refuses keys other than ref and
 * inputs, as GHES 3.17–3.19 describe them), addWorkflow's runName (`run-name` with
 * ${{ inputs.X }}: the display_title of its dispatch runs), failNext, setRateLimit, setSecondaryRateLimit, setContentLimit, setAutoDeliver, settle,
 * deliver(hookId, event, payload?, {signature: 'valid'|'missing'|'wrong', action}),
 * examplePayload(event, action?) (from @octokit/webhooks-examples), hooks, requests,
 * resetRequests, responseProblems (with option validateResponses: true).
 * Outside the API description: GET /raw/{owner}/{repo}/{ref}/{path} serves file bytes (the
 * contents API's download_url; raw.githubusercontent.com's role; no auth needed for public repos).
 *
 * Webhooks: creating a hook sends a `ping` to its config.url (asynchronously, failures ignored);
 * actions done through the API also send their webhook events (issues, issue_comment,
 * pull_request, push, create, star, watch, member, repository (org hooks), workflow_dispatch,
 * workflow_run, projects_v2_item (org hooks), organization and membership (org hooks: resources/orgs.js,
 * teams.js)) unless `autoDeliver: false`. Deliveries are only
 * ever sent to loopback URLs (127.0.0.1, localhost, ::1); others are recorded as not delivered.
 * Each attempt is logged in the hook's delivery log with its outcome (an attempt without a
 * response, such as a refused connection, is a failed 502 "failed to connect"), which GET
 * …/hooks/{id}/deliveries serves newest first with cursor paging; POST …/deliveries/{id}/attempts
 * redelivers with the same GUID (webhooks.js, resources/hooks.js).
 */
const openapi = require('./openapi');
const git = require('./git');
const { listen, createFaults } = require('../core');
const constants = require('./constants');
const { createStore } = require('./store');
const { createWebhooks } = require('./webhooks');
const { createItems } = require('./items');
const { seed } = require('./seed');
const { createProtocol } = require('./protocol');
const { createHandler } = require('./pipeline');
const { createRoutes } = require('./routes');
const { createGraphql } = require('./graphql');
const { createOAuth, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET } = require('./oauth');
const appsModule = require('./apps');

const { LOGIN, OTHER_LOGIN, ORG, ALL_SCOPES, LEVELS, HttpError, isLoopbackUrl } = constants;

function createCodeHostingServer(options = {}) {
	const requests = [];
	const faults = createFaults({ upperCaseMethod: true });
	const responseProblems = [];
	let running;
	const baseUrl = () => running?.url;

	const s = createStore(options);
	const hooks = createWebhooks(s, options, baseUrl);
	Object.assign(s, hooks);
	Object.assign(s, createItems(s));
	const apps = appsModule.createApps(s);
	s.botLevel = apps.botLevel;
	const protocol = createProtocol(s, responseProblems);
	const { state, account, level, atLeast, findRepo, mustRepo, repoById, addLabel, authorOf, nextId } = s;
	const { addUser, addOrg, addToken, addRepo, addFile, addBranch, addCollaborator, acceptInvitations, renameRepo } = s;
	const { addIssues, createIssue, addPull, addWorkflow, addWorkflowRuns, createRun, setRunStatus, addGist, addReleases, addProject, mergeStatus } = s;
	const { addEvent, emitWebhook, sendDelivery, pingPayload, track } = hooks;
	const { paginate, errorBody } = protocol;

	const kit = {
		state,
		options,
		HttpError,
		LOGIN,
		OTHER_LOGIN,
		ORG,
		LEVELS,
		account,
		level,
		atLeast,
		findRepo,
		repoById,
		addLabel,
		addRepo,
		createIssue,
		createRun,
		addGist,
		authorOf,
		nextId,
		addEvent,
		emitWebhook,
		sendDelivery,
		pingPayload,
		track,
		mergeStatus,
		paginate,
		errorBody,
		isLoopbackUrl,
		apps,
		now: () => Date.now(),
		get autoDeliver() {
			return hooks.isAutoDeliver();
		},
	};
	const routes = createRoutes(kit);
	const graphql = createGraphql(kit);
	const oauth = createOAuth({
		allScopes: ALL_SCOPES,
		addToken,
		login: () => options.oauthLogin ?? LOGIN,
		now: () => Date.now(),
	});

	const handle = createHandler({ s, protocol, requests, faults, routes, graphql, oauth, apps, options, baseUrl });

	seed(s);
	// the GitHub App (apps.js): owned by octo-org, installed on octo-org (every repository) and on
	// octo-user (hello-world only); other-user has no installation
	apps.seedApps(ORG);
	apps.addInstallation(ORG, { id: appsModule.ORG_INSTALLATION_ID });
	apps.addInstallation(LOGIN, { id: appsModule.USER_INSTALLATION_ID, repositories: ['hello-world'] });

	const srv = {
		state,
		requests,
		/** Completed OAuth code exchanges: {login, scopes, token, at}. */
		oauthGrants: oauth.grants,
		responseProblems,
		get hooks() {
			return Object.values(state.hooks);
		},
		get url() {
			return running?.url;
		},
		async start(port = options.port ?? 0) {
			openapi.load();
			running = await listen(handle, port);
			return { url: running.url };
		},
		async stop() {
			await srv.settle(2000);
			if (running) await running.close();
			running = undefined;
		},
		/** Forgets the requests recorded so far. */
		resetRequests() {
			requests.length = 0;
		},
		/** Makes the next matching request(s) fail: {method, path (string|RegExp), status, body, headers, times, drop}. */
		failNext: faults.failNext,
		/** Primary rate limit: {remaining, reset (epoch s), limit, used, status (403|429), resource ('core'|'search'|'graphql'; default all)}. */
		setRateLimit(limit) {
			const names = limit.resource ? [limit.resource] : ['core', 'search', 'graphql'];
			for (const name of names) {
				const r = state.rate[name];
				if (limit.limit !== undefined) r.limit = limit.limit;
				if (limit.remaining !== undefined) r.remaining = limit.remaining;
				if (limit.reset !== undefined) r.reset = limit.reset;
				r.used = limit.used ?? Math.max(0, r.limit - r.remaining);
				if (limit.status !== undefined) r.status = limit.status;
			}
		},
		/** Secondary rate limit for the next `times` requests: {retryAfter (s), times (1), status (403|429)}. */
		setSecondaryRateLimit(limit) {
			state.secondary = { retryAfter: limit.retryAfter ?? 60, times: limit.times ?? 1, status: limit.status ?? 403 };
		},
		/**
		 * The secondary limit for content-creating requests per account (default 80 a minute, 500
		 * an hour, as the platform); tests that compress time lift it: {perMinute, perHour}.
		 */
		setContentLimit(limit) {
			state.contentLimit = { perMinute: limit.perMinute ?? 80, perHour: limit.perHour ?? 500, writes: {} };
		},
		/** Sends the redeliveries held by `state.holdRedeliveries` and stops holding; answers how many. */
		releaseRedeliveries() {
			const held = state.heldRedeliveries ?? [];
			state.holdRedeliveries = false;
			state.heldRedeliveries = [];
			for (const resolve of held) resolve();
			return held.length;
		},
		setAutoDeliver: hooks.setAutoDeliver,
		/** Every GitHub App installation token expires now (also POST /_stand-in/app/expire-tokens); answers how many. */
		expireAppTokens: apps.expireTokens,
		/** The app's log: mints (installation, expires_at, the JWT's claims), expiries, refused JWTs. */
		get appLog() {
			return state.app.log;
		},
		/** The token mints so far. */
		appMints() {
			return state.app.log.filter((entry) => entry.event === 'mint');
		},
		/** Installs the app on `account`: {id, repositories (names: selected only), permissions, suspended_at}. */
		addInstallation: apps.addInstallation,
		/** Waits for pending automatic deliveries (pings, events). */
		async settle(timeoutMs = 10000) {
			const deadline = Date.now() + timeoutMs;
			while (hooks.pending.size && Date.now() < deadline) {
				let timer;
				await Promise.race([
					Promise.allSettled([...hooks.pending]),
					new Promise((resolve) => {
						timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
					}),
				]);
				clearTimeout(timer);
			}
		},
		/**
		 * Delivers `event` with `payload` (default: a ping payload for 'ping', else the first example
		 * of @octokit/webhooks-examples for the event, or for opts.action) to the hook's config.url.
		 * opts.signature: 'valid' (default) | 'missing' | 'wrong'; opts.guid: the X-GitHub-Delivery
		 * (default: a new one). Resolves {status, body, headers, guid}.
		 */
		async deliver(hookId, event, payload, opts = {}) {
			const h = state.hooks[hookId];
			if (!h) throw new Error(`deliver: unknown hook ${hookId}`);
			const body = payload ?? (event === 'ping' ? pingPayload(h) : srv.examplePayload(event, opts.action));
			return sendDelivery(h, event, body, { ...opts, redelivery: false });
		},
		/** Moves the hook's logged deliveries `ms` into the past (to test the 3-day retention). */
		ageDeliveries(hookId, ms) {
			const h = state.hooks[hookId];
			if (!h) throw new Error(`ageDeliveries: unknown hook ${hookId}`);
			for (const d of h.deliveries) {
				d.deliveredAtMs -= ms;
				d.delivered_at = git.isoNow(new Date(d.deliveredAtMs));
			}
		},
		/** A real example payload of @octokit/webhooks-examples (a deep copy), optionally for `action`. */
		examplePayload(event, action) {
			const examples = require('@octokit/webhooks-examples');
			const entry = examples.find((e) => e.name === event);
			if (!entry) throw new Error(`no example payloads for ${event}`);
			const found = entry.examples.find((example) => action === undefined || example.action === action);
			if (!found) throw new Error(`no example payload for ${event}.${action}`);
			return JSON.parse(JSON.stringify(found));
		},
		addUser,
		addOrg,
		addToken,
		addFineGrainedToken: s.addFineGrainedToken,
		addRepo,
		addFile,
		addBranch,
		addIssues,
		addPull,
		addWorkflow,
		addWorkflowRuns,
		setRunStatus,
		addGist,
		addReleases,
		addCollaborator,
		acceptInvitations,
		renameRepo,
		addTeam: s.addTeam,
		/** The permission `login` has on `repo` by GitHub's rules (owner, base permission, teams, direct; public repositories read): 'admin' … 'pull', or null. */
		level: s.level,
		setTwoFactor: s.setTwoFactor,
		acceptOrgInvitation: s.acceptOrgInvitation,
		addProject,
		/**
		 * Adds an entry to the events feeds: type ('ForkEvent', 'ReleaseEvent', 'CreateEvent', …),
		 * actor login, repository, payload (object, or function of {api, web} → object).
		 */
		addEvent(type, actor, owner, name, payload = {}) {
			addEvent(type, actor, mustRepo(owner, name), payload);
			return state.events[state.events.length - 1];
		},
		/** The repository record of owner/name (or undefined). */
		repo: findRepo,
		/** The content (Buffer) of `path` at `ref` (default branch), or undefined. */
		fileContent(owner, name, path, ref) {
			const repo = findRepo(owner, name);
			const sha = repo ? git.resolveRef(repo, ref) : undefined;
			const blob = sha ? repo.commits.get(sha).tree[path] : undefined;
			return blob ? repo.blobs.get(blob) : undefined;
		},
	};
	return srv;
}

module.exports = {
	createCodeHostingServer,
	TOKEN: constants.TOKEN,
	OTHER_TOKEN: constants.OTHER_TOKEN,
	FINE_GRAINED_NO_WEBHOOKS_TOKEN: constants.FINE_GRAINED_NO_WEBHOOKS_TOKEN,
	LOGIN,
	OTHER_LOGIN,
	OUTSIDER_LOGIN: constants.OUTSIDER_LOGIN,
	ORG,
	API_VERSION: constants.API_VERSION,
	ALL_SCOPES,
	OAUTH_CLIENT_ID,
	OAUTH_CLIENT_SECRET,
	blobSha: git.blobSha,
	APP_ID: appsModule.APP_ID,
	APP_CLIENT_ID: appsModule.APP_CLIENT_ID,
	APP_SLUG: appsModule.APP_SLUG,
	APP_BOT_LOGIN: appsModule.APP_BOT_LOGIN,
	ORG_INSTALLATION_ID: appsModule.ORG_INSTALLATION_ID,
	USER_INSTALLATION_ID: appsModule.USER_INSTALLATION_ID,
	APP_FIXTURES: appsModule.FIXTURES,
};
