'use strict';
/**
 * Handlers of the operations the code-hosting test server implements, keyed by
 * `METHOD /openapi/template`. Each gets a ctx ({method, params, query (validated), body (validated),
 * who, u, accept, responseHeaders, notFound(), fail(), validationFailed()}) and returns
 * {status, body} | {status, raw, headers}; errors are thrown as HttpError.
 *
 * Operations with real state (everything else in the description → 501 after validation):
 *   GET /user, /user/repos, /user/orgs, /users/{u}, /users/{u}/repos, /orgs/{org}/repos;
 *   POST /user/repos, /orgs/{org}/repos; GET /repos/{o}/{r}; PUT/GET/DELETE /user/starred/{o}/{r};
 *   GET/PUT/DELETE /repos/{o}/{r}/contents/{path}; GET …/branches, …/branches/{branch};
 *   POST …/git/refs; GET …/git/ref/{ref}; GET …/commits, …/commits/{ref};
 *   GET/POST …/issues; GET/PATCH …/issues/{n}; PUT/DELETE …/issues/{n}/lock; GET /issues;
 *   POST …/issues/{n}/comments; GET …/assignees; GET …/git/trees/{sha}; GET …/license,
 *   …/community/profile, …/traffic/popular/paths|referrers; POST /orgs/{org}/invitations;
 *   GET /search/issues, /search/repositories, /search/users; GET/POST …/pulls;
 *   GET/PATCH …/pulls/{n}; PUT …/pulls/{n}/merge; GET …/pulls/{n}/requested_reviewers; GET/POST …/pulls/{n}/reviews,
 *   GET/PUT …/reviews/{id};
 *   GET …/actions/workflows, …/actions/workflows/{id}; POST …/workflows/{id}/dispatches;
 *   PUT …/workflows/{id}/enable|disable; GET …/actions/runs, …/workflows/{id}/runs,
 *   …/actions/runs/{id}; POST /gists; PATCH/GET /gists/{id}; GET /gists, /users/{u}/gists;
 *   GET/POST …/releases, GET/PATCH/DELETE …/releases/{id}, GET …/releases/tags/{tag};
 *   GET …/actions/workflows/{id}/timing; GET …/collaborators (affiliation all, outside, direct), …/collaborators/{u}, …/collaborators/{u}/permission;
 *   PUT/DELETE …/collaborators/{u}; GET …/invitations, DELETE …/invitations/{id} (repository); GET /rate_limit; POST/GET …/hooks, GET/DELETE …/hooks/{id},
 *   GET …/hooks/{id}/deliveries, …/deliveries/{id}, POST …/deliveries/{id}/attempts
 *   (repository and organization); GET /repos/{o}/{r}/events, /users/{u}/events;
 *   GitHub Apps (resources/apps.js): GET /app, /app/installations[/{id}], POST
 *   /app/installations/{id}/access_tokens, GET …/installation of a repository, organization or user;
 *   check runs and statuses (resources/checks.js): POST …/check-runs, GET/PATCH …/check-runs/{id},
 *   GET …/commits/{ref}/check-runs, POST …/statuses/{sha}, GET …/commits/{ref}/statuses|status;
 *   GET …/pulls/{n} as diff or patch, …/pulls/{n}/files, …/pulls/{n}/commits
 *   (resources/pull-changes.js); GET …/issues/{n}/comments, PATCH/DELETE …/issues/comments/{id};
 *   the organization and its membership (resources/orgs.js): GET /orgs/{org}, GET /orgs/{org}/members, GET/PUT
 *   /orgs/{org}/memberships/{u}, DELETE /orgs/{org}/members/{u}, GET …/invitations, DELETE
 *   …/invitations/{id}, GET …/outside_collaborators, DELETE …/outside_collaborators/{u}; teams
 *   (resources/teams.js): GET /orgs/{org}/teams, …/teams/{slug}/members, …/teams/{slug}/repos,
 *   …/teams/{slug}/invitations, GET/PUT/DELETE …/teams/{slug}/memberships/{u}.
 *
 * The handlers live in resources/, a file per resource group; resources/common.js holds the
 * lookups they share.
 */
const { createCommon } = require('./resources/common');
const { registerRepos } = require('./resources/repos');
const { registerContents } = require('./resources/contents');
const { registerIssues } = require('./resources/issues');
const { registerSearch } = require('./resources/search');
const { registerPulls } = require('./resources/pulls');
const { registerReviews } = require('./resources/reviews');
const { registerActions } = require('./resources/actions');
const { registerGists } = require('./resources/gists');
const { registerReleases } = require('./resources/releases');
const { registerCollaborators } = require('./resources/collaborators');
const { registerRateLimit } = require('./resources/rate-limit');
const { registerHooks } = require('./resources/hooks');
const { registerEvents } = require('./resources/events');
const { registerTrees } = require('./resources/trees');
const { registerCommunity } = require('./resources/community');
const { registerOrgs } = require('./resources/orgs');
const { registerTeams } = require('./resources/teams');
const { registerApps } = require('./resources/apps');
const { registerChecks } = require('./resources/checks');
const { registerPullChanges } = require('./resources/pull-changes');

const GROUPS = [
	registerRepos,
	registerContents,
	registerIssues,
	registerSearch,
	registerPulls,
	registerReviews,
	registerActions,
	registerGists,
	registerReleases,
	registerCollaborators,
	registerRateLimit,
	registerHooks,
	registerEvents,
	registerTrees,
	registerCommunity,
	registerOrgs,
	// after registerOrgs: uses its organization lookups (kit.orgs)
	registerTeams,
	registerApps,
	registerChecks,
	// after registerPulls: wraps its GET …/pulls/{n} for the diff and patch media types
	registerPullChanges,
];

function createRoutes(kit) {
	const common = createCommon(kit);
	const routes = {};
	for (const register of GROUPS) register(routes, kit, common);
	return routes;
}

module.exports = { createRoutes };
