import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { compact, list } from './values';

/** Fields an issue can be created or updated with. */
export const issueFields: INodeProperties[] = [
	{ displayName: 'Assignees', name: 'assignees', type: 'string', default: '', description: 'Logins, separated by commas' },
	{ displayName: 'Body', name: 'body', type: 'string', typeOptions: { rows: 4 }, default: '' },
	{ displayName: 'Labels', name: 'labels', type: 'string', default: '', description: 'Label names, separated by commas' },
	{ displayName: 'Milestone Number', name: 'milestone', type: 'number', default: 0 },
];

/** The request body from issue fields: lists split, milestone 0 left out. */
export function issueBody(fields: IDataObject): IDataObject {
	const body = compact(fields);
	for (const key of ['assignees', 'labels']) {
		if (key in fields) {
			const values = list(fields[key]);
			if (values.length > 0 || fields[key] !== '') body[key] = values;
			else delete body[key];
		}
	}
	if (body.milestone === 0) delete body.milestone;
	return body;
}

/** The number of an issue (or pull request) to act on. */
export const issueNumberField: INodeProperties = {
	displayName: 'Issue Number',
	name: 'issueNumber',
	type: 'number',
	// No default: an empty field is refused before any request (never a request for number 0).
	default: '',
	required: true,
	placeholder: '42',
	description: 'The number of the issue (or pull request), a whole number of at least 1, as shown after # on the platform',
};

/** The number of a pull request to act on. */
export const pullNumberField: INodeProperties = {
	displayName: 'Pull Request Number',
	name: 'pullNumber',
	type: 'number',
	// No default: an empty field is refused before any request (never a request for number 0).
	default: '',
	required: true,
	placeholder: '42',
	description: 'The number of the pull request, a whole number of at least 1, as shown after # on the platform',
};
