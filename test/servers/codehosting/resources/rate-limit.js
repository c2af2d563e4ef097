'use strict';
/** Rate limit: GET /rate_limit. */
/** Adds the handlers to `routes` (see ../routes.js). */
function registerRateLimit(routes, kit, common) {
	const { state } = kit;

	// ------------------------------------------------------------ rate limit
	routes['GET /rate_limit'] = () => {
		const now = Math.floor(Date.now() / 1000);
		const view = (name) => {
			const r = state.rate[name];
			if (now >= r.reset) return { limit: r.limit, remaining: r.limit, reset: now + r.window, used: 0 };
			return { limit: r.limit, remaining: Math.max(0, r.remaining), reset: r.reset, used: r.used };
		};
		const fixed = (limit) => ({ limit, remaining: limit, reset: now + 3600, used: 0 });
		const core = view('core');
		return {
			body: {
				resources: {
					core,
					search: view('search'),
					graphql: view('graphql'),
					integration_manifest: fixed(5000),
					source_import: fixed(100),
					code_scanning_upload: fixed(1000),
					actions_runner_registration: fixed(10000),
					scim: fixed(15000),
					dependency_snapshots: fixed(100),
					code_search: fixed(10),
					code_scanning_autofix: fixed(10),
				},
				rate: core,
			},
		};
	};
}

module.exports = { registerRateLimit };
