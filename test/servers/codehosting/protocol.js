'use strict';
/**
 * Request helpers of the code-hosting test server: error bodies, rate limit headers and windows,
 * token authentication, Accept negotiation, path decoding, Link-header paging and the optional
 * check of responses against the API description (`validateResponses`).
 */
const openapi = require('./openapi');
const { DOCS } = require('./constants');

/** Over store `s`; response problems go to `responseProblems`. */
function createProtocol(s, responseProblems) {
	const { state, nowSeconds, account } = s;

	function sendRaw(res, status, headers, body) {
		res.writeHead(status, headers);
		res.end(body);
	}

	function errorBody(status, message, docs, extra = {}) {
		return { message, documentation_url: docs ?? DOCS, status: String(status), ...extra };
	}

	function rateHeaders(resourceName) {
		const r = state.rate[resourceName];
		return {
			'x-ratelimit-limit': String(r.limit),
			'x-ratelimit-remaining': String(Math.max(0, r.remaining)),
			'x-ratelimit-reset': String(r.reset),
			'x-ratelimit-used': String(r.used),
			'x-ratelimit-resource': resourceName,
		};
	}

	function refreshRate(resourceName) {
		const r = state.rate[resourceName];
		if (nowSeconds() >= r.reset) {
			r.remaining = r.limit;
			r.used = 0;
			r.reset = nowSeconds() + r.window;
		}
		return r;
	}

	function authenticate(req) {
		const header = req.headers.authorization;
		if (typeof header !== 'string') return undefined;
		let token;
		const bearer = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(header);
		if (bearer) token = bearer[1];
		const basic = /^basic\s+(\S+)\s*$/i.exec(header);
		if (basic) token = Buffer.from(basic[1], 'base64').toString('utf8').split(':').slice(1).join(':');
		const entry = token !== undefined ? state.tokens[token] : undefined;
		if (!entry) return undefined;
		const who = { token, login: entry.login, account: account(entry.login), scopes: entry.scopes };
		// a GitHub App's installation token (apps.js): its installation and expiry
		if (entry.installation !== undefined) Object.assign(who, { installation: entry.installation, expiresAt: entry.expiresAt });
		// a fine-grained personal access token (store.js addFineGrainedToken): its permissions
		if (entry.fineGrained !== undefined) who.fineGrained = entry.fineGrained;
		return who;
	}

	function acceptable(accept) {
		if (typeof accept !== 'string' || accept.trim() === '') return false;
		return accept.split(',').some((part) => {
			const type = part.split(';')[0].trim().toLowerCase();
			return type === '*/*' || type === 'application/*' || type === 'application/json' || type.startsWith('application/vnd.github');
		});
	}

	function decodePath(rawPath) {
		return rawPath
			.split('/')
			.map((segment) => {
				try {
					return decodeURIComponent(segment);
				} catch {
					return segment;
				}
			})
			.join('/');
	}

	function paginate(ctx, items, opts = {}) {
		let perPage = Number(ctx.query.per_page ?? opts.perPage ?? 30);
		if (!Number.isFinite(perPage) || perPage < 1) perPage = opts.perPage ?? 30;
		perPage = Math.min(perPage, 100);
		let page = Number(ctx.query.page ?? 1);
		if (!Number.isFinite(page) || page < 1) page = 1;
		const total = opts.max !== undefined ? Math.min(items.length, opts.max) : items.length;
		const last = Math.max(1, Math.ceil(total / perPage));
		const link = (n) => {
			const params = new URLSearchParams(ctx.search);
			params.set('page', String(n));
			if (ctx.search.has('per_page')) params.set('per_page', ctx.search.get('per_page'));
			return `<${ctx.origin}${ctx.rawPathFull}?${params.toString()}>`;
		};
		const parts = [];
		if (page > 1) parts.push(`${link(Math.min(page - 1, last))}; rel="prev"`);
		if (page < last) parts.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`);
		if (page > 1) parts.push(`${link(1)}; rel="first"`);
		if (parts.length) ctx.responseHeaders.Link = parts.join(', ');
		const start = (page - 1) * perPage;
		return items.slice(start, Math.min(start + perPage, total));
	}

	function docsOf(op) {
		return op?.raw?.externalDocs?.url ?? DOCS;
	}
	function checkResponse(template, method, status, body) {
		const validate = openapi.responseValidator(template, method.toLowerCase(), status);
		if (!validate) return;
		if (template.endsWith('/events') && Array.isArray(body)) {
			// The description's payload oneOf cannot pass (PublicEvent's payload schema is any
			// object), so each payload is checked against the schema of its own type instead.
			const problems = [];
			body.forEach((entry, index) => {
				if (!validate([{ ...entry, payload: {} }])) problems.push(...validate.errors.map((e) => `/${index}${e.instancePath.replace(/^\/0/, '')} ${e.message}`));
				const name = entry.type.replace(/Event$/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase() + '-event';
				const byType = openapi.schemaValidator(name);
				if (byType && !byType(entry.payload)) problems.push(...byType.errors.map((e) => `/${index}/payload${e.instancePath} ${e.message}`));
			});
			if (problems.length) responseProblems.push({ template, method, status, errors: problems.slice(0, 10) });
			return;
		}
		if (!validate(body)) {
			responseProblems.push({
				template,
				method,
				status,
				errors: validate.errors.slice(0, 10).map((e) => `${e.instancePath} ${e.message}`),
			});
		}
	}

	return {
		sendRaw,
		errorBody,
		rateHeaders,
		refreshRate,
		authenticate,
		acceptable,
		decodePath,
		paginate,
		docsOf,
		checkResponse,
	};
}

module.exports = { createProtocol };
