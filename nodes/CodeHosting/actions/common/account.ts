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
 * answers 401, 403 or 404 has none. Access → Revoke and Sync and the single-call removals keep it
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

/** The Options entry that lets an operation remove or demote the credential's own login (Access → Revoke and Sync, the single-call removals). */
export const ownLoginField: INodeProperties = {
	displayName: "Include the Token's Own Login",
	name: 'includeOwnLogin',
	type: 'boolean',
	default: false,
	description:
		"Whether this step may remove the login the credential acts as (the token's user) from the organization or a team. Off: that login is kept and the output says so; every workflow of this credential runs as it.",
};

/** `ownLoginField` for a single-call operation: what it may `act` on the login and `how`, such as ('remove', 'from the team'). */
export function ownLoginOption(act: string, how: string): INodeProperties {
	return {
		...ownLoginField,
		description: `Whether this step may ${act} the login the credential acts as (the token's user) ${how}. Off: that login is kept, nothing is sent and the output says so; every workflow of this credential runs as it.`,
	};
}

/**
 * The output of a single-call operation that would remove or demote `username` when that is the
 * credential's own login (GitHub logins compare case-insensitively) and `include` (the option
 * Include the Token's Own Login) is not true: nothing is to be sent. Else undefined, and the
 * operation goes on. `GET /user` is asked once per node run, and only when the option is off; a
 * token that is no user's (an App installation) has no own login to keep.
 */
export async function keptOwnLogin(ctx: IExecuteFunctions, username: string, include: unknown, notDone: string, itemIndex: number): Promise<IDataObject | undefined> {
	if (include === true) return undefined;
	const own = await ownLogin(ctx, itemIndex);
	if (own === undefined || own.toLowerCase() !== username.toLowerCase()) return undefined;
	return { success: false, kept: true, login: own, reason: `${own} is the login this credential acts as: ${notDone} (option Include the Token's Own Login)` };
}
