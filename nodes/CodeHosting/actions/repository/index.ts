import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getLicense from './getLicense.operation';
import * as getProfile from './getProfile.operation';
import * as listPopularPaths from './listPopularPaths.operation';
import * as listReferrers from './listReferrers.operation';
import * as star from './star.operation';

export { create, get, getLicense, getProfile, listPopularPaths, listReferrers, star };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['repository'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a repository for the account or an organization; returns it with the name the platform gave it',
				action: 'Create a repository',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a repository\'s information: description, default branch, visibility, stars, open issues',
				action: 'Get a repository',
			},
			{
				name: 'Get License',
				value: 'getLicense',
				description: 'Get the license the platform detected in a repository, with the license file\'s text',
				action: 'Get the license of a repository',
			},
			{
				name: 'Get Profile',
				value: 'getProfile',
				description:
					'Get the community profile of a repository: health percentage and which community files (README, license, contributing guide, templates) it has',
				action: 'Get a repository community profile',
			},
			{
				name: 'List Popular Paths',
				value: 'listPopularPaths',
				description: 'List the 10 most viewed paths of a repository over the last 14 days (needs push access)',
				action: 'Get the popular paths of a repository',
			},
			{
				name: 'List Referrers',
				value: 'listReferrers',
				description: 'List the 10 top referring sites of a repository over the last 14 days (needs push access)',
				action: 'Get the top referrers of a repository',
			},
			{ name: 'Star', value: 'star', description: 'Star a repository as the connected account', action: 'Star a repository' },
		],
		default: 'get',
	},
	...create.description,
	...get.description,
	...getLicense.description,
	...getProfile.description,
	...listPopularPaths.description,
	...listReferrers.description,
	...star.description,
];
