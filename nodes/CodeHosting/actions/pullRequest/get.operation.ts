import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, pullNumberField, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('pullRequest', 'get', [...repositoryFields, pullNumberField]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'pullNumber', 'Pull Request Number', itemIndex);
	return await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/pulls/${number}`, { itemIndex });
}
