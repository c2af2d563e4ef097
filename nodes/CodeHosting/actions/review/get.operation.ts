import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, readPullNumber, readReviewId, repoPath, repositoryFields, reviewIdField, reviewPullNumberField } from '../common';

export const description: INodeProperties[] = showFor('review', 'get', [...repositoryFields, reviewPullNumberField, reviewIdField]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	const number = readPullNumber(this, itemIndex);
	const id = readReviewId(this, itemIndex);
	return await codeHosting(this).request('GET', `${path}/pulls/${number}/reviews/${id}`, { itemIndex });
}
