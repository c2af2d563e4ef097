import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { updateMember } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { buildPermissions, keptOwnUser, ownUserOption, permissionOptions, readId, rolesField, userIdLocator } from '../common';

export const description: INodeProperties[] = showFor('user', 'updateRole', [
	projectLocator,
	{ ...userIdLocator, description: 'The user whose roles change' },
	rolesField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			ownUserOption("change the roles of the user the credential's API key belongs to (a change can take their Admin role away)"),
			{
				displayName: 'Overwrite',
				name: 'overwrite',
				type: 'boolean',
				default: false,
				description:
					'Whether to replace the user\'s permissions with these instead of merging them into the existing ones',
			},
			...permissionOptions,
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/**
 * Sets the user's roles in the project. Any change of the API key's own user is kept (a merge can
 * still set a role to false; telling a promotion from a demotion would need a read of their
 * roles) unless Include the API Key's Own User is on.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readId(this, 'userId', 'User ID', itemIndex);
	const permissions = buildPermissions(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// Off (the shown default) is the API's own default, merge: only On is sent, so adding the option
	// at its default changes nothing
	const overwrite = options.overwrite === true || options.overwrite === 'true' ? true : undefined;
	const client = inProject(this, await readProject(this, itemIndex));
	const kept = await keptOwnUser(this, itemIndex, userId, 'roles not changed');
	if (kept) return kept;
	const response = await updateMember(client, itemIndex, userId, permissions, overwrite);
	return { success: true, user_id: userId, ...(response ?? {}) };
}
