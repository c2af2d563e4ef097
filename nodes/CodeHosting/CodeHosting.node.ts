import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as apiCall from './actions/apiCall';
import * as branch from './actions/branch';
import * as checkRun from './actions/checkRun';
import * as collaborator from './actions/collaborator';
import * as commit from './actions/commit';
import * as commitStatus from './actions/commitStatus';
import * as file from './actions/file';
import * as gist from './actions/gist';
import * as issue from './actions/issue';
import * as organization from './actions/organization';
import * as projectItem from './actions/projectItem';
import * as pullRequest from './actions/pullRequest';
import * as rateLimit from './actions/rateLimit';
import * as release from './actions/release';
import * as repository from './actions/repository';
import * as review from './actions/review';
import * as user from './actions/user';
import * as workflow from './actions/workflow';
import { router } from './actions/router';
import { searchBranches, searchOwners, searchRepositories, searchWorkflows } from './methods/listSearch';
import { authenticationProperty, codeHostingCredentials, requestOptionsProperty } from './descriptions';

export class CodeHosting implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Code Hosting',
		name: 'codeHosting',
		icon: { light: 'file:codeHosting.svg', dark: 'file:codeHosting.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Act on repositories, files, branches, commits, check runs, commit statuses, issues, pull requests, reviews, workflows, gists, releases, collaborators, organizations, users and project items (GitHub and GitHub Enterprise Server)',
		defaults: { name: 'GitHub' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: codeHostingCredentials,
		properties: [
			authenticationProperty,
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					// n8n adds its own "Custom API Call" at the end of this list (it only points at the
					// HTTP Request node); it would not if the last entry were so named, but n8n's
					// verification rules (node-param-options-type-unsorted-items, applied by its scanner
					// without inline exceptions) keep a list of 5 or more in alphabetical order. So ours
					// says what it does differently.
					{
						name: 'API Call',
						value: 'apiCall',
						description: "Any REST call with this node's credential (token, OAuth2 or GitHub App), with pagination",
					},
					{ name: 'Branch', value: 'branch' },
					{ name: 'Check Run', value: 'checkRun' },
					{ name: 'Collaborator', value: 'collaborator' },
					{ name: 'Commit', value: 'commit' },
					{ name: 'Commit Status', value: 'commitStatus' },
					{ name: 'File', value: 'file' },
					{ name: 'Gist', value: 'gist' },
					{ name: 'Issue', value: 'issue' },
					{ name: 'Organization', value: 'organization' },
					{ name: 'Project Item', value: 'projectItem' },
					{ name: 'Pull Request', value: 'pullRequest' },
					{ name: 'Rate Limit', value: 'rateLimit' },
					{ name: 'Release', value: 'release' },
					{ name: 'Repository', value: 'repository' },
					{ name: 'Review', value: 'review' },
					{ name: 'User', value: 'user' },
					{ name: 'Workflow', value: 'workflow' },
				],
				default: 'issue',
			},
			...apiCall.description,
			...branch.description,
			...checkRun.description,
			...collaborator.description,
			...commit.description,
			...commitStatus.description,
			...file.description,
			...gist.description,
			...issue.description,
			...organization.description,
			...projectItem.description,
			...pullRequest.description,
			...rateLimit.description,
			...release.description,
			...repository.description,
			...review.description,
			...user.description,
			...workflow.description,
			requestOptionsProperty,
		],
	};

	methods = {
		listSearch: { searchBranches, searchOwners, searchRepositories, searchWorkflows },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
