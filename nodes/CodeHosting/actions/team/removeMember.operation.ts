import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, keptOwnLogin, memberUsernameField, organizationField, ownLoginOption, readUsername, teamLocator, teamPath } from '../common';

export const description: INodeProperties[] = showFor('team', 'removeMember', [
	organizationField,
	teamLocator,
	memberUsernameField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [ownLoginOption('remove', 'from the team')],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/** The credential's own login is kept (`kept`, nothing sent) unless Include the Token's Own Login is on. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = teamPath(this, itemIndex);
	const username = readUsername(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const subject = { team: decodeURIComponent(path.split('/').pop() ?? ''), username };
	const kept = await keptOwnLogin(this, username, options.includeOwnLogin, 'not removed', itemIndex);
	if (kept) return { ...subject, ...kept };
	await codeHosting(this).request('DELETE', `${path}/memberships/${encodeURIComponent(username)}`, { itemIndex });
	return { success: true, ...subject };
}
