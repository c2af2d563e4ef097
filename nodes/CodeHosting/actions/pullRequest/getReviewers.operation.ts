import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, pullNumberField, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('pullRequest', 'getReviewers', [
	...repositoryFields,
	pullNumberField,
	{
		displayName: 'Include Submitted Reviews',
		name: 'includeReviews',
		type: 'boolean',
		default: false,
		description: 'Whether to add the reviews already submitted (who approved, requested changes or commented)',
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'pullNumber', 'Pull Request Number', itemIndex);
	const base = `${repoPath(this, itemIndex)}/pulls/${number}`;
	const requested = await codeHosting(this).request('GET', `${base}/requested_reviewers`, { itemIndex });
	const result: IDataObject = { users: requested.users ?? [], teams: requested.teams ?? [] };
	if (this.getNodeParameter('includeReviews', itemIndex, false) as boolean) {
		result.reviews = await codeHosting(this).requestAll('GET', `${base}/reviews`, Infinity, { itemIndex });
	}
	return result;
}
