import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { getMember } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { readId, userIdLocator } from '../common';

export const description: INodeProperties[] = showFor('user', 'get', [
	projectLocator,
	{ ...userIdLocator, description: 'The user to read (their user ID): profile, type and permissions per project' },
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readId(this, 'userId', 'User ID', itemIndex);
	return await getMember(inProject(this, await readProject(this, itemIndex)), itemIndex, userId);
}
