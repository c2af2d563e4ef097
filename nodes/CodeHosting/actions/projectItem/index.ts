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
		options: [
			{ name: 'Update Status', value: 'updateStatus', description: 'Set the status of an item in a project (V2)', action: 'Update the status of a project item' },
		],
		default: 'updateStatus',
	},
	...updateStatus.description,
];
