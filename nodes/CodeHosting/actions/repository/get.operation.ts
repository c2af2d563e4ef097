import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor, simplified, simplifyOptions } from '../../../shared';
import { codeHosting, repoPath, repositoryFields, simplifyRepository } from '../common';

export const description: INodeProperties[] = showFor('repository', 'get', [...repositoryFields, simplifyOptions()]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return simplified(this, itemIndex, await codeHosting(this).request('GET', repoPath(this, itemIndex), { itemIndex }), simplifyRepository);
}
