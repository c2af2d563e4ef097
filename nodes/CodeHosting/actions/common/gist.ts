import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText } from '../../../shared';

export function filesField(required: boolean, withDelete: boolean): INodeProperties {
	return {
		displayName: 'Files',
		name: 'files',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add File',
		default: {},
		required,
		options: [
			{
				displayName: 'File',
				name: 'file',
				values: [
					{ displayName: 'File Name', name: 'name', type: 'string', default: '', placeholder: 'notes.md' },
					{ displayName: 'Content', name: 'content', type: 'string', typeOptions: { rows: 4 }, default: '' },
					...(withDelete
						? [{ displayName: 'Delete File', name: 'delete', type: 'boolean' as const, default: false, description: 'Whether to remove this file from the gist' }]
						: []),
				],
			},
		],
	};
}

/** `{ "<name>": { content } }` (or null to delete) from the Files collection. */
export function readFiles(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const entries = ctx.getNodeParameter('files.file', itemIndex, []) as Array<{ name: string; content: string; delete?: boolean }>;
	const files: IDataObject = {};
	for (const entry of entries) {
		const name = requireText(ctx, entry.name, 'File Name', itemIndex);
		if (entry.delete) {
			files[name] = null;
			continue;
		}
		// Content must not be blank, but is sent exactly as given (trailing newlines included).
		requireText(ctx, entry.content, `Content of ${name}`, itemIndex);
		files[name] = { content: String(entry.content) };
	}
	return files;
}
