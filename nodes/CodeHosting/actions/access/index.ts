import type { INodeProperties } from 'n8n-workflow';

import * as revoke from './revoke.operation';

export { revoke };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['access'] } },
		options: [
			{
				name: 'Revoke',
				value: 'revoke',
				description:
					'End a person\'s access to an organization: membership and teams, pending invitations, outside-collaborator access (one item per change; plans only as an AI tool)',
				action: 'Revoke access to an organization',
			},
		],
		default: 'revoke',
	},
	...revoke.description,
];
