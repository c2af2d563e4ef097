import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId, requireChoice } from '../../../shared';

import { codeHosting } from '../../transport';

import { organizationLocator } from './account';
import { usernameField } from './collaborator';

/** The organization of an organization or team operation (parameter `owner`, as the team list reads it). */
export const organizationField: INodeProperties = { ...organizationLocator, name: 'owner' };

/** The user an organization or team operation acts on. */
export const memberUsernameField: INodeProperties = { ...usernameField, description: 'Login of the user, such as octocat' };

/** A team of the chosen organization: from the list, by URL, by slug. */
export const teamLocator: INodeProperties = {
	displayName: 'Team',
	name: 'team',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The team\'s slug (its name in URLs), such as developers',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchTeams', searchable: true },
		},
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'https://github.com/orgs/n8n-io/teams/developers',
			extractValue: { type: 'regex', regex: '^https?://[^/]+/orgs/[^/?#]+/teams/([^/?#]+)' },
			validation: [
				{
					type: 'regex',
					properties: { regex: '^https?://[^/]+/orgs/[^/?#]+/teams/[^/?#]+', errorMessage: 'Not a valid team URL' },
				},
			],
		},
		{ displayName: 'By Slug', name: 'name', type: 'string', placeholder: 'developers' },
	],
};

/** `/orgs/{org}/teams/{team_slug}` of this item, each part checked as one path segment and encoded. */
export function teamPath(ctx: IExecuteFunctions, itemIndex: number): string {
	const org = encodeURIComponent(readId(ctx, 'owner', 'Organization', itemIndex));
	const team = encodeURIComponent(readId(ctx, 'team', 'Team', itemIndex));
	return `/orgs/${org}/teams/${team}`;
}

/** The two-factor filter of member and outside collaborator lists (the platform's `filter`). */
export const twoFactorFilter: INodeProperties = {
	displayName: 'Two-Factor Authentication',
	name: 'twoFactor',
	type: 'options',
	options: [
		{ name: 'Any', value: 'all', description: 'Everyone, whatever their two-factor authentication' },
		{ name: 'Disabled', value: '2fa_disabled', description: 'Only those without two-factor authentication' },
		{ name: 'Insecure', value: '2fa_insecure', description: 'Only those whose two-factor method is insecure, such as SMS' },
	],
	default: 'all',
	description: 'Only people without (or with insecure) two-factor authentication; only organization owners may use this filter',
};

/** The Role filter of a members list: All (the default) or one of `roles`, each `[name, value]`. */
export function roleFilter(roles: Array<[string, string]>, description: string): INodeProperties {
	return {
		displayName: 'Role',
		name: 'role',
		type: 'options',
		options: [{ name: 'All', value: 'all' }, ...roles.map(([name, value]) => ({ name, value }))],
		default: 'all',
		description,
	};
}

/** The Filters' Role of a members list, checked against `roles` (with `all`, the default). */
export function readRoleFilter<T extends string>(ctx: IExecuteFunctions, filters: IDataObject, roles: readonly T[], itemIndex: number): T {
	return requireChoice(ctx, filters.role ?? 'all', roles, 'Role', itemIndex);
}

const TWO_FACTOR = ['all', '2fa_disabled', '2fa_insecure'] as const;

/** The query of the Two-Factor Authentication filter: `filter` unless Any. */
export function twoFactorQuery(ctx: IExecuteFunctions, filters: IDataObject, itemIndex: number): IDataObject {
	const twoFactor = requireChoice(ctx, filters.twoFactor ?? 'all', TWO_FACTOR, 'Two-Factor Authentication', itemIndex);
	return twoFactor === 'all' ? {} : { filter: twoFactor };
}

/** The Role choice that keeps a current membership as it is (the default of the membership operations). */
export const KEEP_ROLE = 'keep';

/**
 * The Role of a membership an operation sets (parameter `role`). The default, Keep Current, reads
 * the membership first: someone already in (or invited) keeps their role and nothing is sent;
 * someone new joins as Member, for least privilege. GitHub's PUT sets the role it is given (Member
 * when none), so any other default would take an owner's or a maintainer's rights away.
 * `roles` are `[name, value, description]`.
 */
export function membershipRoleField(roles: Array<[string, string, string]>, description: string): INodeProperties {
	return {
		displayName: 'Role',
		name: 'role',
		type: 'options',
		options: [
			{ name: 'Keep Current (Member If New)', value: KEEP_ROLE, description: 'Someone already in keeps their role and nothing is sent; someone new joins as Member' },
			...roles.map(([name, value, about]) => ({ name, value, description: about })),
		],
		default: KEEP_ROLE,
		description,
	};
}

/** The Role a membership operation sets, checked against `roles` (or Keep Current). */
export function readMembershipRole<T extends string>(ctx: IExecuteFunctions, roles: readonly T[], itemIndex: number): T | typeof KEEP_ROLE {
	return requireChoice(ctx, ctx.getNodeParameter('role', itemIndex, KEEP_ROLE), [KEEP_ROLE, ...roles], 'Role', itemIndex);
}

/**
 * Sets the membership at `path` (an organization's or a team's, GET and PUT alike) to `role`. Keep
 * Current reads it first: a membership that exists (active or pending) is returned as read with
 * `unchanged: true` and no write; a 404 (not in it) makes it a PUT with role Member.
 */
export async function setMembershipAt(ctx: IExecuteFunctions, path: string, role: string, itemIndex: number): Promise<IDataObject> {
	let sent = role;
	if (role === KEEP_ROLE) {
		const current = await codeHosting(ctx).fullRequest<IDataObject>('GET', path, { itemIndex, acceptStatuses: [404] });
		if (current.statusCode !== 404) return { ...current.body, unchanged: true };
		sent = 'member';
	}
	return await codeHosting(ctx).request<IDataObject>('PUT', path, { body: { role: sent }, itemIndex });
}
