import type { INodeProperties } from 'n8n-workflow';

import * as ensure from './ensure.operation';
import * as review from './review.operation';
import * as revoke from './revoke.operation';
import * as sync from './sync.operation';

export { ensure, review, revoke, sync };

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
			{
				name: 'Review',
				value: 'review',
				description:
					'Report who has access to what: one item per person per project (members and pending invites, roles, optionally API key counts), for one, some or every project. Reads only.',
				action: 'Review who has access to projects',
			},
			{
				name: 'Sync',
				value: 'sync',
				description:
					'Make projects match a roster: all input items together are the desired people and roles; invites, updates and removes the rest. Dry Run shows the plan; Max Removals stops a sync that would remove too many.',
				action: 'Sync project access to a roster',
			},
		],
		default: 'ensure',
	},
	...ensure.description,
	...revoke.description,
	...sync.description,
	...review.description,
];
