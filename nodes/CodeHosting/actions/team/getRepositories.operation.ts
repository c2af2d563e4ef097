import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, organizationField, teamLocator, teamPath } from '../common';

export const description: INodeProperties[] = showFor('team', 'getRepositories', [organizationField, teamLocator, ...returnAllOrLimit()]);

/** Any number of output items per input item (one per repository, with the team's permissions). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const path = teamPath(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	return await codeHosting(this).requestAll('GET', `${path}/repos`, limit, { itemIndex });
}
