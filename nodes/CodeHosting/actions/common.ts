import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readId, requireText } from '../../shared';

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
export const ownerLocator = urlNameLocator('Repository Owner', 'owner', 'searchOwners', 1, {
	url: 'https://github.com/n8n-io',
	name: 'n8n-io',
	error: 'Not a valid owner URL',
});

/** Repository as a resource locator: from the owner's list, by URL, by name. */
export const repositoryLocator = urlNameLocator('Repository Name', 'repository', 'searchRepositories', 2, {
	url: 'https://github.com/n8n-io/n8n',
	name: 'n8n',
	error: 'Not a valid repository URL',
});

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

const enc = encodeURIComponent;


/** `/repos/{owner}/{repo}` for this item, both parts validated and encoded. */
export function repoPath(ctx: IExecuteFunctions, itemIndex: number): string {
	const owner = readId(ctx, 'owner', 'Repository Owner', itemIndex);
	const repo = readId(ctx, 'repository', 'Repository Name', itemIndex);
	return `/repos/${enc(owner)}/${enc(repo)}`;
}

export function ownerAndRepo(ctx: IExecuteFunctions, itemIndex: number): { owner: string; repo: string } {
	return {
		owner: readId(ctx, 'owner', 'Repository Owner', itemIndex),
		repo: readId(ctx, 'repository', 'Repository Name', itemIndex),
	};
}

/**
 * A file path inside a repository, encoded segment by segment (spaces, unicode and `#`
 * included). Leading/trailing slashes are dropped; `.` and `..` segments are refused.
 */
export function filePath(ctx: IExecuteFunctions, value: unknown, itemIndex: number, allowEmpty = false): string {
	const text = typeof value === 'string' ? value.trim().replace(/^\/+|\/+$/g, '') : '';
	if (text === '') {
		if (allowEmpty) return '';
		requireText(ctx, '', 'File Path', itemIndex);
	}
	const segments = text.split('/');
	if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
		throw new NodeOperationError(ctx.getNode(), `File Path "${text}" is not a valid path`, {
			itemIndex,
			description: 'Use a path inside the repository such as docs/readme.md, without "." or ".." parts.',
		});
	}
	return segments.map(enc).join('/');
}

/** A positive whole number (issue, pull request, run number). */
export function readNumber(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): number {
	const value = Number(ctx.getNodeParameter(name, itemIndex));
	if (!Number.isInteger(value) || value < 1) {
		throw new NodeOperationError(ctx.getNode(), `${label} must be a whole number of at least 1`, {
			itemIndex,
			description: `Got "${String(ctx.getNodeParameter(name, itemIndex))}".`,
		});
	}
	return value;
}

/** Copies the set, non-empty fields of an n8n collection into a request body. */
export function compact(fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const [key, value] of Object.entries(fields)) {
		if (value === undefined || value === null || value === '') continue;
		body[key] = value;
	}
	return body;
}

/** Comma-separated text (or an array from an expression) as a list of trimmed strings. */
export function list(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((entry) => String(entry).trim()).filter(Boolean);
	if (typeof value === 'string') return value.split(',').map((entry) => entry.trim()).filter(Boolean);
	return [];
}

/** "Direction" of a sorted list filter. */
export const directionFilter: INodeProperties = {
	displayName: 'Direction',
	name: 'direction',
	type: 'options',
	options: [
		{ name: 'Ascending', value: 'asc' },
		{ name: 'Descending', value: 'desc' },
	],
	default: 'desc',
};

/** "State" of an issue or pull request list filter. */
export const stateFilter: INodeProperties = {
	displayName: 'State',
	name: 'state',
	type: 'options',
	options: [
		{ name: 'All', value: 'all' },
		{ name: 'Closed', value: 'closed' },
		{ name: 'Open', value: 'open' },
	],
	default: 'open',
};

/** "State" of an issue or pull request being updated. */
export const openClosedState: INodeProperties = {
	displayName: 'State',
	name: 'state',
	type: 'options',
	options: [
		{ name: 'Closed', value: 'closed' },
		{ name: 'Open', value: 'open' },
	],
	default: 'open',
};

/** An update body must change something: checked before any request. */
export function requireChanges(ctx: IExecuteFunctions, body: IDataObject, itemIndex: number): IDataObject {
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Add at least one field to update', { itemIndex });
	}
	return body;
}
