import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor, simplified, simplifyOptions } from '../../../shared';
import { codeHosting, pullNumberField, readNumber, repoPath, repositoryFields, simplifyPullRequest } from '../common';

export const description: INodeProperties[] = showFor('pullRequest', 'get', [...repositoryFields, pullNumberField, simplifyOptions()]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'pullNumber', 'Pull Request Number', itemIndex);
	return simplified(this, itemIndex, await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/pulls/${number}`, { itemIndex }), simplifyPullRequest);
}
