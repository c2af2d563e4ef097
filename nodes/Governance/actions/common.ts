import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { idLocator, parseJsonObject, requireChoices, requireText } from '../../shared';
import { ownUserId } from '../core/project';
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

/** The option that lets a step remove or change the user the credential's API key belongs to (issue 48). */
export const ownUserField: INodeProperties = {
	displayName: "Include the API Key's Own User",
	name: 'includeOwnUser',
	type: 'boolean',
	default: false,
	description:
		"Whether this step may remove or change the user the credential's API key belongs to (and, with Delete API Keys, delete their keys: the key every workflow of this credential uses). Off: that user is kept and the item says so.",
};

/** The same option on a single-call operation, its description naming what the call would do. */
export function ownUserOption(does: string): INodeProperties {
	return {
		...ownUserField,
		description: `Whether this call may ${does}. Off: the call is not made for that user and the item says so (\`kept\`, \`reason\`).`,
	};
}

/** Whether Include the API Key's Own User is on for this item (then no lookup is needed). */
export function includesOwnUser(ctx: IExecuteFunctions, itemIndex: number): boolean {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return options.includeOwnUser === true;
}

/**
 * The item of a single call that was not made: `userId` is the API key's own user and the option
 * is off. Undefined otherwise (one `/auth/info` per node run, none with the option on).
 */
export async function keptOwnUser(ctx: IExecuteFunctions, itemIndex: number, userId: string, notDone: string): Promise<IDataObject | undefined> {
	if (includesOwnUser(ctx, itemIndex)) return undefined;
	if (userId !== (await ownUserId(ctx, itemIndex))) return undefined;
	return { success: false, kept: true, user_id: userId, reason: ownUserReason(notDone) };
}

/** The end of every `reason` of a call kept for the API key's own user. */
export const OWN_USER_ALLOWS = "the option Include the API Key's Own User allows it";

/** Why the API key's own user was kept, in the words Access → Ensure, Revoke and Sync use. */
function ownUserReason(notDone: string): string {
	return `the API key's own user: ${notDone} (every call of this credential runs as this user; ${OWN_USER_ALLOWS})`;
}

export * from './simplify';
