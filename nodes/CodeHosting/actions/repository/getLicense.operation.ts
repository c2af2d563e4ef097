import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { branchLocator, codeHosting, contentEncodingField, contentJson, readContentEncoding, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('repository', 'getLicense', [
	...repositoryFields,
	contentEncodingField,
	{
		displayName: 'Additional Parameters',
		name: 'additionalParameters',
		type: 'collection',
		placeholder: 'Add Parameter',
		default: {},
		options: [
			{
				...branchLocator('Reference', 'reference', false, 'Branch, tag or commit SHA to read the license at. Default: the repository\'s default branch.'),
				default: { mode: 'name', value: '' },
			},
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	const encoding = readContentEncoding(this, itemIndex);
	const ref = String(this.getNodeParameter('additionalParameters.reference', itemIndex, '', { extractValue: true }) ?? '').trim();
	const body = await codeHosting(this).request<IDataObject>('GET', `${path}/license`, { qs: ref ? { ref } : undefined, itemIndex });
	const { content, encoding: platformEncoding, ...rest } = body;
	const bytes = Buffer.from(typeof content === 'string' ? content : '', platformEncoding === 'base64' ? 'base64' : 'utf8');
	// The license file's text (decoded), or base64 when it is not UTF-8 text.
	return { ...rest, ...contentJson(bytes, encoding) };
}
