import type { IDataObject } from 'n8n-workflow';

import { ROLE_ACTIONS } from './roles';

/** The granted parts of one permission group: sorted true actions and resources. */
interface GrantedGroup {
	actions: string[];
	resources: Record<string, string[]>;
}

function granted(map: unknown): string[] {
	if (!map || typeof map !== 'object' || Array.isArray(map)) return [];
	return Object.entries(map as IDataObject)
		.filter(([, value]) => value === true)
		.map(([key]) => key)
		.sort();
}

/**
 * A permissions object reduced to what it grants: per group the actions and resources set to
 * true, groups that grant nothing dropped, keys sorted. Two objects that grant the same compare
 * equal whatever their key order or `false` entries.
 */
export function grantedPermissions(permissions: unknown): Record<string, GrantedGroup> {
	const items = (permissions as IDataObject | undefined)?.items;
	const result: Record<string, GrantedGroup> = {};
	if (!items || typeof items !== 'object' || Array.isArray(items)) return result;
	for (const key of Object.keys(items).sort()) {
		const group = (items as IDataObject)[key] as IDataObject | undefined;
		const actions = granted(group?.actions);
		const resources: Record<string, string[]> = {};
		const resourceMap = group?.resources;
		if (resourceMap && typeof resourceMap === 'object' && !Array.isArray(resourceMap)) {
			for (const type of Object.keys(resourceMap).sort()) {
				const ids = granted((resourceMap as IDataObject)[type]);
				if (ids.length > 0) resources[type] = ids;
			}
		}
		if (actions.length > 0 || Object.keys(resources).length > 0) result[key] = { actions, resources };
	}
	return result;
}

/** Whether two permissions objects grant exactly the same. */
export function samePermissions(a: unknown, b: unknown): boolean {
	return JSON.stringify(grantedPermissions(a)) === JSON.stringify(grantedPermissions(b));
}

const ROLE_OF_ACTION: Record<string, string> = Object.fromEntries(
	Object.entries(ROLE_ACTIONS).map(([role, action]) => [action, role]),
);

/** The roles a permissions object grants (admin, editor, viewer; other actions by name). */
export function rolesOf(permissions: unknown): string[] {
	return rolesOfGranted(grantedPermissions(permissions));
}

/** The roles of permissions already reduced by `grantedPermissions`. */
export function rolesOfGranted(granted: Record<string, { actions: string[] }>): string[] {
	const roles = new Set<string>();
	for (const group of Object.values(granted)) {
		for (const action of group.actions) roles.add(ROLE_OF_ACTION[action] ?? action);
	}
	return [...roles].sort();
}

/** Emails compare without case (the platform keeps the address as typed). */
export function sameEmail(a: unknown, b: string): boolean {
	return typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
}
