import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText } from '../../../shared';

import { codeHosting } from '../../transport';

/** The current blob SHA of a file on a branch, or undefined when it does not exist (404). */
export async function currentSha(
	ctx: IExecuteFunctions,
	endpoint: string,
	branch: string | undefined,
	itemIndex: number,
): Promise<string | undefined> {
	const response = await codeHosting(ctx).fullRequest<IDataObject>('GET', endpoint, {
		qs: branch ? { ref: branch } : undefined,
		itemIndex,
		acceptStatuses: [404],
	});
	const body = response.body;
	if (response.statusCode === 404 || Array.isArray(body)) return undefined;
	return typeof body.sha === 'string' ? body.sha : undefined;
}

/** Committer/author identity from the "Additional Fields" of a write. */
export function identities(fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const role of ['author', 'committer'] as const) {
		const value = fields[role] as IDataObject | undefined;
		const entry = (value?.value ?? value) as IDataObject | undefined;
		if (entry && typeof entry.name === 'string' && entry.name && typeof entry.email === 'string' && entry.email) {
			body[role] = { name: entry.name, email: entry.email };
		}
	}
	return body;
}

export const identityOptions = (['author', 'committer'] as const).map((role) => ({
	displayName: role === 'author' ? 'Author' : 'Committer',
	name: role,
	type: 'fixedCollection' as const,
	default: {},
	options: [
		{
			displayName: role === 'author' ? 'Author' : 'Committer',
			name: 'value',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string' as const, default: '' },
				{ displayName: 'Email', name: 'email', type: 'string' as const, placeholder: 'name@email.com', default: '' },
			],
		},
	],
}));

/** Commit message and the Additional Fields (branch, author, committer) of a file write. */
export const commitFields: INodeProperties[] = [
	{
		displayName: 'Commit Message',
		name: 'commitMessage',
		type: 'string',
		default: '',
		required: true,
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Branch', name: 'branch', type: 'string', default: '', description: 'Branch to commit to. Default: the repository\'s default branch.' },
			...identityOptions,
		],
	},
];

/** The commit message, branch and identities of a file write, for this item. */
export function readCommit(ctx: IExecuteFunctions, itemIndex: number): { message: string; branch?: string; identities: IDataObject } {
	const message = requireText(ctx, ctx.getNodeParameter('commitMessage', itemIndex), 'Commit Message', itemIndex);
	const fields = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const branch = typeof fields.branch === 'string' && fields.branch.trim() !== '' ? fields.branch.trim() : undefined;
	return { message, branch, identities: identities(fields) };
}

/** How File → Get (JSON) and Repository → Get License return file content. */
export type ContentEncoding = 'auto' | 'base64';

/** The "Encoding" option of content read into JSON. */
export const contentEncodingField: INodeProperties = {
	displayName: 'Encoding',
	name: 'encoding',
	type: 'options',
	options: [
		{
			name: 'Text When Valid UTF-8',
			value: 'auto',
			description: 'Text for UTF-8 text files; base64 (with encoding "base64") for anything else, never a lossy decode',
		},
		{ name: 'Base64', value: 'base64', description: 'Always base64, with encoding "base64"' },
	],
	default: 'auto',
	description: 'How the file content is put in the JSON output',
};

/** True when `bytes` is UTF-8 text: it decodes and re-encodes to the same bytes and has no NUL byte. */
export function isUtf8Text(bytes: Buffer): boolean {
	if (bytes.includes(0)) return false;
	return Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
}

/**
 * The JSON form of file content: `{ content: text }` for valid UTF-8 text in "auto" mode,
 * otherwise `{ content: base64, encoding: 'base64' }`. Never a lossy decode.
 */
export function contentJson(bytes: Buffer, encoding: ContentEncoding = 'auto'): IDataObject {
	if (encoding === 'auto' && isUtf8Text(bytes)) return { content: bytes.toString('utf8') };
	return { content: bytes.toString('base64'), encoding: 'base64' };
}

/** The Encoding option of this item, checked. */
export function readContentEncoding(ctx: IExecuteFunctions, itemIndex: number): ContentEncoding {
	const value = ctx.getNodeParameter('encoding', itemIndex, 'auto');
	if (value !== 'auto' && value !== 'base64') {
		throw new NodeOperationError(ctx.getNode(), `Unknown value for Encoding: "${String(value)}"`, {
			itemIndex,
			description: 'Allowed: auto, base64.',
		});
	}
	return value;
}

/** The most bytes of file content a tool answer holds (File → Get run as an AI tool). */
export const TOOL_CONTENT_LIMIT = 100_000;

/** The first `limit` bytes of UTF-8 text, cut back to the start of a character. */
function utf8Prefix(bytes: Buffer, limit: number): Buffer {
	let end = Math.min(limit, bytes.length);
	while (end > 0 && end < bytes.length && (bytes[end] & 0xc0) === 0x80) end--;
	return bytes.subarray(0, end);
}

/**
 * File → Get's answer to an AI tool call: n8n hands a model no binary data, so the content goes in
 * the JSON, with a note first that says what it is: the text of a UTF-8 file (the first
 * TOOL_CONTENT_LIMIT bytes of a bigger one, `truncated: true`), or base64 with its MIME type for
 * anything else up to that size; a bigger binary file is described, not sent.
 */
export function toolFileJson(path: string, bytes: Buffer, mimeType: string, extra: IDataObject = {}): IDataObject {
	const size = bytes.length;
	const limit = TOOL_CONTENT_LIMIT.toLocaleString('en-US');
	if (isUtf8Text(bytes)) {
		if (size <= TOOL_CONTENT_LIMIT) {
			return { note: `"content" is the text of ${path} (UTF-8, ${size} bytes).`, path, size, mimeType, ...extra, content: bytes.toString('utf8') };
		}
		const part = utf8Prefix(bytes, TOOL_CONTENT_LIMIT);
		return {
			note: `"content" is the first ${part.length} of ${size} bytes of ${path} (UTF-8 text); the rest is left out: a tool answer holds at most ${limit} bytes.`,
			path,
			size,
			mimeType,
			...extra,
			truncated: true,
			content: part.toString('utf8'),
		};
	}
	if (size <= TOOL_CONTENT_LIMIT) {
		return { note: `${path} is not text: "content" is its ${size} bytes in base64 (${mimeType}).`, path, size, mimeType, ...extra, encoding: 'base64', content: bytes.toString('base64') };
	}
	return {
		note: `${path} is not text and has ${size} bytes (${mimeType}), more than the ${limit} a tool answer holds: its content is left out.`,
		path,
		size,
		mimeType,
		...extra,
		truncated: true,
	};
}
