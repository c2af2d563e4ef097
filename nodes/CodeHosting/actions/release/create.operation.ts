import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, showFor } from '../../../shared';
import { codeHosting, releaseBody, releaseFields, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('release', 'create', [
	...repositoryFields,
	{
		displayName: 'Tag',
		name: 'tag',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'v1.2.0',
		description: 'Tag of the release; created from Target when it does not exist yet',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: releaseFields(false),
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	const tag = requireText(this, this.getNodeParameter('tag', itemIndex), 'Tag', itemIndex);
	const fields = releaseBody(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject);
	return await codeHosting(this).request('POST', `${path}/releases`, { body: { tag_name: tag, ...fields }, itemIndex });
}
