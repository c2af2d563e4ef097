import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, pullNumberField, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('pullRequest', 'getCommits', [...repositoryFields, pullNumberField, ...returnAllOrLimit(250)]);

/** Any number of output items per input item (one per commit, oldest first; the platform lists up to 250). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const number = readNumber(this, 'pullNumber', 'Pull Request Number', itemIndex);
	const limit = readLimit(this, itemIndex);
	return await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/pulls/${number}/commits`, limit, { itemIndex });
}
