import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { removeMember } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { readId, userIdLocator } from '../common';

export const description: INodeProperties[] = showFor('user', 'remove', [
	projectLocator,
	{
		...userIdLocator,
		description:
			'The user to remove from the project. They keep access to other projects.',
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readId(this, 'userId', 'User ID', itemIndex);
	const response = await removeMember(inProject(this, await readProject(this, itemIndex)), itemIndex, userId);
	return { success: true, user_id: userId, ...(response ?? {}) };
}
