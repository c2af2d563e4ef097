import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireChoices, showFor } from '../../../shared';
import { codeHosting, readUsername, repoPath, repositoryFields, usernameField } from '../common';

const PERMISSIONS = ['pull', 'triage', 'push', 'maintain', 'admin'] as const;

export const description: INodeProperties[] = showFor('collaborator', 'add', [
	...repositoryFields,
	usernameField,
	{
		displayName: 'Permission',
		name: 'permission',
		type: 'options',
		options: [
			{ name: 'Admin', value: 'admin' },
			{ name: 'Maintain', value: 'maintain' },
			{ name: 'Pull (Read)', value: 'pull' },
			{ name: 'Push (Write)', value: 'push' },
			{ name: 'Triage', value: 'triage' },
		],
		// Least privilege by default: read access; write, maintain and admin are chosen.
		default: 'pull',
		description: 'The access the collaborator gets (the platform\'s own default is push; the node\'s is read)',
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const username = readUsername(this, itemIndex);
	const [permission] = requireChoices(this, [this.getNodeParameter('permission', itemIndex)], PERMISSIONS, 'Permission', itemIndex);
	const response = await codeHosting(this).fullRequest<IDataObject>(
		'PUT',
		`${repoPath(this, itemIndex)}/collaborators/${encodeURIComponent(username)}`,
		{ body: { permission }, itemIndex },
	);
	// 201: an invitation was sent; 204: already a collaborator (permission updated).
	if (response.statusCode === 201 && response.body && typeof response.body === 'object') {
		return { invited: true, username, permission, invitation: response.body };
	}
	return { invited: false, username, permission, success: true };
}
