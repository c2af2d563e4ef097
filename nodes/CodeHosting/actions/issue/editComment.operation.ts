import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, showFor } from '../../../shared';
import { codeHosting, commentIdField, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('issue', 'editComment', [
	...repositoryFields,
	commentIdField,
	{ displayName: 'Body', name: 'body', type: 'string', typeOptions: { rows: 4 }, default: '', required: true, description: 'The new text of the comment (Markdown)' },
]);

/** One output item per input item: the edited comment. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readNumber(this, 'commentId', 'Comment ID', itemIndex);
	const body = requireText(this, this.getNodeParameter('body', itemIndex), 'Body', itemIndex);
	return await codeHosting(this).request('PATCH', `${repoPath(this, itemIndex)}/issues/comments/${id}`, { body: { body }, itemIndex });
}
