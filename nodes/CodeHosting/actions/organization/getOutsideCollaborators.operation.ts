import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, filtersCollection, organizationField, readLogin, twoFactorFilter, twoFactorQuery } from '../common';

export const description: INodeProperties[] = showFor('organization', 'getOutsideCollaborators', [
	organizationField,
	...returnAllOrLimit(),
	filtersCollection([twoFactorFilter]),
]);

/** Any number of output items per input item (one per outside collaborator). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const limit = readLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = twoFactorQuery(this, filters, itemIndex);
	return await codeHosting(this).requestAll('GET', `/orgs/${org}/outside_collaborators`, limit, { qs, itemIndex });
}
