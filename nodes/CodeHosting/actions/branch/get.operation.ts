import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, showFor } from '../../../shared';
import { branchLocator, codeHosting, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('branch', 'get', [
	...repositoryFields,
	branchLocator('Branch', 'branch', true, 'The branch to get'),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const branch = requireText(this, this.getNodeParameter('branch', itemIndex, '', { extractValue: true }), 'Branch', itemIndex);
	// Branch names may contain "/" (feature/x): the API takes them as they are.
	const encoded = branch.split('/').map(encodeURIComponent).join('/');
	return await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/branches/${encoded}`, { itemIndex });
}
