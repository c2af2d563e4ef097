import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireEmail, showFor } from '../../../shared';
import { createInvite } from '../../core/calls';
import { wasAccepted } from '../../core/lookup';
import { rolesOf } from '../../core/permissions';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { buildPermissions, permissionOptions, rolesField } from '../common';

export const description: INodeProperties[] = showFor('invite', 'create', [
	projectLocator,
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description:
			'Email address of the person to invite. Someone already in the organization is added at once (output accepted: true).',
	},
	rolesField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: permissionOptions,
	},
]);

/** One output item per input item. */
export const returns = 'item';

/** Invites the email; `accepted` says whether the platform added the user at once. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const email = requireEmail(this, this.getNodeParameter('email', itemIndex), 'Email', itemIndex);
	const permissions = buildPermissions(this, itemIndex);
	const client = inProject(this, await readProject(this, itemIndex));
	const created = await createInvite(client, itemIndex, email, permissions);
	const accepted = await wasAccepted(client, itemIndex, String(created.invite_code));
	return { ...created, email, roles: rolesOf(permissions), accepted };
}
