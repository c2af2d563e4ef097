import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('workflow', 'getAll', [...repositoryFields, ...returnAllOrLimit()]);

/** Any number of output items per input item (one per workflow). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/actions/workflows`, readLimit(this, itemIndex), {
		itemIndex,
		itemsKey: 'workflows',
	});
}
