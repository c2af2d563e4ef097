import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, readPullNumber, repoPath, repositoryFields, reviewPullNumberField } from '../common';

export const description: INodeProperties[] = showFor('review', 'getAll', [...repositoryFields, reviewPullNumberField, ...returnAllOrLimit()]);

/** Any number of output items per input item (one per review, oldest first). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const path = repoPath(this, itemIndex);
	const number = readPullNumber(this, itemIndex);
	return await codeHosting(this).requestAll('GET', `${path}/pulls/${number}/reviews`, readLimit(this, itemIndex), { itemIndex });
}
