import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { PROJECT_ID_PATTERN } from '../../../credentials/GovernanceApi.credentials';
import { pageNumberPaging } from '../../shared';
import { credentialProjectId } from '../core/project';
import type { ProjectClient } from '../transport';
import { governance, inProject, PAGE_SIZE } from '../transport';

function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return values.some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

/** The project chosen in the node's Project parameter (the credential's when none is chosen yet). */
async function chosenProject(ctx: ILoadOptionsFunctions): Promise<ProjectClient> {
	const raw = ctx.getCurrentNodeParameter('project') as IDataObject | string | undefined;
	const credentialProject = await credentialProjectId(ctx, 0);
	const mode = typeof raw === 'object' && raw !== null ? raw.mode : undefined;
	const value = typeof raw === 'object' && raw !== null ? raw.value : undefined;
	// Not chosen yet, the credential's, or not an ID (an expression the editor cannot resolve).
	if (mode === undefined || mode === 'credential' || typeof value !== 'string' || !PROJECT_ID_PATTERN.test(value.trim())) {
		return inProject(ctx, { id: credentialProject, viaCredential: true });
	}
	const id = value.trim();
	return inProject(ctx, { id, viaCredential: id === credentialProject });
}

/** Users of the chosen project, one page at a time, filtered by email on the platform. */
export async function searchUsers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const body: IDataObject = { page, page_size: PAGE_SIZE };
	if (filter) body.user_filters = { email_search: filter };
	const client = await chosenProject(this);
	const response = await client.request<{ results?: IDataObject[]; has_more?: boolean }>('POST', '/auth/users/list', { body });
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

/** Pending invites of the chosen project (one response), filtered by email or code. */
export async function searchInvites(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const client = await chosenProject(this);
	const response = await client.request<{ results?: IDataObject[] }>('POST', '/auth/invite/list', { body: {} });
	const results = (response.results ?? [])
		.filter((entry) => matches(filter, entry.email, entry._id))
		.map((entry) => ({
			name: typeof entry.email === 'string' ? `${entry.email} (${String(entry._id)})` : String(entry._id),
			value: String(entry._id),
		}));
	return { results };
}

/** Projects the key reaches, one page at a time, filtered by name or ID. */
export async function searchProjects(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const response = await governance(this).request<{ projects?: IDataObject[]; count?: number }>('GET', '/projects/list', {
		qs: { page, page_size: PAGE_SIZE },
	});
	const projects = response.projects ?? [];
	const results = projects
		.filter((entry) => matches(filter, entry.name, entry.project_id, entry.organization_name))
		.map((entry) => {
			const id = String(entry.project_id ?? entry._id);
			const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : id;
			const organization = typeof entry.organization_name === 'string' && entry.organization_name !== '' ? ` (${entry.organization_name})` : '';
			return { name: `${name}${organization}`, value: id };
		});
	const more = typeof response.count === 'number' ? page * PAGE_SIZE < response.count : projects.length === PAGE_SIZE;
	return { results, paginationToken: more ? String(page + 1) : undefined };
}

/** Organizations of the projects the key reaches (from projects/list, every page), by name or ID. */
export async function searchOrganizations(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const entries = await governance(this).requestAll('GET', '/projects/list', Infinity, {
		pagination: pageNumberPaging({ pageSize: PAGE_SIZE, in: 'qs', itemsKey: 'projects', total: (body) => body.count }),
	});
	const organizations = new Map<string, string>();
	for (const entry of entries) {
		if (typeof entry.organization_id !== 'string' || organizations.has(entry.organization_id)) continue;
		organizations.set(entry.organization_id, typeof entry.organization_name === 'string' ? entry.organization_name : '');
	}
	const results = [...organizations]
		.filter(([id, name]) => matches(filter, id, name))
		.map(([id, name]) => ({ name: name ? `${name} (${id})` : id, value: id }));
	return { results };
}

/** Every project the key reaches, for a multi-select (name and ID). */
export async function getProjects(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const entries = await governance(this).requestAll('GET', '/projects/list', Infinity, {
		pagination: pageNumberPaging({ pageSize: PAGE_SIZE, in: 'qs', itemsKey: 'projects', total: (body) => body.count }),
	});
	return entries.map((entry) => {
		const id = String(entry.project_id ?? entry._id);
		const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : id;
		return { name, value: id, description: id };
	});
}
