import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, ownerAndRepo, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('repository', 'star', [...repositoryFields]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { owner, repo } = ownerAndRepo(this, itemIndex);
	await codeHosting(this).request(
		'PUT',
		`/user/starred/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`,
		{ itemIndex },
	);
	return { success: true, starred: true, owner, repository: repo };
}
