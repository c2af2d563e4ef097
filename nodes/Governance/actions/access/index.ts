import type { INodeProperties } from 'n8n-workflow';

import * as applyPlan from './applyPlan.operation';
import * as ensure from './ensure.operation';
import * as removeGrants from './removeGrants.operation';
import * as review from './review.operation';
import * as revoke from './revoke.operation';
import * as sync from './sync.operation';

export { applyPlan, ensure, removeGrants, review, revoke, sync };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['access'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Apply Plan',
				value: 'applyPlan',
				description:
					'Apply an approved plan of Ensure, Revoke, Remove Grants or Sync (Mode: Plan Only) exactly: each change only while the person\'s access is still what the plan was made from (otherwise skipped, with what changed); a changed, incomplete or foreign plan is refused whole, before any write',
				action: 'Apply an approved access plan',
			},
			{
				name: 'Ensure',
				value: 'ensure',
				description:
					'Make an email have exactly the given roles (admin, editor, viewer) in the project: does nothing, updates the member, replaces the pending invite or invites, as needed; returns which (unchanged, updated, reinvited, invited). Safe to repeat. As an AI tool it only plans (Mode: Automatic): a person approves and Apply Plan applies.',
				action: 'Ensure access with exact roles',
			},
			{
				name: 'Remove Grants',
				value: 'removeGrants',
				description:
					"End single grants, all input items together: each is one person's membership and pending invites in one project (e.g. the Review lines a reviewer marked Remove); other projects and API keys stay. Mode: Plan Only signs the plan Apply Plan applies; Max Removals stops a list that would remove too many.",
				action: 'Remove single access grants',
			},
			{
				name: 'Review',
				value: 'review',
				description:
					'Report who has access to what, for one, some or every project: one item per person (projects and roles, pending invites, optionally API key counts), only the exceptions an auditor flags, or one item per person per project. Reads only.',
				action: 'Review access',
			},
			{
				name: 'Revoke',
				value: 'revoke',
				description:
					'End an email\'s access to the project, or to every project the key reaches: removes the member and deletes pending invites (optionally the user\'s API keys). Safe to repeat: "notFound" when there is nothing to remove. As an AI tool it only plans (Mode: Automatic): a person approves and Apply Plan applies.',
				action: 'Revoke access',
			},
			{
				name: 'Sync',
				value: 'sync',
				description:
					'Make projects match a roster: all input items together are the desired people and roles; invites, updates and removes the rest. Mode: Plan Only shows the plan; Max Removals stops a sync that would remove too many.',
				// a template literal: the sentence-case lint rule would drop the comma
				action: `Sync access to a roster, removing others`,
			},
		],
		default: 'ensure',
	},
	...applyPlan.description,
	...ensure.description,
	...revoke.description,
	...removeGrants.description,
	...sync.description,
	...review.description,
];
