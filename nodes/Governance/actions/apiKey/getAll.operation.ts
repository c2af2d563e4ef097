import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { listKeys } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { keyUserLocator, readKeyUser } from './common';
import { simplifyApiKey } from '../common';

export const description: INodeProperties[] = showFor('apiKey', 'getAll', [projectLocator, keyUserLocator, ...returnAllOrLimit(), simplifyOptions()]);

/** Any number of output items per input item (one per key). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const userId = readKeyUser(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	// The API answers every key in one response: the limit cuts that one answer.
	const keys = await listKeys(inProject(this, await readProject(this, itemIndex)), itemIndex, userId);
	return simplifiedAll(this, itemIndex, Number.isFinite(limit) ? keys.slice(0, limit) : keys, simplifyApiKey);
}
