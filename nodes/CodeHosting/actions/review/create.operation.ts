import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText, showFor } from '../../../shared';
import { codeHosting, readPullNumber, repoPath, repositoryFields, reviewPullNumberField } from '../common';

const EVENTS: Record<string, string | undefined> = {
	approve: 'APPROVE',
	requestChanges: 'REQUEST_CHANGES',
	comment: 'COMMENT',
	pending: undefined,
};

export const description: INodeProperties[] = showFor('review', 'create', [
	...repositoryFields,
	reviewPullNumberField,
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		options: [
			{ name: 'Approve', value: 'approve', description: 'Approve the changes' },
			{ name: 'Comment', value: 'comment', description: 'Comment without approving (Body required)' },
			{ name: 'Pending', value: 'pending', description: 'Keep the review as a draft to submit later' },
			{ name: 'Request Changes', value: 'requestChanges', description: 'Ask for changes before merging (Body required)' },
		],
		default: 'comment',
		description: 'What the review says about the pull request',
	},
	{
		displayName: 'Body',
		name: 'body',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		description: 'Text of the review; required for Comment and Request Changes',
	},
	{
		displayName: 'Line Comments',
		name: 'comments',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Line Comment',
		default: {},
		description: 'Comments on lines of the changed files',
		options: [
			{
				displayName: 'Comment',
				name: 'comment',
				values: [
					{ displayName: 'Comment', name: 'body', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'Text of the line comment' },
					{
						displayName: 'Line',
						name: 'line',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 1,
						description: 'Line of the file the comment is about (in the new version; in the old one with Side = Left)',
					},
					{ displayName: 'Path', name: 'path', type: 'string', default: '', placeholder: 'src/index.ts', description: 'Path of a file changed by the pull request' },
					{
						displayName: 'Side',
						name: 'side',
						type: 'options',
						options: [
							{ name: 'Right (New Version)', value: 'RIGHT' },
							{ name: 'Left (Old Version)', value: 'LEFT' },
						],
						default: 'RIGHT',
						description: 'Which side of the diff the line is on: the new version (added or unchanged lines) or the old one (deleted lines)',
					},
					{ displayName: 'Start Line', name: 'start_line', type: 'number', default: 0, description: 'First line of a multi-line comment (0 = a single line)' },
				],
			},
		],
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Commit ID',
				name: 'commit_id',
				type: 'string',
				default: '',
				description: 'SHA of the commit reviewed (default: the latest commit of the pull request)',
			},
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

function lineComments(ctx: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const entries = ctx.getNodeParameter('comments.comment', itemIndex, []) as IDataObject[];
	return entries.map((entry, index) => {
		const label = `Line comment ${index + 1}`;
		const path = requireText(ctx, entry.path, `${label}: Path`, itemIndex).replace(/^\/+/, '');
		const body = requireText(ctx, entry.body, `${label}: Comment`, itemIndex);
		const line = Number(entry.line);
		const start = Number(entry.start_line ?? 0);
		if (!Number.isInteger(line) || line < 1 || !Number.isInteger(start) || start < 0 || (start > 0 && start >= line)) {
			throw new NodeOperationError(ctx.getNode(), `${label}: Line must be a whole number of at least 1, after Start Line`, {
				itemIndex,
				description: `Got line ${String(entry.line)}, start line ${String(entry.start_line)}.`,
			});
		}
		const side = entry.side === 'LEFT' ? 'LEFT' : 'RIGHT';
		const comment: IDataObject = { path, body, line, side };
		if (start > 0) Object.assign(comment, { start_line: start, start_side: side });
		return comment;
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	const number = readPullNumber(this, itemIndex);
	const choice = this.getNodeParameter('event', itemIndex, 'comment') as string;
	if (!(choice in EVENTS)) {
		throw new NodeOperationError(this.getNode(), `Unknown review event "${choice}"`, { itemIndex, description: 'Use approve, requestChanges, comment or pending.' });
	}
	const event = EVENTS[choice];
	const text = String(this.getNodeParameter('body', itemIndex, '') ?? '');
	if ((event === 'REQUEST_CHANGES' || event === 'COMMENT') && text.trim() === '') {
		throw new NodeOperationError(this.getNode(), `Body is required for a review that ${event === 'COMMENT' ? 'comments' : 'requests changes'}`, {
			itemIndex,
			description: 'Write what the author should know, or choose Pending to keep the review as a draft.',
		});
	}
	const body: IDataObject = {};
	if (event) body.event = event;
	if (text.trim() !== '') body.body = text;
	const comments = lineComments(this, itemIndex);
	if (comments.length > 0) body.comments = comments;
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	if (typeof fields.commit_id === 'string' && fields.commit_id.trim() !== '') body.commit_id = fields.commit_id.trim();
	return await codeHosting(this).request('POST', `${path}/pulls/${number}/reviews`, { body, itemIndex });
}
