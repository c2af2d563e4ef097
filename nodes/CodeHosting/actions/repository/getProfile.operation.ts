import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('repository', 'getProfile', [...repositoryFields]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/community/profile`, { itemIndex });
}
