import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, commitFields, currentSha, filePath, readCommit, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('file', 'createOrUpdate', [
	...repositoryFields,
	{
		displayName: 'File Path',
		name: 'filePath',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'docs/README.md',
		description: 'Path of the file in the repository',
	},
	{
		displayName: 'Binary File',
		name: 'binaryData',
		type: 'boolean',
		default: false,
		description: 'Whether the content comes from a binary field of the input item (byte for byte) instead of text',
	},
	{
		displayName: 'File Content',
		name: 'fileContent',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		displayOptions: { show: { binaryData: [false] } },
		description: 'Text of the file',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { binaryData: [true] } },
		hint: 'The name of the input binary field containing the file',
	},
	...commitFields,
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const endpoint = `${repoPath(this, itemIndex)}/contents/${filePath(this, this.getNodeParameter('filePath', itemIndex), itemIndex)}`;
	const { message, branch, identities } = readCommit(this, itemIndex);

	let content: Buffer;
	if (this.getNodeParameter('binaryData', itemIndex, false) as boolean) {
		const property = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
		this.helpers.assertBinaryData(itemIndex, property);
		content = await this.helpers.getBinaryDataBuffer(itemIndex, property);
	} else {
		content = Buffer.from(String(this.getNodeParameter('fileContent', itemIndex, '') ?? ''), 'utf8');
	}

	const sha = await currentSha(this, endpoint, branch, itemIndex);
	const body: IDataObject = {
		message,
		content: content.toString('base64'),
		...(branch ? { branch } : {}),
		...(sha ? { sha } : {}),
		...identities,
	};
	return await codeHosting(this).request('PUT', endpoint, { body, itemIndex });
}
