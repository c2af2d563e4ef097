import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('branch', 'getAll', [
	...repositoryFields,
	...returnAllOrLimit(),
	{
		displayName: 'Protected Only',
		name: 'protectedOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to return only protected branches',
	},
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const endpoint = `${repoPath(this, itemIndex)}/branches`;
	const qs: IDataObject = {};
	if (this.getNodeParameter('protectedOnly', itemIndex, false) as boolean) qs.protected = true;
	return await codeHosting(this).requestAll('GET', endpoint, readLimit(this, itemIndex), { qs, itemIndex });
}
