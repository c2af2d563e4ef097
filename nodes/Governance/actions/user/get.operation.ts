import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor, simplified, simplifyOptions } from '../../../shared';
import { getMember } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { readId, simplifyMember, userIdLocator } from '../common';

export const description: INodeProperties[] = showFor('user', 'get', [
	projectLocator,
	{ ...userIdLocator, description: 'The user to read (their user ID): profile, type and permissions per project' },
	simplifyOptions(),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readId(this, 'userId', 'User ID', itemIndex);
	const project = await readProject(this, itemIndex);
	return simplified(this, itemIndex, await getMember(inProject(this, project), itemIndex, userId), simplifyMember(project.id));
}
