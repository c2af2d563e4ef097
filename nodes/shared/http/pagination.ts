import type { IDataObject } from 'n8n-workflow';

import type { ApiResponse } from './attempt';
import { append } from '../append';

/** The request for one page: a path on the platform (or a full URL a page named), query and body. */
export interface PageRequest {
	path: string;
	url?: string;
	qs?: IDataObject;
	body?: IDataObject;
}

/** A platform's paging style: how to ask for the first page, and what a page answered. */
export interface Pagination {
	/** The first page's request, given how many items are wanted (Infinity for all). */
	first(request: PageRequest, limit: number): PageRequest;
	/**
	 * A page's items and the request for the next page (undefined at the end). `seen` counts
	 * the items of the earlier pages, `stillWanted` the items still missing before this page.
	 */
	read(
		response: ApiResponse,
		request: PageRequest,
		state: { seen: number; stillWanted: number },
	): { items: IDataObject[]; next?: PageRequest };
}

/**
 * Follows a paged list and stops as soon as `limit` items are in hand (or the pages run out).
 * `fetchPage` gets the zero-based page index and how many items are still wanted, and returns
 * that page's items and whether another page exists.
 */
export async function collectPages<T>(
	fetchPage: (pageIndex: number, stillWanted: number) => Promise<{ items: T[]; hasMore: boolean }>,
	limit: number = Infinity,
): Promise<T[]> {
	const collected: T[] = [];
	for (let pageIndex = 0; collected.length < limit; pageIndex++) {
		const { items, hasMore } = await fetchPage(pageIndex, limit - collected.length);
		append(collected, items.length > limit - collected.length ? items.slice(0, limit - collected.length) : items);
		if (!hasMore || items.length === 0) break;
	}
	return collected;
}

/** Every page of `start` through `pagination`, until `limit` items are in hand. */
export async function paginate(
	fetch: (request: PageRequest) => Promise<ApiResponse>,
	pagination: Pagination,
	start: PageRequest,
	limit: number,
): Promise<IDataObject[]> {
	let request: PageRequest | undefined = pagination.first(start, limit);
	let seen = 0;
	return await collectPages(async (_pageIndex, stillWanted) => {
		const current = request as PageRequest;
		const { items, next } = pagination.read(await fetch(current), current, { seen, stillWanted });
		seen += items.length;
		request = next;
		return { items, hasMore: next !== undefined };
	}, limit);
}

/** The page size for `wanted` items: `max`, or fewer when fewer are wanted. */
export function pageSizeFor(max: number, wanted: number): number {
	return Math.min(max, Number.isFinite(wanted) ? Math.max(1, wanted) : max);
}

/** The `rel="next"` URL of a `Link` header, if any. */
export function nextLink(headers: IDataObject): string | undefined {
	const raw = headers.link ?? headers.Link;
	if (typeof raw !== 'string') return undefined;
	for (const part of raw.split(',')) {
		const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
		if (match && match[2].split(/\s+/).includes('next')) return match[1];
	}
	return undefined;
}

/**
 * The array in a list response: the body itself, `key`, or with 'auto' the one array property
 * of the object (`items`, `workflow_runs`, `repositories`, ...).
 */
export function itemsIn(body: unknown, key?: string): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (!body || typeof body !== 'object' || !key) return [];
	const object = body as IDataObject;
	if (key !== 'auto') return Array.isArray(object[key]) ? (object[key] as IDataObject[]) : [];
	const arrays = Object.values(object).filter((value) => Array.isArray(value));
	return arrays.length === 1 ? (arrays[0] as IDataObject[]) : [];
}

/**
 * `Link: rel="next"` paging (GitHub): the first page asks for `pageSize` (or the limit, when
 * smaller) through `sizeParam`; each next page is the URL the platform named.
 */
export function linkPaging(options: { pageSize: number; sizeParam: string; itemsKey?: string }): Pagination {
	return {
		first: (request, limit) => ({
			...request,
			qs: { ...(request.qs ?? {}), [options.sizeParam]: pageSizeFor(options.pageSize, limit) },
		}),
		read: (response, request) => {
			const url = nextLink(response.headers);
			return {
				items: itemsIn(response.body, options.itemsKey),
				next: url === undefined ? undefined : { path: request.path, url },
			};
		},
	};
}

/**
 * `limit` / `offset` paging: every page asks for no more than still wanted (so a limit below
 * the page size is one request); the list ends at its total, or at a short page.
 */
export function offsetPaging(options: {
	pageSize: number;
	itemsKey: string;
	total: (body: IDataObject) => unknown;
	limitParam?: string;
	offsetParam?: string;
}): Pagination {
	const limitParam = options.limitParam ?? 'limit';
	const offsetParam = options.offsetParam ?? 'offset';
	const ask = (request: PageRequest, offset: number, wanted: number): PageRequest => ({
		...request,
		qs: { ...(request.qs ?? {}), [limitParam]: Math.min(options.pageSize, Number.isFinite(wanted) ? wanted : options.pageSize), [offsetParam]: offset },
	});
	return {
		first: (request, limit) => ask(request, 0, limit),
		read: (response, request, { seen, stillWanted }) => {
			const body = (response.body ?? {}) as IDataObject;
			const items = itemsIn(body, options.itemsKey);
			const offset = seen + items.length;
			const total = options.total(body);
			const asked = Number(request.qs?.[limitParam]);
			const more = typeof total === 'number' ? offset < total : items.length === asked;
			return { items, next: more ? ask(request, offset, stillWanted - items.length) : undefined };
		},
	};
}

/**
 * Page-number paging (`page` from 1 and a page size, in the query or the body): the size is
 * fixed for the whole list; the list ends at `hasMore: false`, at its total, or at a short page.
 */
export function pageNumberPaging(options: {
	pageSize: number;
	in: 'qs' | 'body';
	itemsKey: string;
	hasMore?: (body: IDataObject) => unknown;
	total?: (body: IDataObject) => unknown;
	pageParam?: string;
	sizeParam?: string;
}): Pagination {
	const pageParam = options.pageParam ?? 'page';
	const sizeParam = options.sizeParam ?? 'page_size';
	const ask = (request: PageRequest, page: number, size: number): PageRequest => ({
		...request,
		[options.in]: { [pageParam]: page, [sizeParam]: size, ...(request[options.in] ?? {}), ...{ [pageParam]: page } },
	});
	return {
		first: (request, limit) => ask(request, 1, pageSizeFor(options.pageSize, limit)),
		read: (response, request, { seen }) => {
			const body = (response.body ?? {}) as IDataObject;
			const items = itemsIn(body, options.itemsKey);
			const where = (request[options.in] ?? {}) as IDataObject;
			const size = Number(where[sizeParam]);
			const hasMore = options.hasMore?.(body);
			const total = options.total?.(body);
			const more =
				typeof hasMore === 'boolean'
					? hasMore
					: typeof total === 'number'
						? seen + items.length < total
						: items.length === size;
			return { items, next: more && items.length === size ? ask(request, Number(where[pageParam]) + 1, size) : undefined };
		},
	};
}
