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
		// Actions are short (n8n names a new node and its tool after one; a model reads "<action> in
		// <defaults.name>", which names the platform): test/shared/toolDescriptions.test.ts.
		options: [
			{
				name: 'Disable',
				value: 'disable',
				description: 'Disable a workflow: it no longer runs until enabled again',
				action: 'Disable a workflow',
			},
			{
				name: 'Dispatch',
				value: 'dispatch',
				description: 'Start a workflow run (workflow_dispatch) and return at once, without waiting for it',
				action: 'Dispatch a workflow',
			},
			{
				name: 'Dispatch and Wait',
				value: 'dispatchAndWait',
				description: 'Start a workflow run and wait until it completes; returns the run with its conclusion',
				action: 'Dispatch a workflow and wait',
			},
			{ name: 'Enable', value: 'enable', description: 'Enable a disabled workflow', action: 'Enable a workflow' },
			{
				name: 'Get',
				value: 'get',
				description: 'Get a workflow by ID or file name',
				action: 'Get a workflow',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the workflows of a repository, one item each',
				action: 'Get many workflows',
			},
			{
				name: 'Get Run',
				value: 'getRun',
				description: 'Get a workflow run by ID: status, conclusion, branch, event, URL',
				action: 'Get a workflow run',
			},
			{
				name: 'Get Runs',
				value: 'getRuns',
				description: 'List workflow runs of a repository or of one workflow, one item each, newest first',
				action: 'Get many workflow runs',
			},
			{
				name: 'Get Usage',
				value: 'getUsage',
				description: 'Get the billable time of a workflow per runner OS this month',
				action: 'Get the usage of a workflow',
			},
		],
		// a read: Dispatch runs a workflow (a deploy, with its secrets), so it is chosen, never a default
		default: 'getAll',
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
