import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, showFor, simplified, simplifyOptions } from '../../../shared';
import { codeHosting, issueBody, issueFields, repoPath, repositoryFields, simplifyIssue } from '../common';

export const description: INodeProperties[] = showFor('issue', 'create', [
	...repositoryFields,
	{ displayName: 'Title', name: 'title', type: 'string', default: '', required: true },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: issueFields,
	},
	simplifyOptions(),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const title = requireText(this, this.getNodeParameter('title', itemIndex), 'Title', itemIndex);
	const body = { title, ...issueBody(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject) };
	return simplified(this, itemIndex, await codeHosting(this).request('POST', `${repoPath(this, itemIndex)}/issues`, { body, itemIndex }), simplifyIssue);
}
