import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, compact, pullNumberField, readNumber, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('pullRequest', 'merge', [
	...repositoryFields,
	pullNumberField,
	{
		displayName: 'Merge Method',
		name: 'mergeMethod',
		type: 'options',
		options: [
			{ name: 'Merge', value: 'merge' },
			{ name: 'Rebase', value: 'rebase' },
			{ name: 'Squash', value: 'squash' },
		],
		default: 'merge',
		description: 'How to merge: with a merge commit, by rebasing the commits onto the base branch, or by squashing them into one commit',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Commit Message', name: 'commit_message', type: 'string', default: '' },
			{ displayName: 'Commit Title', name: 'commit_title', type: 'string', default: '' },
			{ displayName: 'Expected Head SHA', name: 'sha', type: 'string', default: '', description: 'Merge only if the head is still at this SHA' },
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'pullNumber', 'Pull Request Number', itemIndex);
	const body = {
		merge_method: this.getNodeParameter('mergeMethod', itemIndex, 'merge') as string,
		...compact(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	};
	return await codeHosting(this).request('PUT', `${repoPath(this, itemIndex)}/pulls/${number}/merge`, { body, itemIndex });
}
