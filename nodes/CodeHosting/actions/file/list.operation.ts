import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { branchLocator, codeHosting, filePath, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('file', 'list', [
	...repositoryFields,
	{
		displayName: 'Folder Path',
		name: 'filePath',
		type: 'string',
		default: '',
		placeholder: 'docs',
		description: 'Path of the folder to list, such as docs or src/lib. Empty for the top folder of the repository.',
	},
	{
		displayName: 'Recursive',
		name: 'recursive',
		type: 'boolean',
		default: false,
		description:
			'Whether to list every file and folder below the folder too (through the git trees API, one request for the whole tree) instead of its direct entries only',
	},
	...returnAllOrLimit(),
	{
		displayName: 'Additional Parameters',
		name: 'additionalParameters',
		type: 'collection',
		placeholder: 'Add Parameter',
		default: {},
		options: [
			{
				...branchLocator('Reference', 'reference', false, 'Branch, tag or commit SHA to list. Default: the repository\'s default branch.'),
				default: { mode: 'name', value: '' },
			},
		],
	},
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

/** The name of a path's last segment. */
function lastSegment(path: string): string {
	return path.split('/').pop() ?? path;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const base = repoPath(this, itemIndex);
	const path = filePath(this, this.getNodeParameter('filePath', itemIndex, ''), itemIndex, true);
	const recursive = this.getNodeParameter('recursive', itemIndex, false) as boolean;
	const limit = readLimit(this, itemIndex);
	const ref = String(this.getNodeParameter('additionalParameters.reference', itemIndex, '', { extractValue: true }) ?? '').trim();
	const qs: IDataObject = ref ? { ref } : {};
	const folder = decodeURIComponent(path);
	const client = codeHosting(this);

	// The contents API answers a folder in one response (no pages); a file is an object, not a list.
	const listFolder = async (encodedPath: string): Promise<IDataObject[]> => {
		const body = await client.request<IDataObject | IDataObject[]>('GET', `${base}/contents/${encodedPath}`, { qs, itemIndex });
		if (!Array.isArray(body)) {
			throw new NodeOperationError(this.getNode(), `"${decodeURIComponent(encodedPath)}" is a file, not a folder`, {
				itemIndex,
				description: 'Use File → Get to read a file.',
			});
		}
		return body;
	};

	if (!recursive) return (await listFolder(path)).slice(0, limit);

	// The tree to list: the commit's root tree (branch, tag or SHA), or the folder's tree SHA from
	// its parent folder's listing.
	let treeSha: string;
	if (path === '') {
		treeSha = ref || String((await client.request<IDataObject>('GET', base, { itemIndex })).default_branch);
	} else {
		const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
		const entry = (await listFolder(parent)).find((candidate) => candidate.path === folder);
		if (!entry || entry.type !== 'dir') {
			throw new NodeOperationError(this.getNode(), entry ? `"${folder}" is a file, not a folder` : `There is no folder "${folder}"${ref ? ` at ${ref}` : ''}`, {
				itemIndex,
				description: entry ? 'Use File → Get to read a file.' : 'Check the folder path (it is case-sensitive) and the reference.',
			});
		}
		treeSha = String(entry.sha);
	}
	const tree = await client.request<IDataObject>('GET', `${base}/git/trees/${encodeURIComponent(treeSha)}`, {
		qs: { recursive: '1' },
		itemIndex,
	});
	const entries = ((tree.tree as IDataObject[] | undefined) ?? []).map((entry) => {
		const fullPath = folder ? `${folder}/${String(entry.path)}` : String(entry.path);
		return { ...entry, path: fullPath, name: lastSegment(fullPath) };
	});
	if (tree.truncated === true && entries.length < limit) {
		throw new NodeOperationError(this.getNode(), `The folder "${folder || '/'}" has more entries than the platform lists in one tree`, {
			itemIndex,
			description: `The platform returned ${entries.length} entries and cut the rest. List sub-folders one by one, or turn off Recursive.`,
		});
	}
	return entries.slice(0, limit);
}
