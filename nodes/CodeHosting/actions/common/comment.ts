import type { INodeProperties } from 'n8n-workflow';

export const commentIdField: INodeProperties = {
	displayName: 'Comment ID',
	name: 'commentId',
	type: 'number',
	// No default: an empty field is refused before any request.
	default: '',
	required: true,
	description: 'The numeric ID of the comment (the ID of Create Comment or Get Comments), on an issue or a pull request',
};
