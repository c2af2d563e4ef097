import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, issueNumberField, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('issue', 'getAssignees', [...repositoryFields, issueNumberField]);

/** The users assigned to the issue, one item each. */
/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const number = readNumber(this, 'issueNumber', 'Issue Number', itemIndex);
	const issue = await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/issues/${number}`, { itemIndex });
	return Array.isArray(issue.assignees) ? (issue.assignees as IDataObject[]) : [];
}
