import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, memberUsernameField, organizationField, readUsername, teamLocator, teamPath } from '../common';

export const description: INodeProperties[] = showFor('team', 'removeMember', [organizationField, teamLocator, memberUsernameField]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = teamPath(this, itemIndex);
	const username = readUsername(this, itemIndex);
	await codeHosting(this).request('DELETE', `${path}/memberships/${encodeURIComponent(username)}`, { itemIndex });
	return { success: true, team: decodeURIComponent(path.split('/').pop() ?? ''), username };
}
