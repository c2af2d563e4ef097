import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requirePathSegment, showFor } from '../../../shared';
import { codeHosting, filesField, readFiles } from '../common';

export const description: INodeProperties[] = showFor('gist', 'update', [
	{ displayName: 'Gist ID', name: 'gistId', type: 'string', default: '', required: true },
	filesField(false, true),
	{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'New description. Leave empty to keep it.' },
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const gistId = requirePathSegment(this, this.getNodeParameter('gistId', itemIndex), 'Gist ID', itemIndex);
	const body: IDataObject = {};
	const files = readFiles(this, itemIndex);
	if (Object.keys(files).length > 0) body.files = files;
	const descriptionText = this.getNodeParameter('description', itemIndex, '') as string;
	if (descriptionText) body.description = descriptionText;
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(this.getNode(), 'Change at least a file or the description', { itemIndex });
	}
	return await codeHosting(this).request('PATCH', `/gists/${encodeURIComponent(gistId)}`, { body, itemIndex });
}
