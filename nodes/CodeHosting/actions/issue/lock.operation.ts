import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireChoices, showFor } from '../../../shared';
import { codeHosting, issueNumberField, readNumber, readRepository, repositoryFields } from '../common';

const LOCK_REASONS = ['off-topic', 'too heated', 'resolved', 'spam'] as const;

export const description: INodeProperties[] = showFor('issue', 'lock', [
	...repositoryFields,
	issueNumberField,
	{
		displayName: 'Lock Reason',
		name: 'lockReason',
		type: 'options',
		options: [
			{ name: 'Off-Topic', value: 'off-topic', description: 'The conversation is off-topic' },
			{ name: 'Resolved', value: 'resolved', description: 'The issue is resolved' },
			{ name: 'Spam', value: 'spam', description: 'The conversation is spam' },
			{ name: 'Too Heated', value: 'too heated', description: 'The conversation is too heated' },
		],
		default: 'resolved',
		description: 'Why the conversation is locked (shown on the issue). One of: off-topic, too heated, resolved, spam.',
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'issueNumber', 'Issue Number', itemIndex);
	const [reason] = requireChoices(this, this.getNodeParameter('lockReason', itemIndex, 'resolved'), LOCK_REASONS, 'Lock Reason', itemIndex);
	const { path, owner, repo } = readRepository(this, itemIndex);
	await codeHosting(this).request('PUT', `${path}/issues/${number}/lock`, { body: { lock_reason: reason }, itemIndex });
	return { success: true, locked: true, lock_reason: reason, number, owner, repository: repo };
}
