import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readId, requireText } from '../../shared';

/** Owner as a resource locator: from the list (user + organizations), by URL, by name. */
export const ownerLocator: INodeProperties = {
	displayName: 'Repository Owner',
	name: 'owner',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchOwners', searchable: true },
		},
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'https://github.com/n8n-io',
			extractValue: { type: 'regex', regex: '^https?://[^/]+/([^/?#]+)' },
			validation: [
				{
					type: 'regex',
					properties: { regex: '^https?://[^/]+/[^/?#]+', errorMessage: 'Not a valid owner URL' },
				},
			],
		},
		{
			displayName: 'By Name',
			name: 'name',
			type: 'string',
			placeholder: 'n8n-io',
		},
	],
};

/** Repository as a resource locator: from the owner's list, by URL, by name. */
export const repositoryLocator: INodeProperties = {
	displayName: 'Repository Name',
	name: 'repository',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchRepositories', searchable: true },
		},
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'https://github.com/n8n-io/n8n',
			extractValue: { type: 'regex', regex: '^https?://[^/]+/[^/?#]+/([^/?#]+)' },
			validation: [
				{
					type: 'regex',
					properties: { regex: '^https?://[^/]+/[^/?#]+/[^/?#]+', errorMessage: 'Not a valid repository URL' },
				},
			],
		},
		{
			displayName: 'By Name',
			name: 'name',
			type: 'string',
			placeholder: 'n8n',
		},
	],
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
