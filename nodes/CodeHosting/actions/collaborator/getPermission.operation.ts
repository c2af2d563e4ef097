import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, readUsername, repoPath, repositoryFields, usernameField } from '../common';

export const description: INodeProperties[] = showFor('collaborator', 'getPermission', [...repositoryFields, usernameField]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const username = readUsername(this, itemIndex);
	return await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/collaborators/${encodeURIComponent(username)}/permission`, { itemIndex });
}
