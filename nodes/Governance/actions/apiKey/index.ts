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
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create an API key for a project member; the output holds the new key once',
				action: 'Create an API key for a project member',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete one API key of a project member by its key ID',
				action: 'Delete an API key of a project member',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the API keys of a project member (IDs and labels, not the secrets)',
				action: 'Get many API keys of a project member',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...getAll.description,
	...del.description,
];
