import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, repoPath, repositoryFields, workflowLocator, workflowSegment } from '../common';

export const description: INodeProperties[] = showFor('workflow', 'get', [...repositoryFields, workflowLocator]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const workflow = workflowSegment(this, itemIndex);
	return await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/actions/workflows/${workflow}`, { itemIndex });
}
