import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, keptOwnLogin, ownLoginOption, readUsername, repoPath, repositoryFields, usernameField } from '../common';

export const description: INodeProperties[] = showFor('collaborator', 'remove', [
	...repositoryFields,
	usernameField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [ownLoginOption('remove', "from the repository's collaborators")],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/** The credential's own login is kept (`kept`, nothing sent) unless Include the Token's Own Login is on. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const username = readUsername(this, itemIndex);
	const path = repoPath(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const kept = await keptOwnLogin(this, username, options.includeOwnLogin, 'not removed', itemIndex);
	if (kept) return { username, ...kept };
	await codeHosting(this).request('DELETE', `${path}/collaborators/${encodeURIComponent(username)}`, { itemIndex });
	return { success: true, username };
}
