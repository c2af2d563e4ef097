import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireChoices, requireEmail, showFor } from '../../../shared';
import { codeHosting, list, organizationLocator, readLogin, readNumber } from '../common';

const ROLES = ['direct_member', 'admin', 'billing_manager', 'reinstate'] as const;

export const description: INodeProperties[] = showFor('user', 'invite', [
	{ ...organizationLocator, name: 'organization', description: 'The organization to invite the person to, such as n8n-io' },
	{
		displayName: 'Invite By',
		name: 'inviteBy',
		type: 'options',
		options: [
			{ name: 'Email', value: 'email', description: 'An email address (the person may not have an account yet)' },
			{ name: 'User ID', value: 'userId', description: 'The numeric ID of an existing account' },
		],
		default: 'email',
		description: 'Whether to invite by email address or by the numeric user ID of an existing account',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		displayOptions: { show: { inviteBy: ['email'] } },
		description: 'Email address of the person to invite',
	},
	{
		displayName: 'User ID',
		name: 'userId',
		type: 'number',
		default: '',
		required: true,
		placeholder: '583231',
		displayOptions: { show: { inviteBy: ['userId'] } },
		description: 'The numeric ID of the account to invite (the ID field of a user object, such as User → Get Current returns), not the login',
	},
	{
		displayName: 'Role',
		name: 'role',
		type: 'options',
		options: [
			{ name: 'Admin', value: 'admin', description: 'Organization owner with full administrative rights' },
			{ name: 'Billing Manager', value: 'billing_manager', description: 'Manages the billing settings only' },
			{ name: 'Member', value: 'direct_member', description: 'A member who can see other members and join teams' },
			{ name: 'Reinstate', value: 'reinstate', description: 'The role the person had before they were removed' },
		],
		default: 'direct_member',
		description: 'Role in the organization: direct_member, admin, billing_manager or reinstate',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Team IDs', name: 'teamIds', type: 'string', default: '', description: 'Numeric IDs of teams to add the person to, separated by commas' },
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const org = readLogin(this, 'organization', 'Organization', itemIndex);
	const by = this.getNodeParameter('inviteBy', itemIndex, 'email');
	const [role] = requireChoices(this, this.getNodeParameter('role', itemIndex, 'direct_member'), ROLES, 'Role', itemIndex);
	const body: IDataObject = { role };
	if (by === 'userId') body.invitee_id = readNumber(this, 'userId', 'User ID', itemIndex);
	else body.email = requireEmail(this, this.getNodeParameter('email', itemIndex, ''), 'Email', itemIndex);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const teamIds = list(fields.teamIds);
	if (teamIds.length > 0) {
		body.team_ids = teamIds.map((id) => {
			const value = Number(id);
			if (!Number.isInteger(value) || value < 1) {
				throw new NodeOperationError(this.getNode(), `Team ID "${id}" is not a number`, {
					itemIndex,
					description: 'Team IDs are the numeric IDs of teams, separated by commas.',
				});
			}
			return value;
		});
	}
	return await codeHosting(this).request('POST', `/orgs/${org}/invitations`, { body, itemIndex });
}
