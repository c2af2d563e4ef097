import type { INodeProperties } from 'n8n-workflow';

import * as createOrUpdate from './createOrUpdate.operation';
import * as del from './delete.operation';
import * as get from './get.operation';

export { createOrUpdate, del as delete, get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['file'] } },
		options: [
			{ name: 'Create or Update', value: 'createOrUpdate', description: 'Create a file or replace its content (the current SHA is looked up)', action: 'Create or update a file' },
			{ name: 'Delete', value: 'delete', description: 'Delete a file', action: 'Delete a file' },
			{ name: 'Get', value: 'get', description: 'Get a file (text or binary) or list a folder', action: 'Get a file' },
		],
		default: 'get',
	},
	...createOrUpdate.description,
	...del.description,
	...get.description,
];
