import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('workflow', 'getRun', [
	...repositoryFields,
	{ displayName: 'Run ID', name: 'runId', type: 'number', default: 0, required: true, description: 'ID of the workflow run' },
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const runId = readNumber(this, 'runId', 'Run ID', itemIndex);
	return await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/actions/runs/${runId}`, { itemIndex });
}
