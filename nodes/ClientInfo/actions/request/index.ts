import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { create, get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['request'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Send an information request to a client from a template; returns the new request',
				action: 'Send a request to a client',
			},
			{ name: 'Get', value: 'get', description: 'Get a request with its status', action: 'Get a request' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List requests, by status or client',
				action: 'Get many requests',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
];
