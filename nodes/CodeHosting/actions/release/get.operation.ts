import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, showFor, simplified, simplifyOptions } from '../../../shared';
import { codeHosting, readReleaseId, releaseIdField, repoPath, repositoryFields, simplifyRelease } from '../common';

export const description: INodeProperties[] = showFor('release', 'get', [
	...repositoryFields,
	{
		displayName: 'Get By',
		name: 'getBy',
		type: 'options',
		options: [
			{ name: 'ID', value: 'id', description: 'The numeric ID of the release' },
			{ name: 'Tag', value: 'tag', description: 'The tag of a published release (drafts have no tag yet)' },
		],
		default: 'id',
		description: 'How to find the release: by its numeric ID or by its tag',
	},
	{ ...releaseIdField, displayOptions: { show: { getBy: ['id'] } } },
	{
		displayName: 'Tag',
		name: 'tag',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'v1.2.0',
		description: 'Tag of the published release',
		displayOptions: { show: { getBy: ['tag'] } },
	},
	simplifyOptions(),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	if (this.getNodeParameter('getBy', itemIndex, 'id') === 'tag') {
		const tag = requireText(this, this.getNodeParameter('tag', itemIndex), 'Tag', itemIndex);
		return simplified(this, itemIndex, await codeHosting(this).request('GET', `${path}/releases/tags/${encodeURIComponent(tag)}`, { itemIndex }), simplifyRelease);
	}
	const id = readReleaseId(this, itemIndex);
	return simplified(this, itemIndex, await codeHosting(this).request('GET', `${path}/releases/${id}`, { itemIndex }), simplifyRelease);
}
