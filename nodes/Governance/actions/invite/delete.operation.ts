import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { deleteInvite } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { inviteCodeLocator, readId } from '../common';

export const description: INodeProperties[] = showFor('invite', 'delete', [
	projectLocator,
	{ ...inviteCodeLocator, description: 'The pending invite to delete' },
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const inviteCode = readId(this, 'inviteCode', 'Invite', itemIndex);
	return await deleteInvite(inProject(this, await readProject(this, itemIndex)), itemIndex, inviteCode);
}
