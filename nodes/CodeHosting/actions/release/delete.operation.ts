import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, readReleaseId, releaseIdField, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('release', 'delete', [...repositoryFields, releaseIdField]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	const id = readReleaseId(this, itemIndex);
	await codeHosting(this).request('DELETE', `${path}/releases/${id}`, { itemIndex });
	// The tag stays in the repository: only the release is deleted.
	return { success: true, releaseId: id };
}
