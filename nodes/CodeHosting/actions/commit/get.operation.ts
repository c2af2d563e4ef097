import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, showFor, simplified, simplifyOptions } from '../../../shared';
import { codeHosting, repoPath, repositoryFields, simplifyCommit } from '../common';

export const description: INodeProperties[] = showFor('commit', 'get', [
	...repositoryFields,
	{
		displayName: 'Commit Reference',
		name: 'ref',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 6dcb09b5b57875f334f61aebed695e2e4193db5e or main',
		description: 'Commit SHA, branch or tag',
	},
	simplifyOptions(),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const ref = requireText(this, this.getNodeParameter('ref', itemIndex), 'Commit Reference', itemIndex);
	return simplified(this, itemIndex, await codeHosting(this).request(
		'GET',
		`${repoPath(this, itemIndex)}/commits/${ref.split('/').map(encodeURIComponent).join('/')}`,
		{ itemIndex },
	), simplifyCommit);
}
