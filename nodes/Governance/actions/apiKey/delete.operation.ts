import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requirePathSegment, showFor } from '../../../shared';
import { deleteKey } from '../../core/calls';
import { ownIdentity, projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { includesOwnUser, OWN_USER_ALLOWS as ALLOWS, ownUserOption } from '../common';
import { keyUserLocator, readKeyUser } from './common';

export const description: INodeProperties[] = showFor('apiKey', 'delete', [
	projectLocator,
	keyUserLocator,
	{
		displayName: 'Key ID',
		name: 'keyId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 6f1d…',
		description: 'ID of the key to delete: _id in API Key → Get Many, or the ID from API Key → Create',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			ownUserOption(
				"delete the key this credential uses (every workflow of this credential then fails); the user's other keys can be deleted without it",
			),
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/**
 * Deletes one API key of the user. The key this credential uses (`key_id` of `/auth/info`, asked
 * once per run; where the platform does not say it, every key of the credential's user) is kept
 * unless Include the API Key's Own User is on.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readKeyUser(this, itemIndex);
	const keyId = requirePathSegment(this, this.getNodeParameter('keyId', itemIndex), 'Key ID', itemIndex);
	if (!includesOwnUser(this, itemIndex)) {
		const own = await ownIdentity(this, itemIndex);
		if (userId === own.userId && (own.keyId === '' || keyId === own.keyId)) {
			const reason = own.keyId
				? `the key this credential uses: not deleted (every call of this credential authenticates with it; ${ALLOWS})`
				: `a key of the API key's own user: not deleted (the platform did not say which key this credential uses, so none of this user's keys is deleted; ${ALLOWS})`;
			return { success: false, kept: true, user_id: userId, id: keyId, reason };
		}
	}
	await deleteKey(inProject(this, await readProject(this, itemIndex)), itemIndex, userId, keyId);
	return { success: true, user_id: userId, id: keyId };
}
