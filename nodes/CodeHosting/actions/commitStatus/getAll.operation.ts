import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, readRef, refField, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('commitStatus', 'getAll', [...repositoryFields, refField, ...returnAllOrLimit()]);

/** Any number of output items per input item (one per status, newest first). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const ref = readRef(this, 'ref', itemIndex);
	const limit = readLimit(this, itemIndex);
	return await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/commits/${ref}/statuses`, limit, { itemIndex });
}
