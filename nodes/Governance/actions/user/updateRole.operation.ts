import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { governance } from '../../transport';
import { buildPermissions, permissionOptions, readId, rolesField } from '../common';
import { userIdLocator } from './remove.operation';

export const description: INodeProperties[] = showFor('user', 'updateRole', [
	{ ...userIdLocator, description: 'The user whose roles change' },
	rolesField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
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
	const body: IDataObject = { permissions };
	if (typeof options.overwrite === 'boolean') body.overwrite = options.overwrite;

	const response = await governance(this).request(
		'POST',
		`/auth/users/${encodeURIComponent(userId)}/update`,
		{ body, itemIndex },
	);
	return { success: true, user_id: userId, ...(response ?? {}) };
}
