import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, filesField, readFiles } from '../common';

export const description: INodeProperties[] = showFor('gist', 'create', [
	filesField(true, false),
	{ displayName: 'Description', name: 'description', type: 'string', default: '' },
	{ displayName: 'Public', name: 'public', type: 'boolean', default: false, description: 'Whether the gist is public' },
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const files = readFiles(this, itemIndex);
	if (Object.keys(files).length === 0) {
		throw new NodeOperationError(this.getNode(), 'Add at least one file to the gist', { itemIndex });
	}
	const body: IDataObject = { files, public: this.getNodeParameter('public', itemIndex, false) as boolean };
	const descriptionText = this.getNodeParameter('description', itemIndex, '') as string;
	if (descriptionText) body.description = descriptionText;
	return await codeHosting(this).request('POST', '/gists', { body, itemIndex });
}
