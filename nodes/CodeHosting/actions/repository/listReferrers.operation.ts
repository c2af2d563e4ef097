import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('repository', 'listReferrers', [...repositoryFields, ...returnAllOrLimit()]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const path = repoPath(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	// The platform answers its top 10 of the last 14 days in one response (no pages): one request whatever the limit.
	const entries = await codeHosting(this).request<IDataObject[]>('GET', `${path}/traffic/popular/referrers`, { itemIndex });
	return entries.slice(0, limit);
}
