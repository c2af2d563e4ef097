import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor, simplified, simplifyOptions } from '../../../shared';
import { codeHosting, issueNumberField, readNumber, repoPath, repositoryFields, simplifyIssue } from '../common';

export const description: INodeProperties[] = showFor('issue', 'get', [...repositoryFields, issueNumberField, simplifyOptions()]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'issueNumber', 'Issue Number', itemIndex);
	return simplified(this, itemIndex, await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/issues/${number}`, { itemIndex }), simplifyIssue);
}
