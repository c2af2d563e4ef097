import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireChoice, showFor } from '../../../shared';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { readId, userIdLocator } from '../common';

const ORGANIZATION_ROLES = ['admin', 'operator', 'viewer'] as const;

export const description: INodeProperties[] = showFor('user', 'updateOrganizationRole', [
	{
		displayName:
			'The API needs the admin flag on every call: with Organization Admin off, an organization admin loses admin rights. Read a user\'s current role before changing it.',
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
		type: 'boolean',
		default: false,
		description: 'Whether the user is an admin of the organization (sent as admin; the API requires it)',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Role',
				name: 'role',
				type: 'options',
				options: [
					{ name: 'Admin', value: 'admin' },
					{ name: 'Operator', value: 'operator' },
					{ name: 'Viewer', value: 'viewer' },
				],
				default: 'viewer',
				description: 'Organization role to set (sent as role): admin, operator or viewer',
			},
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/** POST /auth/organization/{organization_id}/user/{user_id}/update with {admin, role?}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const organizationId = readId(this, 'organizationId', 'Organization', itemIndex);
	const userId = readId(this, 'userId', 'User ID', itemIndex);
	const rawAdmin = this.getNodeParameter('admin', itemIndex, false) as unknown;
	const admin =
		typeof rawAdmin === 'boolean'
			? rawAdmin
			: requireChoice(this, String(rawAdmin).toLowerCase(), ['true', 'false'], 'Organization Admin', itemIndex) === 'true';
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: IDataObject = { admin };
	if (options.role !== undefined && options.role !== '') {
		body.role = requireChoice(this, options.role, ORGANIZATION_ROLES, 'Role', itemIndex);
		if (body.role === 'admin' && !admin) {
			throw new NodeOperationError(this.getNode(), 'Role admin needs Organization Admin on', {
				itemIndex,
				description: 'Nothing was sent. Turn Organization Admin on to make the user an admin, or choose the operator or viewer role.',
			});
		}
	}
	const client = inProject(this, await readProject(this, itemIndex));
	const path = `/auth/organization/${encodeURIComponent(organizationId)}/user/${encodeURIComponent(userId)}/update`;
	const response = await client.request('POST', path, { body, itemIndex });
	return { success: true, organization_id: organizationId, user_id: userId, ...body, ...(response ?? {}) };
}
