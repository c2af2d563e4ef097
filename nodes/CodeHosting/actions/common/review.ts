import type { IExecuteFunctions } from 'n8n-workflow';

import { readRequiredId, requiredIdField } from './release';

/** The pull request a review belongs to: required, no default. */
export const reviewPullNumberField = requiredIdField(
	'Pull Request Number',
	'pullRequestNumber',
	'Number of the pull request the review belongs to (as in #12)',
	'12',
);

/** The review to act on. */
export const reviewIdField = requiredIdField('Review ID', 'reviewId', 'Numeric ID of the review (the "id" of Review → Get Many)', '80');

export function readPullNumber(ctx: IExecuteFunctions, itemIndex: number): number {
	return readRequiredId(ctx, 'pullRequestNumber', 'Pull Request Number', itemIndex);
}

export function readReviewId(ctx: IExecuteFunctions, itemIndex: number): number {
	return readRequiredId(ctx, 'reviewId', 'Review ID', itemIndex);
}
