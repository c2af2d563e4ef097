import type { INodeProperties } from 'n8n-workflow';

import * as updateStatus from './updateStatus.operation';

export { updateStatus };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['projectItem'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Update Status',
				value: 'updateStatus',
				description: 'Set the status (a single-select field) of an item in a project (V2); returns the field and status set',
				action: 'Update the status of a project item',
			},
		],
		default: 'updateStatus',
	},
	...updateStatus.description,
];
