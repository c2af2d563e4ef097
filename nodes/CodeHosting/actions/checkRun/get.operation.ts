import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { checkRunIdField, codeHosting, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('checkRun', 'get', [...repositoryFields, checkRunIdField]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readNumber(this, 'checkRunId', 'Check Run ID', itemIndex);
	return await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/check-runs/${id}`, { itemIndex });
}
