import type { INodeProperties } from 'n8n-workflow';

import * as createOrUpdate from './createOrUpdate.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as list from './list.operation';

export { createOrUpdate, del as delete, get, list };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['file'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				description:
					'Create a file or replace its whole content, in a commit (the current SHA is looked up); returns the file and the commit',
				action: 'Create or update a file',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a file, in a commit; returns the commit',
				action: 'Delete a file',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a file (binary, or JSON with text or base64 content) or list a folder',
				action: 'Get a file',
			},
			{
				name: 'List',
				value: 'list',
				description: 'List the entries of a folder, one item each (optionally every entry below it)',
				action: 'List the files of a folder',
			},
		],
		default: 'get',
	},
	...createOrUpdate.description,
	...del.description,
	...get.description,
	...list.description,
];
