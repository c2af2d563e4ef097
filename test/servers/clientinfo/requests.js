'use strict';
/** Requests: GET/POST /requests, GET /requests/{id}. */
const crypto = require('crypto');
const { REQUEST_FIELDS, STATUSES, EMAIL } = require('./constants');
const { realDate } = require('./api');

/** Route table entries ({method, pattern, scope, handler}) over `state`. */
function requestRoutes(state, api) {
	const { unprocessable, notFound, listQuery, page, sorted, unknownKeys, stamp } = api;
	return [
		{ method: 'GET', pattern: /^\/requests$/, scope: 'read_requests', handler: ({ query }) => {
			const paging = listQuery(query, ['status', 'client_id']);
			if (paging.error) return paging.error;
			const status = query.get('status');
			if (status && !STATUSES.includes(status)) return unprocessable(`status must be one of ${STATUSES.join(', ')}`);
			const clientId = query.get('client_id');
			const q = (query.get('q') ?? '').toLowerCase();
			const all = Object.values(state.requests).filter(
				(r) => (!status || r.status === status) && (!clientId || r.client_id === clientId) && (!q || r.name.toLowerCase().includes(q)),
			);
			return page(sorted(all, query), paging);
		} },
		{ method: 'POST', pattern: /^\/requests$/, scope: 'write_requests', handler: ({ body }) => {
			const unknown = unknownKeys(body, REQUEST_FIELDS);
			if (unknown.length) return unprocessable(`Unknown fields: ${unknown.join(', ')}`);
			const errors = {};
			if (typeof body.name !== 'string' || body.name.trim() === '') errors.name = ["can't be blank"];
			let clientId = body.client_id;
			if (clientId !== undefined) {
				if (!state.clients[clientId]) errors.client_id = ['does not exist'];
			} else if (typeof body.client_email === 'string') {
				if (!EMAIL.test(body.client_email)) errors.client_email = ['is invalid'];
				else {
					let client = Object.values(state.clients).find((c) => c.email.toLowerCase() === body.client_email.toLowerCase());
					if (!client) {
						const id = crypto.randomUUID();
						client = state.clients[id] = { id, email: body.client_email, name: body.client_full_name ?? body.client_email, full_name: body.client_full_name ?? body.client_email, phone: body.client_phone, created_at: stamp() };
					}
					clientId = client.id;
				}
			} else errors.client_id = ["can't be blank"];
			let templateId = body.template_id ?? body.request_template_id;
			if (templateId !== undefined) {
				if (!state.templates[templateId]) errors.template_id = ['does not exist'];
			} else if (typeof body.request_template_name === 'string') {
				const template = Object.values(state.templates).find((t) => t.name === body.request_template_name);
				if (!template) errors.request_template_name = ['does not exist'];
				else templateId = template.id;
			} else errors.template_id = ["can't be blank"];
			const due = body.due_date ?? body.due;
			if (due !== undefined && due !== null && !realDate(due)) errors.due_date = ['must be a date as YYYY-MM-DD'];
			if (body.status !== undefined && !['draft', 'published'].includes(body.status)) errors.status = ['must be draft or published'];
			if (Object.keys(errors).length) return unprocessable('Validation failed', errors);
			const id = crypto.randomUUID();
			const { client_email: _e, client_full_name: _n, client_phone: _p, request_template_id: _t, request_template_name: _tn, due: _d, ...rest } = body;
			state.requests[id] = {
				...rest,
				id,
				name: body.name,
				status: body.status ?? 'published',
				client_id: clientId,
				template_id: templateId,
				due_date: due ?? null,
				created_at: stamp(),
			};
			return [201, state.requests[id]];
		} },
		{ method: 'GET', pattern: /^\/requests\/([^/]+)$/, scope: 'read_requests', handler: ({ params }) => {
			const request = state.requests[params[0]];
			return request ? [200, request] : notFound('Request', params[0]);
		} },
	];
}

module.exports = { requestRoutes };
