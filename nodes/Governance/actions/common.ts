import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { idLocator, parseJsonObject, requireChoices, requireText } from '../../shared';
import { DEFAULT_PERMISSION_GROUP_KEY, ROLE_ACTIONS, permissionsFromRoles, rolesValue } from '../core/roles';
import type { Role } from '../core/roles';

// The roles and the permissions built from them live in core/ (core never imports actions/).
export { DEFAULT_PERMISSION_GROUP_KEY, ROLE_ACTIONS, permissionsFromRoles, rolesValue } from '../core/roles';
export type { Role } from '../core/roles';

export const rolesField: INodeProperties = {
	displayName: 'Roles',
	name: 'roles',
	type: 'multiOptions',
	options: [
		{ name: 'Admin', value: 'admin', description: 'Admin permissions (action "admin")' },
		{ name: 'Editor', value: 'editor', description: 'Editor permissions (action "role:editor")' },
		{ name: 'Viewer', value: 'viewer', description: 'Viewer permissions (action "role:viewer")' },
	],
	default: [],
	description:
		'Roles in the project, a list of one or more of: admin, editor, viewer (for example ["editor"]). Not needed when Options → Permissions (JSON) is set.',
};

export const permissionOptions: INodeProperties[] = [
	{
		displayName: 'Permission Group Key',
		name: 'permissionGroupKey',
		type: 'string',
		default: DEFAULT_PERMISSION_GROUP_KEY,
		description:
			'Text key of the permission group the roles are put under: serviceDefault (default) or the vendor docs\' relevanceDefault',
	},
	{
		displayName: 'Permissions (JSON)',
		name: 'permissionsJson',
		type: 'json',
		default: '',
		placeholder: '{"items": {"serviceDefault": {"actions": {"role:editor": true}}}}',
		description:
			'JSON object sent as the permissions instead of the one built from Roles, for example {"items": {"serviceDefault": {"actions": {"role:editor": true}}}}',
	},
];

/**
 * The permissions object for an item: either the raw JSON option (checked to have an `items`
 * object of groups) or `{items: {<group>: {actions: {<action>: true}}}}` built from the roles.
 */
export function buildPermissions(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const raw = options.permissionsJson;
	if (raw !== undefined && raw !== '' && !(typeof raw === 'object' && raw !== null && Object.keys(raw).length === 0)) {
		const permissions = parseJsonObject(ctx, raw, 'Permissions (JSON)', itemIndex);
		const groups = permissions.items;
		if (!groups || typeof groups !== 'object' || Array.isArray(groups)) {
			throw new NodeOperationError(ctx.getNode(), 'Permissions (JSON) needs an "items" object', {
				itemIndex,
				description: 'Example: {"items": {"serviceDefault": {"actions": {"role:editor": true}}}}',
			});
		}
		for (const [key, group] of Object.entries(groups as IDataObject)) {
			if (!group || typeof group !== 'object' || Array.isArray(group)) {
				throw new NodeOperationError(ctx.getNode(), `Permissions (JSON): group "${key}" must be an object`, { itemIndex });
			}
		}
		return permissions;
	}

	const roles = requireChoices(
		ctx,
		rolesValue(ctx.getNodeParameter('roles', itemIndex, [])),
		Object.keys(ROLE_ACTIONS) as Role[],
		'Roles',
		itemIndex,
	);
	const groupKey = requireText(
		ctx,
		options.permissionGroupKey ?? DEFAULT_PERMISSION_GROUP_KEY,
		'Permission Group Key',
		itemIndex,
	);
	return permissionsFromRoles(roles, groupKey);
}

export { idLocator, readId } from '../../shared';

/** The pending invite an operation acts on (listed from the chosen project). */
export const inviteCodeLocator = idLocator('Invite', 'inviteCode', 'searchInvites', 'e.g. 5f1c0a7e-…');

/** The project member an operation acts on (listed from the chosen project). */
export const userIdLocator = idLocator('User', 'userId', 'searchUsers', 'e.g. 1a2b3c4d-…');
export * from './simplify';
