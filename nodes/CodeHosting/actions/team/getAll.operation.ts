import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, organizationField, readLogin } from '../common';

export const description: INodeProperties[] = showFor('team', 'getAll', [organizationField, ...returnAllOrLimit()]);

/** Any number of output items per input item (one per team). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const limit = readLimit(this, itemIndex);
	return await codeHosting(this).requestAll('GET', `/orgs/${org}/teams`, limit, { itemIndex });
}
