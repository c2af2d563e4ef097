import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor, simplified, simplifyOptions } from '../../../shared';
import { codeHosting, issueBody, issueFields, issueNumberField, openClosedState, readNumber, repoPath, repositoryFields, requireChanges, simplifyIssue } from '../common';

export const description: INodeProperties[] = showFor('issue', 'update', [
	...repositoryFields,
	issueNumberField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			...issueFields,
			openClosedState,
			{
				displayName: 'State Reason',
				name: 'state_reason',
				type: 'options',
				options: [
					{ name: 'Completed', value: 'completed' },
					{ name: 'Not Planned', value: 'not_planned' },
					{ name: 'Reopened', value: 'reopened' },
				],
				default: 'completed',
				description: 'Why the state changes: completed, not planned (closing) or reopened',
			},
			{ displayName: 'Title', name: 'title', type: 'string', default: '' },
		],
	},
	simplifyOptions(),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'issueNumber', 'Issue Number', itemIndex);
	const body = issueBody(this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject);
	return simplified(this, itemIndex, await codeHosting(this).request('PATCH', `${repoPath(this, itemIndex)}/issues/${number}`, {
		body: requireChanges(this, body, itemIndex),
		itemIndex,
	}), simplifyIssue);
}
