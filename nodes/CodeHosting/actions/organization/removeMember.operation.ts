import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, keptOwnLogin, memberUsernameField, organizationField, ownLoginOption, readLogin, readUsername } from '../common';

export const description: INodeProperties[] = showFor('organization', 'removeMember', [
	organizationField,
	memberUsernameField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [ownLoginOption('remove', 'from the organization')],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/** The credential's own login is kept (`kept`, nothing sent) unless Include the Token's Own Login is on. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const org = readLogin(this, 'owner', 'Organization', itemIndex);
	const username = readUsername(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const subject = { organization: decodeURIComponent(org), username };
	const kept = await keptOwnLogin(this, username, options.includeOwnLogin, 'not removed', itemIndex);
	if (kept) return { ...subject, ...kept };
	await codeHosting(this).request('DELETE', `/orgs/${org}/members/${encodeURIComponent(username)}`, { itemIndex });
	return { success: true, ...subject };
}
