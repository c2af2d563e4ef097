import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting } from '../../transport';
import { readNumber, repoPath, repositoryFields } from '../common';

export const issueNumberField: INodeProperties = {
	displayName: 'Issue Number',
	name: 'issueNumber',
	type: 'number',
	default: 0,
	required: true,
	description: 'The number of the issue (or pull request)',
};

export const description: INodeProperties[] = showFor('issue', 'get', [...repositoryFields, issueNumberField]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'issueNumber', 'Issue Number', itemIndex);
	return await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/issues/${number}`, { itemIndex });
}
