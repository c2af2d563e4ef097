import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { updateMember } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { buildPermissions, permissionOptions, readId, rolesField, userIdLocator } from '../common';

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

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readId(this, 'userId', 'User ID', itemIndex);
	const permissions = buildPermissions(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// Off (the shown default) is the API's own default, merge: only On is sent, so adding the option
	// at its default changes nothing
	const overwrite = options.overwrite === true || options.overwrite === 'true' ? true : undefined;
	const client = inProject(this, await readProject(this, itemIndex));
	const response = await updateMember(client, itemIndex, userId, permissions, overwrite);
	return { success: true, user_id: userId, ...(response ?? {}) };
}
