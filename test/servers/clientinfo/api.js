'use strict';
/**
 * What the API handlers of the client-information stand-in share: error replies, list paging
 * ({results, pagination: {offset, limit, total}}; `limit` 1..200, default 200), sorting, field
 * and date checks, and creation stamps that keep their order.
 */
function realDate(text) {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text));
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The helpers, one set per server (the creation stamps count per server). */
function createApi() {
	const unprocessable = (message, errors) => [422, { error: message, ...(errors ? { errors } : {}) }];
	const notFound = (what, id) => [404, { error: 'not_found', message: `${what} ${id} not found` }];

	function listQuery(query, allowed) {
		for (const key of query.keys()) {
			if (!['limit', 'offset', 'sort_by', 'sort_direction', 'q', ...allowed].includes(key)) {
				return { error: unprocessable(`Unknown query parameter ${key}`) };
			}
		}
		const limit = query.has('limit') ? query.get('limit') : '200';
		const offset = query.has('offset') ? query.get('offset') : '0';
		if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 200) return { error: unprocessable('limit must be a whole number from 1 to 200') };
		if (!/^\d+$/.test(offset)) return { error: unprocessable('offset must be a whole number of at least 0') };
		const direction = query.get('sort_direction');
		if (direction && !['asc', 'desc'].includes(direction)) return { error: unprocessable('sort_direction must be asc or desc') };
		return { limit: Number(limit), offset: Number(offset) };
	}

	function page(all, paging) {
		return [200, { results: all.slice(paging.offset, paging.offset + paging.limit), pagination: { offset: paging.offset, limit: paging.limit, total: all.length } }];
	}

	function sorted(list, query) {
		const key = query.get('sort_by') ?? 'created_at';
		const sign = query.get('sort_direction') === 'desc' ? -1 : 1;
		return [...list].sort((a, b) => (String(a[key] ?? '') < String(b[key] ?? '') ? -sign : String(a[key] ?? '') > String(b[key] ?? '') ? sign : 0));
	}

	function unknownKeys(body, allowed) {
		return Object.keys(body).filter((key) => !allowed.has(key));
	}

	let sequence = 0;
	const stamp = () => new Date(Date.now() + ++sequence).toISOString();

	return { unprocessable, notFound, listQuery, page, sorted, unknownKeys, stamp };
}

module.exports = { createApi, realDate };
