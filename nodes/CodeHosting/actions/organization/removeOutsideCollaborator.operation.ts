import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, memberUsernameField, organizationField, readLogin, readUsername } from '../common';

export const description: INodeProperties[] = showFor('organization', 'removeOutsideCollaborator', [organizationField, memberUsernameField]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const username = readUsername(this, itemIndex);
	await codeHosting(this).request('DELETE', `/orgs/${org}/outside_collaborators/${encodeURIComponent(username)}`, { itemIndex });
	return { success: true, organization: decodeURIComponent(org), username };
}
