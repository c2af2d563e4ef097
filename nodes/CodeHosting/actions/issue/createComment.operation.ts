import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, showFor } from '../../../shared';
import { codeHosting, issueNumberField, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('issue', 'createComment', [
	...repositoryFields,
	issueNumberField,
	{ displayName: 'Body', name: 'body', type: 'string', typeOptions: { rows: 4 }, default: '', required: true, description: 'Text of the comment (Markdown)' },
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'issueNumber', 'Issue Number', itemIndex);
	const body = requireText(this, this.getNodeParameter('body', itemIndex), 'Body', itemIndex);
	return await codeHosting(this).request('POST', `${repoPath(this, itemIndex)}/issues/${number}/comments`, {
		body: { body },
		itemIndex,
	});
}
