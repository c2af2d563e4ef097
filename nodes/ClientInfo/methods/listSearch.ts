import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { clientInfo } from '../transport';

/** Entries per page of a searchable list. */
const SEARCH_PAGE_SIZE = 50;

interface ListPage {
	results?: IDataObject[];
	pagination?: { total?: number };
}

async function searchPage(
	ctx: ILoadOptionsFunctions,
	path: string,
	filter: string | undefined,
	paginationToken: string | undefined,
	label: (entry: IDataObject) => string,
): Promise<INodeListSearchResult> {
	const offset = paginationToken ? Number(paginationToken) || 0 : 0;
	const qs: IDataObject = { limit: SEARCH_PAGE_SIZE, offset };
	if (filter) qs.q = filter;
	const page = await clientInfo(ctx).request<ListPage>('GET', path, { qs });
	const entries = Array.isArray(page.results) ? page.results : [];
	const next = offset + entries.length;
	const total = page.pagination?.total;
	const more = typeof total === 'number' ? next < total : entries.length === SEARCH_PAGE_SIZE;
	return {
		results: entries.map((entry) => ({ name: label(entry), value: String(entry.id) })),
		paginationToken: more ? String(next) : undefined,
	};
}

/** The account's clients, searched on the platform by name or email. */
export async function searchClients(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(this, '/clients', filter, paginationToken, (entry) => {
		const name = String(entry.full_name ?? entry.name ?? '');
		const email = typeof entry.email === 'string' ? entry.email : '';
		return name && email ? `${name} <${email}>` : name || email || String(entry.id);
	});
}

/** The account's requests, searched on the platform by name. */
export async function searchRequests(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(this, '/requests', filter, paginationToken, (entry) => {
		const name = String(entry.name ?? entry.id);
		return typeof entry.status === 'string' ? `${name} (${entry.status})` : name;
	});
}
