import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText, showFor, withShownDefaults } from '../../../shared';
import { codeHosting, list, releaseBody, releaseFields, repoPath, repositoryFields } from '../common';

const additionalFieldsField: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: releaseFields(false),
};

export const description: INodeProperties[] = showFor('release', 'create', [
	...repositoryFields,
	{
		displayName: 'Tag',
		name: 'tag',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'v1.2.0',
		description: 'Tag of the release; created from Target when it does not exist yet',
	},
	additionalFieldsField,
	{
		displayName: 'Upload Assets',
		name: 'uploadAssets',
		type: 'boolean',
		default: false,
		description: 'Whether to attach binary files of the input item to the release as assets',
	},
	{
		displayName: 'Asset Binary Fields',
		name: 'assetBinaryFields',
		type: 'string',
		default: 'data',
		placeholder: 'data, checksums',
		description: 'Names of the binary fields of the input item to upload, separated by commas; each file keeps its file name and MIME type',
		displayOptions: { show: { uploadAssets: [true] } },
	},
]);

/** One output item per input item. */
export const returns = 'item';

/** The binary files to upload, checked before any request: each field must hold a file. */
function assetsOf(ctx: IExecuteFunctions, itemIndex: number): Array<{ field: string; fileName: string; mimeType: string }> {
	if (!ctx.getNodeParameter('uploadAssets', itemIndex, false)) return [];
	const fields = list(ctx.getNodeParameter('assetBinaryFields', itemIndex, 'data'));
	if (fields.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Asset Binary Fields is required to upload assets', { itemIndex, description: 'Enter the name of a binary field, such as data.' });
	}
	const names = new Set<string>();
	return fields.map((field) => {
		const binary = ctx.getInputData()[itemIndex]?.binary?.[field];
		if (!binary) {
			throw new NodeOperationError(ctx.getNode(), `The input item has no binary field "${field}" to upload`, {
				itemIndex,
				description: 'Name a binary field the previous node outputs (for example data from Read/Write Files from Disk or an HTTP Request with a file response).',
			});
		}
		const fileName = binary.fileName ?? field;
		if (names.has(fileName)) {
			throw new NodeOperationError(ctx.getNode(), `Two assets would be named "${fileName}"`, { itemIndex, description: 'Asset names must be unique in a release.' });
		}
		names.add(fileName);
		return { field, fileName, mimeType: binary.mimeType || 'application/octet-stream' };
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	const tag = requireText(this, this.getNodeParameter('tag', itemIndex), 'Tag', itemIndex);
	const fields = releaseBody(withShownDefaults(additionalFieldsField, this.getNodeParameter('additionalFields', itemIndex, {})));
	// an empty Body on a new release is no notes, as without the field
	if (fields.body === '') delete fields.body;
	const assets = assetsOf(this, itemIndex);
	const client = codeHosting(this);
	const release = await client.request('POST', `${path}/releases`, { body: { tag_name: tag, ...fields }, itemIndex });
	if (assets.length === 0) return release;
	// upload_url is a URI template on the platform's upload host: …/assets{?name,label}
	const uploadUrl = String(release.upload_url ?? '').replace(/\{[^}]*\}$/, '');
	const uploaded: IDataObject[] = [];
	for (const asset of assets) {
		const data = await this.helpers.getBinaryDataBuffer(itemIndex, asset.field);
		try {
			uploaded.push(
				await client.request('POST', '', {
					url: uploadUrl,
					qs: { name: asset.fileName },
					body: data,
					headers: { 'Content-Type': asset.mimeType },
					itemIndex,
				}),
			);
		} catch (error) {
			const cause = error as Error & { description?: string | null };
			throw new NodeOperationError(this.getNode(), `Uploading the asset "${asset.fileName}" failed: ${cause.message}`, {
				itemIndex,
				description: `${cause.description ? `${cause.description} ` : ''}The release ${String(release.id)} (${tag}) was created and ${uploaded.length} of ${assets.length} assets were uploaded before this one. Upload the rest with an API Call, or delete the release and run again.`,
			});
		}
	}
	return { ...release, assets: [...((release.assets as IDataObject[] | undefined) ?? []), ...uploaded] };
}
