import type { INodeProperties } from 'n8n-workflow';

import * as getCurrent from './getCurrent.operation';
import * as getIssues from './getIssues.operation';
import * as getRepositories from './getRepositories.operation';
import * as invite from './invite.operation';

export { getCurrent, getIssues, getRepositories, invite };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Get Current',
				value: 'getCurrent',
				description: 'Get the account the credential belongs to (login, ID, name, email)',
				action: 'Get the current user',
			},
			{
				name: 'Get Issues',
				value: 'getIssues',
				description: 'List issues and pull requests of the connected account (assigned, created, mentioned, ...), one item each',
				action: 'Get the issues of the current user',
			},
			{
				name: 'Get Repositories',
				value: 'getRepositories',
				description: 'List the public repositories of a user, one item each',
				action: 'Get the repositories of a user',
			},
			{
				name: 'Invite',
				value: 'invite',
				description: 'Invite a person to an organization by email or user ID, with a role; returns the invitation',
				action: 'Invite a user to an organization',
			},
		],
		default: 'getCurrent',
	},
	...getCurrent.description,
	...getIssues.description,
	...getRepositories.description,
	...invite.description,
];
