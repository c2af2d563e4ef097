import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText } from '../../../shared';

export const workflowLocator: INodeProperties = {
	displayName: 'Workflow',
	name: 'workflowId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchWorkflows', searchable: true },
		},
		{ displayName: 'By File Name', name: 'filename', type: 'string', placeholder: 'ci.yml' },
		{ displayName: 'By ID', name: 'id', type: 'string', placeholder: '161335' },
	],
};

/** The workflow ID or file name, encoded for the path. */
export function workflowSegment(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = requireText(ctx, ctx.getNodeParameter('workflowId', itemIndex, '', { extractValue: true }), 'Workflow', itemIndex);
	return encodeURIComponent(value.replace(/^\.github\/workflows\//, ''));
}
