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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Create',
				value: 'create',
				description:
					'Invite an email to the project with roles; output accepted is true when the person was added at once. Not idempotent: use Access → Ensure to repeat safely.',
				action: 'Invite a person to a project',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a pending invite by its invite code: the invited person can no longer join with it',
				action: 'Delete an invite',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the pending invites of the project, one item each (invite code, email, permissions)',
				action: 'Get many invites',
			},
			{
				name: 'Replace',
				value: 'replace',
				description: 'Change a pending invite\'s roles: deletes it and invites again; restores the old invite if the new one fails',
				action: 'Replace an invite with new roles',
			},
			{
				name: 'Resend',
				value: 'resend',
				description: 'Send the email of a pending invite again',
				action: 'Resend an invite',
			},
		],
		// a read: Create is the one invite operation not to repeat (issue 37)
		default: 'getAll',
	},
	...create.description,
	...del.description,
	...getAll.description,
	...replace.description,
	...resend.description,
];
