import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runsAsTool, showFor } from '../../../shared';
import {
	branchLocator,
	codeHosting,
	contentEncodingField,
	contentJson,
	filePath,
	RAW_MEDIA_TYPE,
	readContentEncoding,
	repoPath,
	repositoryFields,
	toolFileJson,
} from '../common';

export const description: INodeProperties[] = showFor('file', 'get', [
	...repositoryFields,
	{
		displayName: 'File Path',
		name: 'filePath',
		type: 'string',
		default: '',
		placeholder: 'docs/README.md',
		description: 'Path of the file or folder in the repository. Empty for the top folder.',
	},
	{
		displayName: 'As Binary Property',
		name: 'asBinaryProperty',
		type: 'boolean',
		default: true,
		description:
			'Whether to output the file as binary data (any size up to 100 MB, byte for byte) instead of its content in JSON (text for UTF-8 text files, base64 otherwise). Run as an AI tool, the content is put in the JSON (up to 100,000 bytes) with a note on what it is: a model gets no binary data.',
	},
	{ ...contentEncodingField, displayOptions: { show: { asBinaryProperty: [false] } } },
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { asBinaryProperty: [true] } },
		hint: 'The name of the output binary field to put the file in',
		description: 'Name of the binary field of the output item that receives the file, such as data',
	},
	{
		displayName: 'Additional Parameters',
		name: 'additionalParameters',
		type: 'collection',
		placeholder: 'Add Parameter',
		default: {},
		options: [
			{
				...branchLocator('Reference', 'reference', false, 'Branch, tag or commit SHA to read from. Default: the repository\'s default branch.'),
				default: { mode: 'name', value: '' },
			},
		],
	},
]);

function fileName(path: string): string {
	return decodeURIComponent(path.split('/').pop() ?? 'file');
}

/** Output items as built by the operation (with their binary data). */
export const returns = 'binary';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const base = repoPath(this, itemIndex);
	const path = filePath(this, this.getNodeParameter('filePath', itemIndex, ''), itemIndex, true);
	const ref = this.getNodeParameter('additionalParameters.reference', itemIndex, '', { extractValue: true }) as string;
	const qs: IDataObject = ref && typeof ref === 'string' && ref.trim() !== '' ? { ref: ref.trim() } : {};
	const endpoint = `${base}/contents/${path}`;
	const asBinary = this.getNodeParameter('asBinaryProperty', itemIndex, true) as boolean;
	const encoding = asBinary ? 'auto' : readContentEncoding(this, itemIndex);

	if (asBinary) {
		if (path === '') {
			throw new NodeOperationError(this.getNode(), 'File Path is required to download a file', { itemIndex });
		}
		// The raw media type returns the bytes themselves, also for files over 1 MB.
		const response = await codeHosting(this).fullRequest<Buffer>('GET', endpoint, {
			qs,
			itemIndex,
			encoding: 'arraybuffer',
			headers: { Accept: RAW_MEDIA_TYPE },
		});
		const data = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body as ArrayBuffer);
		const contentType = response.headers['content-type'];
		const looksLikeListing = typeof contentType === 'string' && contentType.includes('json') && data.subarray(0, 1).toString() === '[';
		if (looksLikeListing) {
			throw new NodeOperationError(this.getNode(), `"${decodeURIComponent(path)}" is a folder, not a file`, {
				itemIndex,
				description: 'Turn off "As Binary Property" to list a folder.',
			});
		}
		const binary = await this.helpers.prepareBinaryData(data, fileName(path));
		// a model gets no binary data from n8n: as a tool, the content goes in the JSON
		if (runsAsTool(this)) {
			return [{ json: toolFileJson(decodeURIComponent(path), data, binary.mimeType, qs.ref ? { ref: qs.ref } : {}) }];
		}
		const binaryPropertyName = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
		return [
			{
				json: { path: decodeURIComponent(path), size: data.length, ...(qs.ref ? { ref: qs.ref } : {}) },
				binary: { [binaryPropertyName]: binary },
			},
		];
	}

	const body = await codeHosting(this).request<IDataObject | IDataObject[]>('GET', endpoint, { qs, itemIndex });
	if (Array.isArray(body)) return body.map((json) => ({ json })); // a folder: one item per entry
	if (body.type === 'file') {
		let bytes: Buffer;
		if (body.encoding === 'base64' && typeof body.content === 'string') {
			bytes = Buffer.from(body.content, 'base64');
		} else {
			// Over 1 MB the JSON has no content ("encoding": "none"): read the raw bytes.
			const raw = await codeHosting(this).fullRequest<Buffer>('GET', endpoint, {
				qs,
				itemIndex,
				encoding: 'arraybuffer',
				headers: { Accept: RAW_MEDIA_TYPE },
			});
			bytes = Buffer.isBuffer(raw.body) ? raw.body : Buffer.from(raw.body as ArrayBuffer);
		}
		const rest: IDataObject = { ...body }; // the metadata without the base64 content
		delete rest.content;
		delete rest.encoding;
		// Text only for valid UTF-8 text; anything else as base64 (never a lossy decode).
		return [{ json: { ...rest, ...contentJson(bytes, encoding) } }];
	}
	return [{ json: body }];
}
