import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { codeHosting, repoPath, repositoryFields, simplifyRelease } from '../common';

export const description: INodeProperties[] = showFor('release', 'getAll', [...repositoryFields, ...returnAllOrLimit(), simplifyOptions()]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return simplifiedAll(this, itemIndex, await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/releases`, readLimit(this, itemIndex), { itemIndex }), simplifyRelease);
}
