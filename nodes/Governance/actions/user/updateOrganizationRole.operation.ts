import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireChoice, showFor } from '../../../shared';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { keptOwnUser, ownUserOption, readId, userIdLocator } from '../common';

const ORGANIZATION_ROLES = ['admin', 'operator', 'viewer'] as const;

export const description: INodeProperties[] = showFor('user', 'updateOrganizationRole', [
	{
		displayName:
			'Destructive: the API needs the admin flag on every call, so Organization Admin has no default: choose it. Not Admin takes admin rights away from an organization admin. Read a user\'s current role before changing it.',
		name: 'organizationRoleNotice',
		type: 'notice',
		default: '',
	},
	{ ...projectLocator, description: 'A project of the organization: the user list comes from it and the call is made with it' },
	{
		displayName: 'Organization',
		name: 'organizationId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The organization whose role changes (its ID)',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchOrganizations', searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 7c1d…' },
		],
	},
	{ ...userIdLocator, description: 'The user whose organization role changes (their user ID)' },
	{
		displayName: 'Organization Admin',
		name: 'admin',
		type: 'options',
		// No default: a node saved without a choice fails with an error naming this parameter before any
		// request (the API cannot keep the current value; any default would grant or take away admin
		// rights). Not `required`: n8n would then refuse the whole workflow with a message that names
		// no parameter.
		options: [
			{ name: 'Admin', value: true, description: 'The user is (or becomes) an admin of the organization' },
			{ name: 'Choose (Required)', value: '', description: 'Nothing chosen: the node fails and sends nothing' },
			{
				name: 'Not Admin (Removes Admin Rights)',
				value: false,
				description: 'The user is not an organization admin: an admin loses admin rights',
			},
		],
		default: '',
		description: 'Whether the user is an admin of the organization (sent as admin; the API requires it on every call)',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			ownUserOption(
				"change the organization role of the user the credential's API key belongs to (any change can take rights away: even Admin makes an owner an admin)",
			),
			{
				displayName: 'Role',
				name: 'role',
				type: 'options',
				options: [
					{ name: 'Admin', value: 'admin' },
					{ name: 'Operator', value: 'operator' },
					{ name: 'Unchanged (Not Sent)', value: '' },
					{ name: 'Viewer', value: 'viewer' },
				],
				default: '',
				description: 'Organization role to set (sent as role): admin, operator or viewer. Unchanged sends no role.',
			},
		],
	},
]);

/**
 * The Organization Admin choice: true or false as chosen (the option values, the booleans of
 * workflows saved when it was a switch, or their text from an expression). Nothing chosen or
 * anything else fails before any request, naming the parameter.
 */
function readAdminChoice(ctx: IExecuteFunctions, itemIndex: number): boolean {
	const raw = ctx.getNodeParameter('admin', itemIndex, '') as unknown;
	if (raw === true || raw === false) return raw;
	const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
	if (text === 'true' || text === 'false') return text === 'true';
	if (raw === undefined || raw === null || text === '') {
		throw new NodeOperationError(ctx.getNode(), 'Choose Organization Admin: Admin or Not Admin', {
			itemIndex,
			description:
				'Nothing was sent. The API sets the admin flag on every call and cannot keep the current value, so the node has no default: Not Admin takes admin rights away from an organization admin.',
		});
	}
	return requireChoice(ctx, String(raw), ['true', 'false'], 'Organization Admin', itemIndex) === 'true';
}

/** One output item per input item. */
export const returns = 'item';

/**
 * POST /auth/organization/{organization_id}/user/{user_id}/update with {admin, role?}. Any change
 * of the API key's own user is kept unless Include the API Key's Own User is on: even Admin can
 * demote an owner (the platform then sets the role admin).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const organizationId = readId(this, 'organizationId', 'Organization', itemIndex);
	const userId = readId(this, 'userId', 'User ID', itemIndex);
	const admin = readAdminChoice(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: IDataObject = { admin };
	if (options.role !== undefined && options.role !== '') {
		body.role = requireChoice(this, options.role, ORGANIZATION_ROLES, 'Role', itemIndex);
		if (body.role === 'admin' && !admin) {
			throw new NodeOperationError(this.getNode(), 'Role admin needs Organization Admin: Admin', {
				itemIndex,
				description: 'Nothing was sent. Choose Organization Admin: Admin to make the user an admin, or choose the operator or viewer role.',
			});
		}
	}
	const client = inProject(this, await readProject(this, itemIndex));
	const kept = await keptOwnUser(this, itemIndex, userId, 'organization role not changed');
	if (kept) return { ...kept, organization_id: organizationId };
	const path = `/auth/organization/${encodeURIComponent(organizationId)}/user/${encodeURIComponent(userId)}/update`;
	const response = await client.request('POST', path, { body, itemIndex });
	return { success: true, organization_id: organizationId, user_id: userId, ...body, ...(response ?? {}) };
}
