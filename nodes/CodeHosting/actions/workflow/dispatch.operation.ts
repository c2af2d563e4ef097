import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseJsonObject, requireText, showFor } from '../../../shared';
import { branchLocator, codeHosting, repoPath, repositoryFields, workflowLocator, workflowSegment } from '../common';

export const description: INodeProperties[] = showFor('workflow', 'dispatch', [
	...repositoryFields,
	workflowLocator,
	branchLocator('Ref', 'ref', true, 'Branch or tag to run the workflow on'),
	{
		displayName: 'Inputs',
		name: 'inputs',
		type: 'json',
		default: '{}',
		description: 'Inputs of the workflow (workflow_dispatch inputs) as a JSON object',
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const workflow = workflowSegment(this, itemIndex);
	const ref = requireText(this, this.getNodeParameter('ref', itemIndex, '', { extractValue: true }), 'Ref', itemIndex);
	const rawInputs = this.getNodeParameter('inputs', itemIndex, '{}');
	const inputs = rawInputs === '' ? {} : parseJsonObject(this, rawInputs, 'Inputs', itemIndex);
	const body: IDataObject = { ref };
	if (Object.keys(inputs).length > 0) body.inputs = inputs;
	await codeHosting(this).request('POST', `${repoPath(this, itemIndex)}/actions/workflows/${workflow}/dispatches`, { body, itemIndex });
	return { success: true, workflow: decodeURIComponent(workflow), ref, inputs };
}
