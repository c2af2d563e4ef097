import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { hasControlCharacter, requireText, showFor } from '../../../shared';
import { branchLocator, codeHosting, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('branch', 'create', [
	...repositoryFields,
	{
		displayName: 'New Branch Name',
		name: 'newBranch',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'feature/new-thing',
	},
	{
		...branchLocator('From', 'from', true, 'Branch, tag or commit SHA the new branch starts at'),
		default: { mode: 'list', value: '' },
	},
]);

const SHA = /^[0-9a-f]{40}$/i;
const VALID_BRANCH = /^(?!\/)(?!.*\/\/)(?!.*\.\.)(?!.*@\{)(?!.*\.lock$)[^\s~^:?*[\\\x7f]+(?<![/.])$/;

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const base = repoPath(this, itemIndex);
	const newBranch = requireText(this, this.getNodeParameter('newBranch', itemIndex), 'New Branch Name', itemIndex).replace(/^refs\/heads\//, '');
	if (hasControlCharacter(newBranch) || !VALID_BRANCH.test(newBranch)) {
		throw new NodeOperationError(this.getNode(), `"${newBranch}" is not a valid branch name`, {
			itemIndex,
			description: 'Branch names cannot contain spaces, "..", "~", "^", ":", "?", "*", "[" or end with "/" or ".lock".',
		});
	}
	const from = requireText(this, this.getNodeParameter('from', itemIndex, '', { extractValue: true }), 'From', itemIndex);
	let sha = from;
	if (!SHA.test(from)) {
		const commit = await codeHosting(this).request<{ sha?: string }>(
			'GET',
			`${base}/commits/${from.split('/').map(encodeURIComponent).join('/')}`,
			{ itemIndex },
		);
		sha = String(commit.sha ?? '');
	}
	return await codeHosting(this).request('POST', `${base}/git/refs`, {
		body: { ref: `refs/heads/${newBranch}`, sha },
		itemIndex,
	});
}
