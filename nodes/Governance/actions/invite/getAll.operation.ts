import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { listInvites } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { simplifyInvite } from '../common';

export const description: INodeProperties[] = showFor('invite', 'getAll', [projectLocator, ...returnAllOrLimit(), simplifyOptions()]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	// The API answers every pending invite in one response: the limit cuts that one answer.
	const invites = await listInvites(inProject(this, await readProject(this, itemIndex)), itemIndex);
	return simplifiedAll(this, itemIndex, Number.isFinite(limit) ? invites.slice(0, limit) : invites, simplifyInvite);
}
