import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { PlanLine } from '../../shared/binding';
import { canonicalJson, planKey, signPlan } from '../../shared/binding';
import { governance } from '../transport';
import type { InviteState, ProjectState } from './lookup';
import { grantedPermissions, rolesOfGranted, sameEmail } from './permissions';
import type { AccessAction, AccessChange } from './plan';
import { changeSummary } from './plan';

/** The platform name plan lines carry (a Code Hosting plan is never applied here). */
export const PLAN_PLATFORM = 'governance';

/** The operations whose plans Access → Apply Plan applies. */
export const PLANNING_OPERATIONS = ['access.ensure', 'access.removeGrants', 'access.revoke', 'access.sync'];

/**
 * One person's access to one project as a plan records it: the member(s) and pending invites of
 * the email, each reduced to what it grants. Apply reads the person again and applies a change
 * only while this is still what the platform holds.
 */
export interface AccessSnapshot extends IDataObject {
	members: Array<{ userId: string; grants: IDataObject }>;
	invites: Array<{ inviteCode: string; grants: IDataObject }>;
}

export function snapshotOf(state: ProjectState, email: string): AccessSnapshot {
	return {
		members: state.members
			.filter((member) => sameEmail(member.email, email))
			.map((member) => ({ userId: member.userId, grants: grantedPermissions(member.permissions) as IDataObject }))
			.sort((a, b) => a.userId.localeCompare(b.userId)),
		invites: state.invites
			.filter((invite) => sameEmail(invite.email, email))
			.map((invite) => ({ inviteCode: invite.inviteCode, grants: grantedPermissions(invite.permissions) as IDataObject }))
			.sort((a, b) => a.inviteCode.localeCompare(b.inviteCode)),
	};
}

/** Whether the platform still holds what a plan line was computed from. */
export function sameSnapshot(a: AccessSnapshot, b: AccessSnapshot): boolean {
	return canonicalJson(a) === canonicalJson(b);
}

/** A snapshot in one line (the reason a change that no longer holds is skipped). */
export function describeSnapshot(snapshot: AccessSnapshot): string {
	const roles = (grants: IDataObject) => rolesOfGranted(grants as Record<string, { actions: string[] }>).join('+') || 'no role';
	const parts = [
		...snapshot.members.map((member) => `member ${member.userId} (${roles(member.grants)})`),
		...snapshot.invites.map((invite) => `pending invite ${invite.inviteCode} (${roles(invite.grants)})`),
	];
	return parts.length > 0 ? parts.join(', ') : 'no access';
}

function inviteRecord(invite: InviteState): IDataObject {
	return { inviteCode: invite.inviteCode, email: invite.email, permissions: invite.permissions, record: invite.record };
}

/** The change a plan line carries: what `applyChange` needs and what it was computed from. */
export function boundChange(change: AccessChange, from: AccessSnapshot, extra: IDataObject = {}): IDataObject {
	return {
		projectId: change.projectId,
		...changeSummary(change),
		...(change.inviteCode !== undefined ? { inviteCode: change.inviteCode } : {}),
		...(change.replaces ? { replaces: inviteRecord(change.replaces) } : {}),
		dropInvites: change.dropInvites.map(inviteRecord),
		...(change.permissions ? { permissions: change.permissions } : {}),
		from: from,
		...extra,
	};
}

function toInviteState(value: unknown): InviteState {
	const invite = (value ?? {}) as IDataObject;
	return {
		inviteCode: String(invite.inviteCode ?? ''),
		email: String(invite.email ?? ''),
		permissions: (invite.permissions ?? {}) as IDataObject,
		record: (invite.record ?? {}) as IDataObject,
	};
}

/** The access core's change back from a verified plan line. */
export function changeOf(line: PlanLine): AccessChange {
	const change = line.change;
	return {
		projectId: String(change.projectId),
		email: String(change.email),
		action: String(change.action) as AccessAction,
		fromRoles: (change.fromRoles ?? []) as string[],
		toRoles: (change.toRoles ?? []) as string[],
		reason: String(change.reason ?? ''),
		...(change.userId !== undefined ? { userId: String(change.userId) } : {}),
		...(change.inviteCode !== undefined ? { inviteCode: String(change.inviteCode) } : {}),
		...(change.replaces ? { replaces: toInviteState(change.replaces) } : {}),
		dropInvites: ((change.dropInvites ?? []) as unknown[]).map(toInviteState),
		...(change.permissions ? { permissions: change.permissions as IDataObject } : {}),
		items: [],
	};
}

/** The key the credential's plans are signed with (a hash of its API key and project). */
export async function governancePlanKey(ctx: IExecuteFunctions, itemIndex = 0): Promise<Buffer> {
	const connection = await governance(ctx).connection(itemIndex);
	return planKey(PLAN_PLATFORM, connection.stableSecrets ?? connection.secrets);
}

/** Signed plan lines for these changes (one per change, in order). */
export async function signAccessPlan(ctx: IExecuteFunctions, itemIndex: number, operation: string, changes: IDataObject[], rules: IDataObject = {}): Promise<PlanLine[]> {
	return signPlan(await governancePlanKey(ctx, itemIndex), { operation, platform: PLAN_PLATFORM, rules }, changes);
}
