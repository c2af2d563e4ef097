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
		options: [
			{ name: 'Create', value: 'create', description: 'Send an information request to a client from a template', action: 'Create a request' },
			{ name: 'Get', value: 'get', description: 'Get a request with its status', action: 'Get a request' },
			{ name: 'Get Many', value: 'getAll', description: 'List requests, by status or client', action: 'Get many requests' },
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
];
