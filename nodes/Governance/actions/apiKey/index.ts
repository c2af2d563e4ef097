import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';

export { create, del as delete, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['apiKey'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create an API key for a project member; the output holds the new key once',
				action: 'Create an API key',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete one API key of a project member by its key ID: whatever uses the key stops working',
				action: 'Delete an API key',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the API keys of a project member (IDs and labels, not the secrets)',
				action: 'Get many API keys',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...getAll.description,
	...del.description,
];
