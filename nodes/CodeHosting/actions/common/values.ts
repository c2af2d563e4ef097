import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { withShownDefaults } from '../../../shared';

/** A positive whole number (issue, pull request, run number). */
export function readNumber(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): number {
	const raw = ctx.getNodeParameter(name, itemIndex, '');
	if (raw === '' || raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
		throw new NodeOperationError(ctx.getNode(), `${label} is required`, {
			itemIndex,
			description: `Enter the ${label.toLowerCase()}, a whole number of at least 1.`,
		});
	}
	const value = Number(raw);
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

/**
 * The query of an issue list (a repository's or the connected account's): the set filters, with
 * "Since" as an ISO 8601 time and "Labels" as a comma-separated list without spaces.
 */
export function issueListQuery(filters: IDataObject): IDataObject {
	const qs = compact(filters);
	if (qs.since) qs.since = new Date(String(qs.since)).toISOString();
	if (qs.labels !== undefined) qs.labels = list(qs.labels).join(',');
	return qs;
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
	description: 'The order of the results by the chosen Sort',
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
	description: 'Which ones by state: open, closed or all',
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
	description: 'Open or close it',
};

/** An update body must change something: checked before any request. */
export function requireChanges(ctx: IExecuteFunctions, body: IDataObject, itemIndex: number): IDataObject {
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Add at least one field to update', { itemIndex });
	}
	return body;
}

/** A Filters collection of a list operation (parameter `filters`). */
export function filtersCollection(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Filters', name: 'filters', type: 'collection', placeholder: 'Add Filter', default: {}, options };
}

/** The item's Filters (parameter `filters`) of a list operation, with each filter not added at its shown default. */
export function readFilters(ctx: IExecuteFunctions, field: INodeProperties, itemIndex: number): IDataObject {
	return withShownDefaults(field, ctx.getNodeParameter('filters', itemIndex, {}));
}

/** The Since filter of an issue list: issues updated at or after a time. */
export const issueSinceFilter: INodeProperties = { displayName: 'Since', name: 'since', type: 'dateTime', default: '', description: 'Only issues updated at or after this time' };

/** The Sort filter of an issue list: created (the default), updated or comments. */
export const issueSortFilter: INodeProperties = {
	displayName: 'Sort',
	name: 'sort',
	type: 'options',
	options: [
		{ name: 'Comments', value: 'comments' },
		{ name: 'Created', value: 'created' },
		{ name: 'Updated', value: 'updated' },
	],
	default: 'created',
	description: 'Property to sort by: created, updated or comments',
};
