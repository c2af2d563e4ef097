'use strict';
/** Clients: GET/POST /clients, GET /clients/{id}. */
const crypto = require('crypto');
const { CLIENT_FIELDS, EMAIL } = require('./constants');

/** Route table entries ({method, pattern, scope, handler}) over `state`. */
function clientRoutes(state, api) {
	const { unprocessable, notFound, listQuery, page, sorted, unknownKeys, stamp } = api;
	return [
		{ method: 'GET', pattern: /^\/clients$/, scope: 'read_clients', handler: ({ query }) => {
			const paging = listQuery(query, []);
			if (paging.error) return paging.error;
			const q = (query.get('q') ?? '').toLowerCase();
			const all = Object.values(state.clients).filter((c) => !q || `${c.name ?? ''} ${c.full_name ?? ''} ${c.email}`.toLowerCase().includes(q));
			return page(sorted(all, query), paging);
		} },
		{ method: 'POST', pattern: /^\/clients$/, scope: 'write_clients', handler: ({ body }) => {
			const unknown = unknownKeys(body, CLIENT_FIELDS);
			if (unknown.length) return unprocessable(`Unknown fields: ${unknown.join(', ')}`);
			const errors = {};
			if (typeof body.email !== 'string' || !EMAIL.test(body.email)) errors.email = ['is invalid'];
			const name = body.name ?? body.full_name ?? [body.first_name, body.last_name].filter(Boolean).join(' ');
			if (typeof name !== 'string' || name.trim() === '') errors.name = ["can't be blank"];
			if (Object.keys(errors).length) return unprocessable('Validation failed', errors);
			if (Object.values(state.clients).some((c) => c.email.toLowerCase() === body.email.toLowerCase())) {
				return unprocessable('Validation failed', { email: ['has already been taken'] });
			}
			const id = crypto.randomUUID();
			state.clients[id] = { id, ...body, name, full_name: body.full_name ?? name, created_at: stamp() };
			return [201, state.clients[id]];
		} },
		{ method: 'GET', pattern: /^\/clients\/([^/]+)$/, scope: 'read_clients', handler: ({ params }) => {
			const client = state.clients[params[0]];
			return client ? [200, client] : notFound('Client', params[0]);
		} },
	];
}

module.exports = { clientRoutes };
