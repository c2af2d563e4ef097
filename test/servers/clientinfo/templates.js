'use strict';
/** Request templates: GET /request_templates. */

/** Route table entries ({method, pattern, scope, handler}) over `state`. */
function templateRoutes(state, api) {
	const { listQuery, page } = api;
	return [
		{ method: 'GET', pattern: /^\/request_templates$/, scope: 'read_templates', handler: ({ query }) => {
			const paging = listQuery(query, []);
			if (paging.error) return paging.error;
			const q = (query.get('q') ?? '').toLowerCase();
			const all = Object.values(state.templates).filter((t) => !q || t.name.toLowerCase().includes(q));
			return page(all, paging);
		} },
	];
}

module.exports = { templateRoutes };
