import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, readReleaseId, releaseBody, releaseFields, releaseIdField, repoPath, repositoryFields, requireChanges } from '../common';

export const description: INodeProperties[] = showFor('release', 'update', [
	...repositoryFields,
	releaseIdField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here change; Draft off publishes a draft',
		options: releaseFields(true),
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	const id = readReleaseId(this, itemIndex);
	const body = requireChanges(this, releaseBody(this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject), itemIndex);
	return await codeHosting(this).request('PATCH', `${path}/releases/${id}`, { body, itemIndex });
}
