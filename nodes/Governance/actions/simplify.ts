import type { IDataObject } from 'n8n-workflow';

import { withoutUndefined } from '../../shared';
import { memberPermissions } from '../core/lookup';
import { rolesOf } from '../core/permissions';

/*
 * What Simplify returns per Relevance AI object: the fields a person reads (docs/mcp.md, "Simplify"),
 * with roles as names (admin, editor, viewer) instead of the permissions object.
 */

/** A project member: user ID, email, name, type and roles in `projectId`. */
export function simplifyMember(projectId: string): (user: IDataObject) => IDataObject {
	return (user) => {
		const name = [user.first_name, user.last_name].filter((part) => typeof part === 'string' && part !== '').join(' ');
		return withoutUndefined({
			userId: user._id ?? user.user_id,
			email: user.email,
			name: name || undefined,
			type: user.type,
			roles: rolesOf(memberPermissions(user, projectId)),
		});
	};
}

/** A pending invite: invite code, email, roles, email status, created at. */
export function simplifyInvite(invite: IDataObject): IDataObject {
	return withoutUndefined({
		inviteCode: invite._id ?? invite.invite_code,
		email: invite.email,
		roles: rolesOf(invite.permissions),
		emailStatus: invite.email_status,
		createdAt: invite.created_at ?? invite.insert_date,
	});
}

/** A project: ID, name, description, organization. */
export function simplifyProject(project: IDataObject): IDataObject {
	return withoutUndefined({
		projectId: project.project_id ?? project.id,
		name: project.name,
		description: project.description ?? '',
		organizationId: project.organization_id,
	});
}

/** An API key (never its secret: the list holds none): key ID, label, created at. */
export function simplifyApiKey(key: IDataObject): IDataObject {
	return withoutUndefined({
		keyId: key._id ?? key.key_id,
		label: key.label,
		createdAt: key.created_at ?? key.insert_date,
	});
}
