import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId } from '../../../shared';
import { APP_CREDENTIAL_TYPE } from '../../appAuth';
import { codeHosting, credentialTypeOf } from '../../transport';

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

const ownLogins = new WeakMap<object, Promise<string | undefined>>();

/**
 * The login the credential acts as (`GET /user`), asked once per node run; undefined for a token
 * that is no user's: the GitHub App credential is not asked at all (its installation token is no
 * user's, and `GET /user` names no account to find the installation from), another token that
 * answers 401, 403 or 404 has none. Access → Revoke and Sync keep it
 * unless an option allows otherwise: every workflow of the credential runs as this login.
 */
export async function ownLogin(ctx: IExecuteFunctions, itemIndex: number): Promise<string | undefined> {
	if (credentialTypeOf(ctx, itemIndex) === APP_CREDENTIAL_TYPE) return undefined;
	let known = ownLogins.get(ctx);
	if (!known) {
		known = codeHosting(ctx)
			.fullRequest<IDataObject>('GET', '/user', { itemIndex, acceptStatuses: [401, 403, 404] })
			.then((response) => (response.statusCode === 200 && typeof response.body?.login === 'string' ? response.body.login : undefined));
		// a failed lookup is asked again by the next item
		known.catch(() => ownLogins.delete(ctx));
		ownLogins.set(ctx, known);
	}
	return await known;
}

/** The Options entry that lets Access → Revoke and Sync act on the credential's own login. */
export const ownLoginField: INodeProperties = {
	displayName: "Include the Token's Own Login",
	name: 'includeOwnLogin',
	type: 'boolean',
	default: false,
	description:
		"Whether this step may remove the login the credential acts as (the token's user) from the organization or a team. Off: that login is kept and the output says so; every workflow of this credential runs as it.",
};
