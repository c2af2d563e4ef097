import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { governance, PAGE_SIZE } from '../transport';

function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return values.some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

/** Users of the project, one page at a time, filtered by email on the platform. */
export async function searchUsers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const body: IDataObject = { page, page_size: PAGE_SIZE };
	if (filter) body.user_filters = { email_search: filter };
	const response = await governance(this).request<{ results?: IDataObject[]; has_more?: boolean }>(
		'POST',
		'/auth/users/list',
		{ body },
	);
	const results: INodeListSearchItems[] = (response.results ?? []).map((entry) => {
		const name = [entry.first_name, entry.last_name].filter(Boolean).join(' ');
		const email = typeof entry.email === 'string' ? entry.email : '';
		return {
			name: name && email ? `${name} <${email}>` : email || name || String(entry._id),
			value: String(entry._id),
		};
	});
	return { results, paginationToken: response.has_more ? String(page + 1) : undefined };
}

/** Pending invites of the project (one response), filtered by email or code. */
export async function searchInvites(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await governance(this).request<{ results?: IDataObject[] }>(
		'POST',
		'/auth/invite/list',
		{ body: {} },
	);
	const results = (response.results ?? [])
		.filter((entry) => matches(filter, entry.email, entry._id))
		.map((entry) => ({
			name: typeof entry.email === 'string' ? `${entry.email} (${String(entry._id)})` : String(entry._id),
			value: String(entry._id),
		}));
	return { results };
}
