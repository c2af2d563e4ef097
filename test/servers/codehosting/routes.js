'use strict';
/**
 * Handlers of the operations the code-hosting test server implements, keyed by
 * `METHOD /openapi/template`. Each gets a ctx ({method, params, query (validated), body (validated),
 * who, u, accept, responseHeaders, notFound(), fail(), validationFailed()}) and returns
 * {status, body} | {status, raw, headers}; errors are thrown as HttpError.
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
const { registerActions } = require('./resources/actions');
const { registerGists } = require('./resources/gists');
const { registerReleases } = require('./resources/releases');
const { registerCollaborators } = require('./resources/collaborators');
const { registerRateLimit } = require('./resources/rate-limit');
const { registerHooks } = require('./resources/hooks');
const { registerEvents } = require('./resources/events');

const GROUPS = [
	registerRepos,
	registerContents,
	registerIssues,
	registerSearch,
	registerPulls,
	registerActions,
	registerGists,
	registerReleases,
	registerCollaborators,
	registerRateLimit,
	registerHooks,
	registerEvents,
];

function createRoutes(kit) {
	const common = createCommon(kit);
	const routes = {};
	for (const register of GROUPS) register(routes, kit, common);
	return routes;
}

module.exports = { createRoutes };
