import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { codeHosting } from '../../transport';
import { repoPath } from './repository';
import { readNumber } from './values';

/** Text or a binary file for Get Diff and Get Patch. */
export const pullTextOptions = (kind: 'diff' | 'patch'): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Put Output in File',
			name: 'binary',
			type: 'boolean',
			default: false,
			description: `Whether to output the ${kind} as a binary file (for large pull requests, or to attach it somewhere) instead of text in the JSON`,
		},
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			displayOptions: { show: { binary: [true] } },
			hint: 'The name of the output binary field to put the file in',
			description: 'Name of the binary field of the output item that receives the file',
		},
	],
});

/**
 * The pull request's diff or patch, as the platform renders it (Accept
 * application/vnd.github.diff or .patch), as text in `json[kind]` or as a binary file.
 */
export async function pullText(ctx: IExecuteFunctions, itemIndex: number, kind: 'diff' | 'patch'): Promise<INodeExecutionData[]> {
	const number = readNumber(ctx, 'pullNumber', 'Pull Request Number', itemIndex);
	const path = `${repoPath(ctx, itemIndex)}/pulls/${number}`;
	const response = await codeHosting(ctx).fullRequest<Buffer>('GET', path, {
		headers: { Accept: `application/vnd.github.${kind}` },
		encoding: 'arraybuffer',
		itemIndex,
	});
	const bytes = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body as unknown as ArrayBuffer);
	const options = ctx.getNodeParameter('options', itemIndex, {}) as { binary?: boolean; binaryPropertyName?: string };
	const json = { pullNumber: number, bytes: bytes.length };
	if (options.binary) {
		const field = options.binaryPropertyName || 'data';
		const binary = await ctx.helpers.prepareBinaryData(bytes, `pull-${number}.${kind}`, `text/x-${kind}`);
		return [{ json, binary: { [field]: binary } }];
	}
	return [{ json: { ...json, [kind]: bytes.toString('utf8') } }];
}
