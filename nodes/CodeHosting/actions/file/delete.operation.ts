import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, commitFields, currentSha, filePath, readCommit, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('file', 'delete', [
	...repositoryFields,
	{
		displayName: 'File Path',
		name: 'filePath',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'docs/README.md',
	},
	...commitFields,
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = filePath(this, this.getNodeParameter('filePath', itemIndex), itemIndex);
	const endpoint = `${repoPath(this, itemIndex)}/contents/${path}`;
	const { message, branch, identities } = readCommit(this, itemIndex);
	const sha = await currentSha(this, endpoint, branch, itemIndex);
	if (!sha) {
		throw new NodeOperationError(this.getNode(), `The file "${decodeURIComponent(path)}" does not exist${branch ? ` on branch ${branch}` : ''}`, {
			itemIndex,
			description: 'Nothing was deleted.',
		});
	}
	return await codeHosting(this).request('DELETE', endpoint, {
		body: { message, sha, ...(branch ? { branch } : {}), ...identities },
		itemIndex,
	});
}
