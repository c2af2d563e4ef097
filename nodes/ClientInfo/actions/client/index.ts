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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{ name: 'Create', value: 'create', description: 'Create a client with a name and an email address', action: 'Create a client' },
			{ name: 'Get', value: 'get', description: 'Get a client\'s details', action: 'Get a client' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the account\'s clients, one item each (optionally by name or email)',
				action: 'Get many clients',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
];
