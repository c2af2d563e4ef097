import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, repoPath, repositoryFields, workflowLocator, workflowSegment } from '../common';

export const description: INodeProperties[] = showFor('workflow', 'enable', [...repositoryFields, workflowLocator]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const workflow = workflowSegment(this, itemIndex);
	await codeHosting(this).request('PUT', `${repoPath(this, itemIndex)}/actions/workflows/${workflow}/enable`, { itemIndex });
	return { success: true, workflow: decodeURIComponent(workflow), state: 'active' };
}
