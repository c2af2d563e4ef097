import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, commentIdField, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('issue', 'deleteComment', [...repositoryFields, commentIdField]);

/** One output item per input item: `{deleted: true, id}`. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readNumber(this, 'commentId', 'Comment ID', itemIndex);
	await codeHosting(this).request('DELETE', `${repoPath(this, itemIndex)}/issues/comments/${id}`, { itemIndex });
	return { deleted: true, id };
}
