import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseJsonObject, requireText } from '../../../shared';

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

/** The fields of a workflow_dispatch: ref and inputs (after the repository and workflow). */
export function dispatchFields(branchField: INodeProperties): INodeProperties[] {
	return [
		branchField,
		{
			displayName: 'Inputs',
			name: 'inputs',
			type: 'json',
			default: '{}',
			description: 'Inputs of the workflow (workflow_dispatch inputs) as a JSON object',
		},
	];
}

/** The workflow, ref and inputs of a dispatch for this item, validated before any request. */
export function readDispatch(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { workflow: string; ref: string; inputs: IDataObject; body: IDataObject } {
	const workflow = workflowSegment(ctx, itemIndex);
	const ref = requireText(ctx, ctx.getNodeParameter('ref', itemIndex, '', { extractValue: true }), 'Ref', itemIndex);
	const rawInputs = ctx.getNodeParameter('inputs', itemIndex, '{}');
	const inputs = rawInputs === '' ? {} : parseJsonObject(ctx, rawInputs, 'Inputs', itemIndex);
	const body: IDataObject = { ref };
	if (Object.keys(inputs).length > 0) body.inputs = inputs;
	return { workflow, ref, inputs, body };
}
