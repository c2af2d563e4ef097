import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('repository', 'listPopularPaths', [...repositoryFields]);

/** Any number of output items per input item (one per entry, at most 10: the platform's top list is one response). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await codeHosting(this).request<IDataObject[]>('GET', `${repoPath(this, itemIndex)}/traffic/popular/paths`, { itemIndex });
}
