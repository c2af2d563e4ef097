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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Request',
				value: 'request',
				description:
					'Call any endpoint of the partner API with the connected account; returns the response body, one item per entry of a list',
				action: 'Make an API call',
			},
		],
		default: 'request',
	},
	...request.description,
];
