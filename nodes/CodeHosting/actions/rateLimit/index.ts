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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get the rate-limit status of the credential: limit, remaining calls and reset time per resource',
				action: 'Get the rate limit',
			},
		],
		default: 'get',
	},
	...get.description,
];
