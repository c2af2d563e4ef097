import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId } from '../../../shared';

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
