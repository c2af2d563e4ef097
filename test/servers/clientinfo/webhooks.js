'use strict';
/**
 * Webhooks: GET/POST /webhooks, GET/DELETE /webhooks/{id}, and `deliver(event, data)`, which POSTs
 * {event, triggered_at, data} to every enabled webhook subscribed to the event (loopback only).
 */
const crypto = require('crypto');
const http = require('http');
const { EVENTS } = require('./constants');

/** POSTs JSON to a loopback URL; resolves to {status, body}. */
function postJson(url, payload) {
	return new Promise((resolve) => {
		const target = new URL(url);
		const data = JSON.stringify(payload);
		const req = http.request(
			{
				hostname: target.hostname,
				port: target.port,
				path: `${target.pathname}${target.search}`,
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
			},
			(res) => {
				const chunks = [];
				res.on('data', (chunk) => chunks.push(chunk));
				res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
			},
		);
		req.on('error', (error) => resolve({ status: 0, error: error.message }));
		req.end(data);
	});
}

/** Route table entries ({method, pattern, scope, handler}) over `state`. */
function webhookRoutes(state, api) {
	const { unprocessable, notFound, listQuery, page, unknownKeys, stamp } = api;
	return [
		{ method: 'GET', pattern: /^\/webhooks$/, scope: 'administration', handler: ({ query }) => {
			const paging = listQuery(query, []);
			if (paging.error) return paging.error;
			return page(Object.values(state.webhooks), paging);
		} },
		{ method: 'POST', pattern: /^\/webhooks$/, scope: 'administration', handler: ({ body }) => {
			const unknown = unknownKeys(body, new Set(['url', 'subscriptions', 'enabled']));
			if (unknown.length) return unprocessable(`Unknown fields: ${unknown.join(', ')}`);
			const errors = {};
			let url;
			try {
				url = new URL(body.url);
				if (!['http:', 'https:'].includes(url.protocol)) errors.url = ['must be an http(s) URL'];
			} catch {
				errors.url = ['is not a URL'];
			}
			if (!Array.isArray(body.subscriptions) || body.subscriptions.length === 0) errors.subscriptions = ["can't be blank"];
			else {
				const bad = body.subscriptions.filter((event) => !EVENTS.includes(event));
				if (bad.length) errors.subscriptions = [`unknown events: ${bad.join(', ')}`];
			}
			if (body.enabled !== undefined && typeof body.enabled !== 'boolean') errors.enabled = ['must be true or false'];
			if (Object.keys(errors).length) return unprocessable('Validation failed', errors);
			const id = crypto.randomUUID();
			state.webhooks[id] = { id, url: body.url, subscriptions: [...body.subscriptions], enabled: body.enabled ?? true, created_at: stamp() };
			return [201, state.webhooks[id]];
		} },
		{ method: 'GET', pattern: /^\/webhooks\/([^/]+)$/, scope: 'administration', handler: ({ params }) => {
			const hook = state.webhooks[params[0]];
			return hook ? [200, hook] : notFound('Webhook', params[0]);
		} },
		{ method: 'DELETE', pattern: /^\/webhooks\/([^/]+)$/, scope: 'administration', handler: ({ params }) => {
			if (!state.webhooks[params[0]]) return notFound('Webhook', params[0]);
			delete state.webhooks[params[0]];
			return [204, undefined];
		} },
	];
}

/** `deliver(event, data)` over `state`. */
function createDeliver(state) {
	/** Sends an event to every enabled webhook subscribed to it; resolves to the deliveries. */
	async function deliver(event, data = {}) {
		const results = [];
		for (const hook of Object.values(state.webhooks)) {
			if (!hook.enabled || !hook.subscriptions.includes(event)) continue;
			const target = new URL(hook.url);
			if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) {
				results.push({ webhook: hook.id, skipped: 'not a loopback address' });
				continue;
			}
			const payload = { event, triggered_at: new Date().toISOString(), data };
			const result = await postJson(hook.url, payload);
			const entry = { webhook: hook.id, url: hook.url, event, ...result };
			state.deliveries.push(entry);
			results.push(entry);
		}
		return results;
	}

	return deliver;
}

module.exports = { webhookRoutes, createDeliver };
