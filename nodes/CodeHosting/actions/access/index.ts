import type { INodeProperties } from 'n8n-workflow';

import * as applyPlan from './applyPlan.operation';
import * as removeGrants from './removeGrants.operation';
import * as review from './review.operation';
import * as revoke from './revoke.operation';
import * as sync from './sync.operation';

export { applyPlan, removeGrants, review, revoke, sync };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['access'] } },
		options: [
			{
				name: 'Apply Plan',
				value: 'applyPlan',
				description:
					'Apply an approved plan of Revoke, Remove Grants or Sync (Mode: Plan Only) exactly: each change only while what it changes is still as planned (otherwise skipped, with why); a changed, incomplete or foreign plan is refused whole, before any write',
				action: 'Apply an approved access plan',
			},
			{
				name: 'Remove Grants',
				value: 'removeGrants',
				description:
					'End single grants, all input items together: each is one team membership, direct repository grant or pending invitation (e.g. the Review exceptions a reviewer marked Remove); the person keeps everything else. Mode: Plan Only signs the plan Apply Plan applies; Max Removals stops a list that would remove too many.',
				action: 'Remove single access grants',
			},
			{
				name: 'Review',
				value: 'review',
				description:
					'Who has access to which repository of an organization: one item per person (teams, base permission as a count, what they reach above it with its sources), only the exceptions an auditor flags, or one item per person per repository; pending invitations, two-factor state; reads only',
				action: 'Review organization access',
			},
			{
				name: 'Revoke',
				value: 'revoke',
				description:
					'End a person\'s access to an organization: membership and teams, pending invitations, outside-collaborator access (one item per change; plans only as an AI tool)',
				action: 'Revoke access to an organization',
			},
			{
				name: 'Sync',
				value: 'sync',
				description:
					'Make team memberships match a roster (all input items: a login or SAML email and team slugs each): adds the missing, removes members the roster does not list for a team; Max Removals brake; plans only as an AI tool',
				// a template literal: the sentence-case lint rule would drop the comma
				action: `Sync teams to a roster, removing others`,
			},
		],
		default: 'review',
	},
	...applyPlan.description,
	...removeGrants.description,
	...review.description,
	...revoke.description,
	...sync.description,
];
