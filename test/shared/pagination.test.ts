/** Paging strategies behind one interface, stopping at the limit (nodes/shared/http/pagination.ts). */
import type { IDataObject } from 'n8n-workflow';

import type { ApiResponse } from '../../nodes/shared/http/attempt';
import type { PageRequest } from '../../nodes/shared/http/pagination';
import {
	itemsIn,
	linkPaging,
	nextLink,
	offsetPaging,
	pageNumberPaging,
	paginate,
} from '../../nodes/shared/http/pagination';

const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ id: from + index }));

/** A fake list of `total` items served by a page function; records every request. */
function serve(page: (request: PageRequest) => ApiResponse) {
	const requests: PageRequest[] = [];
	const fetch = async (request: PageRequest) => {
		requests.push(request);
		return page(request);
	};
	return { requests, fetch };
}

describe('Link paging', () => {
	const TOTAL = 250;
	const linkServer = () =>
		serve((request) => {
			const url = new URL(request.url ?? `https://api.test${request.path}?per_page=${String(request.qs?.per_page)}&page=1`);
			const size = Number(url.searchParams.get('per_page'));
			const page = Number(url.searchParams.get('page') ?? 1);
			const from = (page - 1) * size;
			const headers: IDataObject = {};
			if (from + size < TOTAL) headers.link = `<https://api.test${request.path}?per_page=${size}&page=${page + 1}>; rel="next", <https://api.test/x?page=9>; rel="last"`;
			return { statusCode: 200, headers, body: range(from, Math.max(0, Math.min(size, TOTAL - from))) };
		});

	test('Return All follows rel="next" with 100 per page: ceil(n/100) requests', async () => {
		const { requests, fetch } = linkServer();
		const items = await paginate(fetch, linkPaging({ pageSize: 100, sizeParam: 'per_page' }), { path: '/items', qs: { state: 'all' } }, Infinity);
		expect(items).toHaveLength(250);
		expect(requests).toHaveLength(3);
		expect(requests[0]).toEqual({ path: '/items', qs: { state: 'all', per_page: 100 } });
		expect(requests[1].url).toBe('https://api.test/items?per_page=100&page=2');
	});

	test('a limit below the page size is one request for exactly that many', async () => {
		const { requests, fetch } = linkServer();
		const items = await paginate(fetch, linkPaging({ pageSize: 100, sizeParam: 'per_page' }), { path: '/items' }, 30);
		expect(items).toHaveLength(30);
		expect(requests).toEqual([{ path: '/items', qs: { per_page: 30 } }]);
	});

	test('stops at the limit without fetching further pages', async () => {
		const { requests, fetch } = linkServer();
		const items = await paginate(fetch, linkPaging({ pageSize: 100, sizeParam: 'per_page' }), { path: '/items' }, 150);
		expect(items.map((item) => item.id)).toEqual(range(0, 150).map((item) => item.id));
		expect(requests).toHaveLength(2);
	});

	test('nextLink and itemsIn', () => {
		expect(nextLink({ Link: '<https://a/x?page=2>; rel="next"' })).toBe('https://a/x?page=2');
		expect(nextLink({ link: '<https://a/x?page=1>; rel="prev"' })).toBeUndefined();
		expect(itemsIn({ total_count: 1, items: [{ id: 1 }] }, 'items')).toEqual([{ id: 1 }]);
		expect(itemsIn({ total_count: 1, workflow_runs: [{ id: 2 }] }, 'auto')).toEqual([{ id: 2 }]);
		expect(itemsIn({ a: [], b: [] }, 'auto')).toEqual([]);
		expect(itemsIn({ items: [] })).toEqual([]);
	});
});

describe('offset paging', () => {
	const offsetServer = (total: number | undefined, size = 200) =>
		serve((request) => {
			const limit = Number(request.qs?.limit);
			const offset = Number(request.qs?.offset);
			const count = Math.max(0, Math.min(limit, size, 450 - offset));
			return { statusCode: 200, headers: {}, body: { results: range(offset, count), pagination: total === undefined ? {} : { total } } };
		});
	const strategy = offsetPaging({ pageSize: 200, itemsKey: 'results', total: (body) => (body.pagination as IDataObject).total });

	test('asks for no more than still wanted, and stops at the total', async () => {
		const { requests, fetch } = offsetServer(450);
		const items = await paginate(fetch, strategy, { path: '/clients', qs: { q: 'a' } }, 250);
		expect(items).toHaveLength(250);
		expect(requests.map((request) => request.qs)).toEqual([
			{ q: 'a', limit: 200, offset: 0 },
			{ q: 'a', limit: 50, offset: 200 },
		]);
	});

	test('Return All reads to the total', async () => {
		const { requests, fetch } = offsetServer(450);
		expect(await paginate(fetch, strategy, { path: '/clients' }, Infinity)).toHaveLength(450);
		expect(requests.map((request) => request.qs?.offset)).toEqual([0, 200, 400]);
	});

	test('without a total, a short page ends the list', async () => {
		const { requests, fetch } = offsetServer(undefined);
		expect(await paginate(fetch, strategy, { path: '/clients' }, Infinity)).toHaveLength(450);
		expect(requests).toHaveLength(3);
	});
});

describe('page-number paging', () => {
	test('in the body, until has_more is false; the page size is fixed', async () => {
		const { requests, fetch } = serve((request) => {
			const page = Number(request.body?.page);
			return { statusCode: 200, headers: {}, body: { results: range((page - 1) * 2, 2), has_more: page < 3 } };
		});
		const strategy = pageNumberPaging({ pageSize: 2, in: 'body', itemsKey: 'results', hasMore: (body) => body.has_more });
		const items = await paginate(fetch, strategy, { path: '/users', body: { user_filters: { type: 'user' } } }, Infinity);
		expect(items).toHaveLength(6);
		expect(requests.map((request) => request.body)).toEqual([
			{ page: 1, page_size: 2, user_filters: { type: 'user' } },
			{ page: 2, page_size: 2, user_filters: { type: 'user' } },
			{ page: 3, page_size: 2, user_filters: { type: 'user' } },
		]);
	});

	test('in the query, until the total is reached; a limit below the page size asks for that many', async () => {
		const { requests, fetch } = serve((request) => {
			const page = Number(request.qs?.page);
			const size = Number(request.qs?.page_size);
			return { statusCode: 200, headers: {}, body: { projects: range((page - 1) * size, Math.min(size, 5 - (page - 1) * size)), count: 5 } };
		});
		const strategy = pageNumberPaging({ pageSize: 100, in: 'qs', itemsKey: 'projects', total: (body) => body.count });
		expect(await paginate(fetch, strategy, { path: '/projects/list' }, 3)).toHaveLength(3);
		expect(requests).toEqual([{ path: '/projects/list', qs: { page: 1, page_size: 3 } }]);
		requests.length = 0;
		expect(await paginate(fetch, strategy, { path: '/projects/list' }, Infinity)).toHaveLength(5);
		expect(requests).toHaveLength(1);
	});
});
