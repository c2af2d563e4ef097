import type { INodeProperties } from 'n8n-workflow';

/** A list / by URL / by name resource locator whose URL mode takes `urlParts` path segments. */
function urlNameLocator(
	displayName: string,
	name: string,
	searchListMethod: string,
	urlParts: 1 | 2,
	examples: { url: string; name: string; error: string },
): INodeProperties {
	const prefix = urlParts === 1 ? '' : '[^/?#]+/';
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: examples.url,
				extractValue: { type: 'regex', regex: `^https?://[^/]+/${prefix}([^/?#]+)` },
				validation: [
					{
						type: 'regex',
						properties: { regex: `^https?://[^/]+/${prefix}[^/?#]+`, errorMessage: examples.error },
					},
				],
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: examples.name,
			},
		],
	};
}

/** Owner as a resource locator: from the list (user + organizations), by URL, by name. */
export const ownerLocator: INodeProperties = {
	...urlNameLocator('Repository Owner', 'owner', 'searchOwners', 1, {
		url: 'https://github.com/n8n-io',
		name: 'n8n-io',
		error: 'Not a valid owner URL',
	}),
	description: 'The user or organization that owns the repository, such as n8n-io',
};

/** Repository as a resource locator: from the owner's list, by URL, by name. */
export const repositoryLocator: INodeProperties = {
	...urlNameLocator('Repository Name', 'repository', 'searchRepositories', 2, {
		url: 'https://github.com/n8n-io/n8n',
		name: 'n8n',
		error: 'Not a valid repository URL',
	}),
	description: 'The name of the repository without its owner, such as n8n',
};

/** Owner and repository, the first fields of every repository-scoped operation. */
export const repositoryFields: INodeProperties[] = [ownerLocator, repositoryLocator];

/** A branch picker (list of the repository's branches) or a typed name. */
export function branchLocator(displayName: string, name: string, required: boolean, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchBranches', searchable: true },
			},
			{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'main' },
		],
	};
}
