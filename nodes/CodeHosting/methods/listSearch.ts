import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { nextLink } from '../../shared';
import { repositoryPath } from '../actions/common/repository';
import { APP_CREDENTIAL_TYPE } from '../appAuth';
import { codeHosting, PAGE_SIZE } from '../transport';

function matches(filter: string | undefined, value: unknown): boolean {
	return !filter || (typeof value === 'string' && value.toLowerCase().includes(filter.toLowerCase()));
}

async function page(
	ctx: ILoadOptionsFunctions,
	endpoint: string,
	paginationToken: string | undefined,
	qs: IDataObject = {},
): Promise<{ items: IDataObject[]; next?: string }> {
	const response = await codeHosting(ctx).fullRequest<IDataObject[] | IDataObject>(
		'GET',
		endpoint,
		paginationToken ? { url: paginationToken } : { qs: { per_page: PAGE_SIZE, ...qs } },
	);
	const body = response.body;
	const items = Array.isArray(body)
		? body
		: Array.isArray(body.workflows)
			? (body.workflows as IDataObject[])
			: Array.isArray(body.items)
				? (body.items as IDataObject[])
				: [];
	return { items, next: nextLink(response.headers) };
}

function currentValue(ctx: ILoadOptionsFunctions, name: string): string {
	const value = ctx.getNodeParameter(name, undefined, { extractValue: true }) as unknown;
	return typeof value === 'string' ? value.trim() : '';
}

/** The connected account and its organizations; as a GitHub App, the accounts it is installed on. */
export async function searchOwners(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	if ((await codeHosting(this).connection()).credentialType === APP_CREDENTIAL_TYPE) {
		// an installation token has no "/user": the app's installations (its JWT) name the accounts
		const installations = await page(this, '/app/installations', undefined);
		const accounts = installations.items.map((installation) => (installation.account ?? {}) as IDataObject);
		return {
			results: accounts
				.filter((account) => typeof account.login === 'string' && matches(filter, account.login))
				.map((account) => ({ name: String(account.login), value: String(account.login), url: String(account.html_url ?? '') })),
		};
	}
	const user = (await codeHosting(this).fullRequest<IDataObject>('GET', '/user')).body;
	const orgs = await page(this, '/user/orgs', undefined);
	const logins = [String(user.login ?? ''), ...orgs.items.map((org) => String(org.login ?? ''))].filter(Boolean);
	return {
		results: logins.filter((login) => matches(filter, login)).map((login) => ({ name: login, value: login, url: `${String(user.html_url ?? '').replace(/\/[^/]*$/, '')}/${login}` })),
	};
}

/** Repositories of the chosen owner (user or organization), or found by search. */
export async function searchRepositories(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const owner = currentValue(this, 'owner');
	let result: { items: IDataObject[]; next?: string };
	if (filter && owner) {
		result = await page(this, '/search/repositories', paginationToken, { q: `${filter} in:name user:${owner}` });
	} else if (owner) {
		result = await page(this, `/users/${encodeURIComponent(owner)}/repos`, paginationToken);
	} else {
		result = await page(this, '/user/repos', paginationToken);
	}
	return {
		results: result.items
			.filter((repo) => matches(filter, repo.name))
			.map((repo) => ({ name: String(repo.name), value: String(repo.name), url: String(repo.html_url ?? '') })),
		paginationToken: result.next,
	};
}

function repoEndpoint(ctx: ILoadOptionsFunctions): string | undefined {
	const owner = currentValue(ctx, 'owner');
	const repo = currentValue(ctx, 'repository');
	return owner && repo ? repositoryPath(owner, repo) : undefined;
}

export async function searchBranches(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const base = repoEndpoint(this);
	if (!base) return { results: [] };
	const result = await page(this, `${base}/branches`, paginationToken);
	return {
		results: result.items.filter((branch) => matches(filter, branch.name)).map((branch) => ({ name: String(branch.name), value: String(branch.name) })),
		paginationToken: result.next,
	};
}

export async function searchWorkflows(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const base = repoEndpoint(this);
	if (!base) return { results: [] };
	const result = await page(this, `${base}/actions/workflows`, paginationToken);
	return {
		results: result.items
			.filter((workflow) => matches(filter, workflow.name) || matches(filter, workflow.path))
			.map((workflow) => ({ name: `${String(workflow.name)} (${String(workflow.path ?? '')})`, value: String(workflow.id), url: String(workflow.html_url ?? '') })),
		paginationToken: result.next,
	};
}

/** Teams of the chosen organization. */
export async function searchTeams(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const org = currentValue(this, 'owner');
	if (!org) return { results: [] };
	const result = await page(this, `/orgs/${encodeURIComponent(org)}/teams`, paginationToken);
	return {
		results: result.items
			.filter((team) => matches(filter, team.name) || matches(filter, team.slug))
			.map((team) => ({ name: String(team.name), value: String(team.slug), url: String(team.html_url ?? '') })),
		paginationToken: result.next,
	};
}
