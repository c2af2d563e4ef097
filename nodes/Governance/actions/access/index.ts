import type { INodeProperties } from 'n8n-workflow';

import * as ensure from './ensure.operation';
import * as revoke from './revoke.operation';

export { ensure, revoke };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['access'] } },
		options: [
			{
				name: 'Ensure',
				value: 'ensure',
				description:
					'Make an email have exactly the given roles (admin, editor, viewer) in the project: does nothing, updates the member, replaces the pending invite or invites, as needed. Safe to repeat.',
				action: 'Ensure an email has exactly the given roles in the project',
			},
			{
				name: 'Revoke',
				value: 'revoke',
				description:
					'End an email\'s access to the project: removes the member and deletes pending invites (optionally the user\'s API keys). Safe to repeat: "notFound" when there is nothing to remove.',
				action: 'Revoke all access of an email to the project',
			},
		],
		default: 'ensure',
	},
	...ensure.description,
	...revoke.description,
];
