import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['release'] } },
		options: [{ name: 'Get Many', value: 'getAll', description: 'List releases', action: 'Get many releases' }],
		default: 'getAll',
	},
	...getAll.description,
];
