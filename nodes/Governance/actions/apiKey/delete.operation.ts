import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requirePathSegment, showFor } from '../../../shared';
import { deleteKey } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
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
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readKeyUser(this, itemIndex);
	const keyId = requirePathSegment(this, this.getNodeParameter('keyId', itemIndex), 'Key ID', itemIndex);
	await deleteKey(inProject(this, await readProject(this, itemIndex)), itemIndex, userId, keyId);
	return { success: true, user_id: userId, id: keyId };
}
