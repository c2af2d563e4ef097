import type { INodeProperties } from 'n8n-workflow';

import * as review from './review.operation';
import * as revoke from './revoke.operation';

export { review, revoke };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['access'] } },
		options: [
			{
				name: 'Review',
				value: 'review',
				description:
					'Who has access to which repository of an organization: one item per person per repository with the effective permission and its sources (organization role, team, direct, outside collaborator), pending invitations and people without two-factor authentication; reads only',
				action: 'Review organization access',
			},
			{
				name: 'Revoke',
				value: 'revoke',
				description:
					'End a person\'s access to an organization: membership and teams, pending invitations, outside-collaborator access (one item per change; plans only as an AI tool)',
				action: 'Revoke access to an organization',
			},
		],
		default: 'review',
	},
	...review.description,
	...revoke.description,
];
