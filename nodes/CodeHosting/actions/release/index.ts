import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export { create, del as delete, get, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['release'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a release for a tag (the tag is created when missing)',
				action: 'Create a release',
			},
			{ name: 'Delete', value: 'delete', description: 'Delete a release by ID (its tag stays)', action: 'Delete a release' },
			{ name: 'Get', value: 'get', description: 'Get a release by ID or by tag', action: 'Get a release' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List releases, one item each, newest first',
				action: 'Get many releases',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change a release (name, notes, tag, draft, prerelease)',
				action: 'Update a release',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...del.description,
	...get.description,
	...getAll.description,
	...update.description,
];
