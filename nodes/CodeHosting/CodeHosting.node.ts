import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as access from './actions/access';
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
import * as team from './actions/team';
import * as user from './actions/user';
import * as workflow from './actions/workflow';
import { router } from './actions/router';
import { searchBranches, searchOwners, searchRepositories, searchTeams, searchWorkflows } from './methods/listSearch';
import { authenticationProperty, codeHostingCredentials, requestOptionsProperty } from './descriptions';

/**
 * The resources, alphabetical, and last the pack's own generic call named as n8n names its entry.
 * n8n appends its "Custom API Call" (a pointer to the HTTP Request node, which cannot use a GitHub
 * App credential) to a resource list whose last entry is not so named
 * (load-nodes-and-credentials.ts, injectCustomApiCallOptions): named so and last, ours is the one
 * entry, as on Client Info. The order (alphabetical, then Custom API Call, as n8n shows every node)
 * is checked by test/shared/vocabulary.test.ts.
 */
const RESOURCE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Access', value: 'access' },
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
	{ name: 'Team', value: 'team' },
	{ name: 'User', value: 'user' },
	{ name: 'Workflow', value: 'workflow' },
	{
		name: 'Custom API Call',
		value: 'apiCall',
		description: "Any REST call with this node's credential (token, OAuth2 or GitHub App), with pagination",
	},
];

export class CodeHosting implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Code Hosting',
		name: 'codeHosting',
		icon: { light: 'file:codeHosting.svg', dark: 'file:codeHosting.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Act on repositories, files, branches, commits, check runs, commit statuses, issues, pull requests, reviews, workflows, gists, releases, collaborators, organizations, teams, users and project items (GitHub and GitHub Enterprise Server)',
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
				options: RESOURCE_OPTIONS,
				default: 'issue',
			},
			...access.description,
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
			...team.description,
			...user.description,
			...workflow.description,
			requestOptionsProperty,
		],
	};

	methods = {
		listSearch: { searchBranches, searchOwners, searchRepositories, searchTeams, searchWorkflows },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
