import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireEmail, showFor } from '../../../shared';
import { applyChange } from '../../core/apply';
import { snapshotOf } from '../../core/bound';
import { personState, wasAccepted } from '../../core/lookup';
import { planAccess } from '../../core/plan';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { buildPermissions, permissionOptions, rolesField } from '../common';
import { changeFields, modeField, ownUserField, planLines, plansOnly, protectedUsers } from './common';

export const description: INodeProperties[] = showFor('access', 'ensure', [
	projectLocator,
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description:
			'Email address of the person who must have exactly the given roles in the project (matched without case)',
	},
	rolesField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [ownUserField, modeField('step', 'Make the change'), ...permissionOptions],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/**
 * Makes `email` have exactly these permissions in the project, doing the least needed: nothing
 * (`unchanged`), a role update of a member (`updated`), a safe replace of a pending invite with
 * other roles (`reinvited`), or a new invite (`invited`). The access core plans and applies it;
 * with Mode Plan Only (Automatic: as an AI tool) it outputs the plan and writes nothing. The API
 * key's own user is left as is unless Include the API Key's Own User is on.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const email = requireEmail(this, this.getNodeParameter('email', itemIndex), 'Email', itemIndex);
	const permissions = buildPermissions(this, itemIndex);
	const client = inProject(this, await readProject(this, itemIndex));

	const dryRun = plansOnly(this, itemIndex);
	const state = await personState(client, itemIndex, email);
	const protectedUserIds = await protectedUsers(this, itemIndex, state.members.length > 0);
	const [change] = planAccess([{ email, permissions, items: [itemIndex] }], state, { removeOthers: false, protectedUserIds });
	if (dryRun) {
		const plan = await planLines(this, itemIndex, 'access.ensure', [{ change, from: snapshotOf(state, email) }]);
		return { ...changeFields(change), dryRun: true, applied: false, plan };
	}
	const applied = await applyChange(this, client, change, itemIndex);
	const roles = change.toRoles;

	if (change.userId !== undefined) {
		const kept = protectedUserIds.has(change.userId) && change.action === 'unchanged' ? { kept: change.reason } : {};
		return { email, action: change.action === 'update' ? 'updated' : 'unchanged', userId: change.userId, roles, accepted: true, ...kept };
	}
	if (change.inviteCode !== undefined) {
		// A kept pending invite (further ones with other roles were deleted).
		return { email, action: 'unchanged', inviteId: change.inviteCode, roles, accepted: false };
	}
	const inviteId = String(applied.created?.invite_code);
	return {
		email,
		action: change.action === 'reinvite' ? 'reinvited' : 'invited',
		inviteId,
		roles,
		accepted: await wasAccepted(client, itemIndex, inviteId),
	};
}
