import type { IExecuteFunctions } from 'n8n-workflow';

import { readRequiredId, requiredIdField } from './release';

/** The pull request a review belongs to: required, no default. */
export const reviewPullNumberField = requiredIdField(
	'Pull Request Number',
	'pullRequestNumber',
	'The number of the pull request the review belongs to, a whole number of at least 1, as shown after # on the platform',
	'12',
);

/** The review to act on. */
export const reviewIdField = requiredIdField('Review ID', 'reviewId', 'The numeric ID of the review (the "id" of Review → Get Many)', '80');

export function readPullNumber(ctx: IExecuteFunctions, itemIndex: number): number {
	return readRequiredId(ctx, 'pullRequestNumber', 'Pull Request Number', itemIndex);
}

export function readReviewId(ctx: IExecuteFunctions, itemIndex: number): number {
	return readRequiredId(ctx, 'reviewId', 'Review ID', itemIndex);
}
