import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** A required numeric ID typed as text: no default, so an empty field is refused before any request. */
export function requiredIdField(displayName: string, name: string, description: string, placeholder = '1'): INodeProperties {
	return { displayName, name, type: 'string', default: '', required: true, placeholder, description };
}

/**
 * A required numeric ID or number of this item: empty → "<label> is required", anything but a
 * whole number of at least 1 (0, -1, 1.5, text) → refused; both before any request.
 */
export function readRequiredId(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): number {
	const raw = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
	if (text === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} is required`, { itemIndex, description: `Enter the ${label} (a whole number such as 12).` });
	}
	const value = Number(text);
	if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
		throw new NodeOperationError(ctx.getNode(), `${label} must be a whole number of at least 1`, { itemIndex, description: `Got "${text}".` });
	}
	return value;
}

/** The release to act on, by its numeric ID. */
export const releaseIdField = requiredIdField(
	'Release ID',
	'releaseId',
	'The numeric ID of the release (the "id" of Release → Get Many or Get by tag), not its tag',
	'123456',
);

/** The release ID of this item: a whole number of at least 1. */
export function readReleaseId(ctx: IExecuteFunctions, itemIndex: number): number {
	return readRequiredId(ctx, 'releaseId', 'Release ID', itemIndex);
}

/** Fields a release can be created or updated with (keys as the platform names them). */
export function releaseFields(forUpdate: boolean): INodeProperties[] {
	return [
		{ displayName: 'Body', name: 'body', type: 'string', typeOptions: { rows: 4 }, default: '', description: 'Release notes (Markdown)' },
		{ displayName: 'Draft', name: 'draft', type: 'boolean', default: false, description: 'Whether the release is an unpublished draft' },
		...(forUpdate
			? []
			: [
					{
						displayName: 'Generate Release Notes',
						name: 'generate_release_notes',
						type: 'boolean' as const,
						default: false,
						description: 'Whether the platform writes the name and notes from the merged pull requests (a given name or body is kept)',
					},
				]),
		{
			displayName: 'Make Latest',
			name: 'make_latest',
			type: 'options',
			options: [
				{ name: 'True', value: 'true' },
				{ name: 'False', value: 'false' },
				{ name: 'Legacy (by Date and Version)', value: 'legacy' },
			],
			default: 'true',
			description: 'Whether this release is marked as the latest one',
		},
		{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Title of the release (default: the tag)' },
		{ displayName: 'Prerelease', name: 'prerelease', type: 'boolean', default: false, description: 'Whether the release is marked as not ready for production' },
		...(forUpdate ? [{ displayName: 'Tag', name: 'tag_name', type: 'string' as const, default: '', description: 'New tag of the release' }] : []),
		{
			displayName: 'Target',
			name: 'target_commitish',
			type: 'string',
			default: '',
			placeholder: 'main',
			description: 'Branch or commit SHA the tag is created from when it does not exist yet (default: the default branch)',
		},
	];
}

/** The request body from release fields: empty texts left out, booleans kept. */
export function releaseBody(fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const [key, value] of Object.entries(fields)) {
		if (value === undefined || value === null) continue;
		if (typeof value === 'string' && value.trim() === '' && key !== 'body') continue;
		body[key] = typeof value === 'string' && key !== 'body' ? value.trim() : value;
	}
	return body;
}
