import type { IDataObject } from 'n8n-workflow';

/** Roles offered in the UI and the permission action each one grants (mission-spec §2). */
export const ROLE_ACTIONS = {
	editor: 'role:editor',
	viewer: 'role:viewer',
	admin: 'admin',
} as const;

export type Role = keyof typeof ROLE_ACTIONS;

export const DEFAULT_PERMISSION_GROUP_KEY = 'serviceDefault';

/**
 * Roles as given in the UI (a list) or by an AI agent through `$fromAI` (text such as
 * `editor`, `Editor, Viewer` or `["editor"]`): a list of trimmed, lower-case names.
 */
export function rolesValue(value: unknown): unknown {
	let list = value;
	if (typeof list === 'string') {
		const text = list.trim();
		if (text.startsWith('[')) {
			try {
				list = JSON.parse(text) as unknown;
			} catch {
				// Not JSON after all: read as comma-separated names below (and refused if unknown).
				list = text;
			}
		}
		if (typeof list === 'string') list = list.split(',');
	}
	if (!Array.isArray(list)) return list;
	return list.map((entry) => (typeof entry === 'string' ? entry.trim().toLowerCase() : entry)).filter((entry) => entry !== '');
}

/** `{items: {<group>: {actions: {<action>: true}}}}` for these roles. */
export function permissionsFromRoles(roles: readonly Role[], groupKey: string = DEFAULT_PERMISSION_GROUP_KEY): IDataObject {
	const actions: IDataObject = {};
	for (const role of roles) actions[ROLE_ACTIONS[role]] = true;
	return { items: { [groupKey]: { actions } } };
}
