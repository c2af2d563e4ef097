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
		options: [{ name: 'Get', value: 'get', description: 'Get the rate-limit status of the credential', action: 'Get the rate limit status' }],
		default: 'get',
	},
	...get.description,
];
