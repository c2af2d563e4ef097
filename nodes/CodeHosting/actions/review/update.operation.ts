import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, showFor } from '../../../shared';
import { codeHosting, readPullNumber, readReviewId, repoPath, repositoryFields, reviewIdField, reviewPullNumberField } from '../common';

export const description: INodeProperties[] = showFor('review', 'update', [
	...repositoryFields,
	reviewPullNumberField,
	reviewIdField,
	{
		displayName: 'Body',
		name: 'body',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description: 'New text of the review (its state stays as submitted)',
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	const number = readPullNumber(this, itemIndex);
	const id = readReviewId(this, itemIndex);
	const body = requireText(this, this.getNodeParameter('body', itemIndex), 'Body', itemIndex);
	return await codeHosting(this).request('PUT', `${path}/pulls/${number}/reviews/${id}`, { body: { body }, itemIndex });
}
