import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, requireChoice, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting, organizationField, readLogin, twoFactorFilter } from '../common';

const TWO_FACTOR = ['all', '2fa_disabled', '2fa_insecure'] as const;

export const description: INodeProperties[] = showFor('organization', 'getOutsideCollaborators', [
	organizationField,
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [twoFactorFilter],
	},
]);

/** Any number of output items per input item (one per outside collaborator). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const limit = readLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const twoFactor = requireChoice(this, filters.twoFactor ?? 'all', TWO_FACTOR, 'Two-Factor Authentication', itemIndex);
	const qs: IDataObject = twoFactor === 'all' ? {} : { filter: twoFactor };
	return await codeHosting(this).requestAll('GET', `/orgs/${org}/outside_collaborators`, limit, { qs, itemIndex });
}
