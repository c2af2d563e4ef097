import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, issueNumberField, readNumber, readRepository, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('issue', 'unlock', [...repositoryFields, issueNumberField]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'issueNumber', 'Issue Number', itemIndex);
	const { path, owner, repo } = readRepository(this, itemIndex);
	await codeHosting(this).request('DELETE', `${path}/issues/${number}/lock`, { itemIndex });
	return { success: true, locked: false, number, owner, repository: repo };
}
