import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { branchLocator, codeHosting, dispatchFields, readDispatch, repoPath, repositoryFields, workflowLocator } from '../common';

export const description: INodeProperties[] = showFor('workflow', 'dispatch', [
	...repositoryFields,
	workflowLocator,
	...dispatchFields(branchLocator('Ref', 'ref', true, 'Branch or tag to run the workflow on')),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { workflow, ref, inputs, body } = readDispatch(this, itemIndex);
	await codeHosting(this).request('POST', `${repoPath(this, itemIndex)}/actions/workflows/${workflow}/dispatches`, { body, itemIndex });
	return { success: true, workflow: decodeURIComponent(workflow), ref, inputs };
}
