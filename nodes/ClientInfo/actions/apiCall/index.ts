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
		options: [
			{ name: 'Request', value: 'request', description: 'Call any endpoint of the partner API with the connected account', action: 'Make an API call' },
		],
		default: 'request',
	},
	...request.description,
];
