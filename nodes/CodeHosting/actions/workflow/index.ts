import type { INodeProperties } from 'n8n-workflow';

import * as disable from './disable.operation';
import * as dispatch from './dispatch.operation';
import * as enable from './enable.operation';
import * as getRun from './getRun.operation';
import * as getRuns from './getRuns.operation';

export { disable, dispatch, enable, getRun, getRuns };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workflow'] } },
		options: [
			{ name: 'Disable', value: 'disable', description: 'Disable a workflow', action: 'Disable a workflow' },
			{ name: 'Dispatch', value: 'dispatch', description: 'Start a workflow run (workflow_dispatch)', action: 'Dispatch a workflow' },
			{ name: 'Enable', value: 'enable', description: 'Enable a workflow', action: 'Enable a workflow' },
			{ name: 'Get Run', value: 'getRun', description: 'Get a workflow run', action: 'Get a workflow run' },
			{ name: 'Get Runs', value: 'getRuns', description: 'List workflow runs', action: 'Get workflow runs' },
		],
		default: 'dispatch',
	},
	...disable.description,
	...dispatch.description,
	...enable.description,
	...getRun.description,
	...getRuns.description,
];
