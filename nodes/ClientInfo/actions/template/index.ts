import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['template'] } },
		options: [
			{ name: 'Get Many', value: 'getAll', description: 'List the account\'s request templates', action: 'Get many templates' },
		],
		default: 'getAll',
	},
	...getAll.description,
];
