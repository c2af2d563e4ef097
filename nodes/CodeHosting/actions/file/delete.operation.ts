import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText, showFor } from '../../../shared';
import { codeHostingRequest } from '../../transport';
import { filePath, repoPath, repositoryFields } from '../common';
import { currentSha, identities, identityOptions } from './shared';

export const description: INodeProperties[] = showFor('file', 'delete', [
	...repositoryFields,
	{
		displayName: 'File Path',
		name: 'filePath',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'docs/README.md',
	},
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
			{ displayName: 'Branch', name: 'branch', type: 'string', default: '' },
			...identityOptions,
		],
	},
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = filePath(this, this.getNodeParameter('filePath', itemIndex), itemIndex);
	const endpoint = `${repoPath(this, itemIndex)}/contents/${path}`;
	const message = requireText(this, this.getNodeParameter('commitMessage', itemIndex), 'Commit Message', itemIndex);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const branch = typeof fields.branch === 'string' && fields.branch.trim() !== '' ? fields.branch.trim() : undefined;
	const sha = await currentSha(this, endpoint, branch, itemIndex);
	if (!sha) {
		throw new NodeOperationError(this.getNode(), `The file "${decodeURIComponent(path)}" does not exist${branch ? ` on branch ${branch}` : ''}`, {
			itemIndex,
			description: 'Nothing was deleted.',
		});
	}
	return await codeHostingRequest(this, 'DELETE', endpoint, {
		body: { message, sha, ...(branch ? { branch } : {}), ...identities(fields) },
		itemIndex,
	});
}
