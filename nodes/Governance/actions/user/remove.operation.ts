import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { removeMember } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { keptOwnUser, ownUserOption, readId, userIdLocator } from '../common';

export const description: INodeProperties[] = showFor('user', 'remove', [
	projectLocator,
	{
		...userIdLocator,
		description:
			'The user to remove from the project. They keep access to other projects.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [ownUserOption("remove the user the credential's API key belongs to (every call of this credential runs as this user)")],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/**
 * Removes the user from the project. The API key's own user is kept (no request but the one
 * `/auth/info` of the run) unless Include the API Key's Own User is on.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readId(this, 'userId', 'User ID', itemIndex);
	const kept = await keptOwnUser(this, itemIndex, userId, 'not removed');
	if (kept) return kept;
	const response = await removeMember(inProject(this, await readProject(this, itemIndex)), itemIndex, userId);
	return { success: true, user_id: userId, ...(response ?? {}) };
}
