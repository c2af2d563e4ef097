import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fieldOf, requireChoices, requireEmail } from '../../shared';
import type { DesiredAccess } from './plan';
import { requireProjectId } from './project';
import { rolesOf, samePermissions } from './permissions';
import { ROLE_ACTIONS, permissionsFromRoles, rolesValue } from './roles';
import type { Role } from './roles';

/** Where the roster's fields are in each input item. */
export interface RosterFields {
	email: string;
	roles: string;
	/** Empty: every entry is for the default project. */
	project: string;
}

/** The desired access of every project the roster names, in the order projects first appear. */
export type Roster = Map<string, DesiredAccess[]>;

/**
 * The whole input read as the desired roster: per item an email, its roles and optionally a
 * project (else `defaultProject`). Every entry is checked before anything is sent: a missing or
 * malformed email, unknown or no roles, a bad project ID, and the same email twice in a project
 * with other roles are errors that name the item. The same email twice with the same roles is
 * one entry paired with both items.
 */
export function readRoster(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	fields: RosterFields,
	defaultProject: string,
	groupKey: string,
): Roster {
	const roster: Roster = new Map();
	// n8n runs no node without input items; an export that found nothing may still hand over one
	// empty item (Always Output Data): either way the roster is empty, and nothing may be removed.
	if (items.every((item) => Object.keys(item.json ?? {}).length === 0)) {
		throw new NodeOperationError(ctx.getNode(), 'The roster is empty: no input item has any field', {
			itemIndex: 0,
			description: 'Nothing was changed. A sync needs the whole desired roster, one item per person with an email and roles.',
		});
	}
	for (const [itemIndex, item] of items.entries()) {
		const json = item.json ?? {};
		const rawEmail = fieldOf(json, fields.email);
		if (rawEmail === undefined || rawEmail === null || rawEmail === '') {
			throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex} has no email in field "${fields.email}"`, {
				itemIndex,
				description: `Nothing was changed. Every roster item needs an email address; the item has the fields: ${Object.keys(json).join(', ') || 'none'}. Set "Email Field" to the field that holds it.`,
			});
		}
		const email = requireEmail(ctx, rawEmail, `Email of item ${itemIndex}`, itemIndex);
		const roles = requireChoices(
			ctx,
			rolesValue(fieldOf(json, fields.roles)),
			Object.keys(ROLE_ACTIONS) as Role[],
			`Roles of ${email} (item ${itemIndex}, field "${fields.roles}")`,
			itemIndex,
		);
		const rawProject = fields.project ? fieldOf(json, fields.project) : undefined;
		const project =
			rawProject === undefined || rawProject === null || rawProject === ''
				? defaultProject
				: requireProjectId(ctx, rawProject, `Project of ${email} (item ${itemIndex}, field "${fields.project}")`, itemIndex);
		const permissions = permissionsFromRoles(roles, groupKey);

		const entries = roster.get(project) ?? [];
		const twin = entries.find((entry) => entry.email.toLowerCase() === email.toLowerCase());
		if (twin) {
			if (!samePermissions(twin.permissions, permissions)) {
				throw new NodeOperationError(ctx.getNode(), `${email} is in the roster twice with different roles`, {
					itemIndex,
					description: `Nothing was changed. Item ${twin.items[0]} gives ${rolesOf(twin.permissions).join(', ')} and item ${itemIndex} gives ${roles.join(', ')} in project ${project}. Keep one entry per person and project.`,
				});
			}
			twin.items.push(itemIndex);
			continue;
		}
		entries.push({ email, permissions, items: [itemIndex] });
		roster.set(project, entries);
	}
	return roster;
}
