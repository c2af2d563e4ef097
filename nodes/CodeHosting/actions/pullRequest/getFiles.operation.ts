import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, pullNumberField, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('pullRequest', 'getFiles', [...repositoryFields, pullNumberField, ...returnAllOrLimit(3000)]);

/** Any number of output items per input item (one per changed file, with its patch; the platform lists up to 3,000). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const number = readNumber(this, 'pullNumber', 'Pull Request Number', itemIndex);
	const limit = readLimit(this, itemIndex);
	return await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/pulls/${number}/files`, limit, { itemIndex });
}
