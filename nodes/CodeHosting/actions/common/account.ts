import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId } from '../../../shared';

import { directionFilter } from './values';
import { ownerLocator } from './locators';

/** An organization as a resource locator (from the list of your account and organizations, by URL, by name). */
export const organizationLocator: INodeProperties = {
	...ownerLocator,
	displayName: 'Organization',
	description: 'The organization\'s login, such as n8n-io',
};

/** A user as a resource locator (from the list, by URL, by name). */
export const userLocator: INodeProperties = {
	...ownerLocator,
	displayName: 'User',
	description: 'The user\'s login, such as octocat',
};

/** The login in locator `name` of this item, checked as one path segment and encoded. */
export function readLogin(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): string {
	return encodeURIComponent(readId(ctx, name, label, itemIndex));
}

/** Sort and direction filters of repository lists. */
export const repositorySortFilters: INodeProperties[] = [
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		options: [
			{ name: 'Created', value: 'created' },
			{ name: 'Full Name', value: 'full_name' },
			{ name: 'Pushed', value: 'pushed' },
			{ name: 'Updated', value: 'updated' },
		],
		default: 'full_name',
		description: 'Property to sort by: created, updated, pushed or full_name',
	},
	{ ...directionFilter, default: 'asc', description: 'Sort direction: asc or desc' },
];
