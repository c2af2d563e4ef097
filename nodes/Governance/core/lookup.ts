import type { IDataObject } from 'n8n-workflow';

import type { ProjectClient } from '../transport';
import { listInvites, listMembers } from './calls';
import { sameEmail } from './permissions';

/** A member of a project as the access core sees it. */
export interface MemberState {
	userId: string;
	email: string;
	/** The member's permissions in this project. */
	permissions: IDataObject | undefined;
	record: IDataObject;
}

/** A pending invite of a project. */
export interface InviteState {
	inviteCode: string;
	email: string;
	permissions: IDataObject;
	record: IDataObject;
}

/** Who has access to one project: members and pending invites (all, or those of one email). */
export interface ProjectState {
	projectId: string;
	members: MemberState[];
	invites: InviteState[];
}

/** A member's permissions in `projectId` (list and get answers nest them per project). */
export function memberPermissions(user: IDataObject, projectId: string): IDataObject | undefined {
	const projects = (user.permissions as IDataObject | undefined)?.projects;
	if (!projects || typeof projects !== 'object' || Array.isArray(projects)) return undefined;
	return (projects as IDataObject)[projectId] as IDataObject | undefined;
}

export function toMember(user: IDataObject, projectId: string): MemberState {
	return {
		userId: String(user._id ?? user.user_id),
		email: typeof user.email === 'string' ? user.email : '',
		permissions: memberPermissions(user, projectId),
		record: user,
	};
}

export function toInvite(invite: IDataObject): InviteState {
	return {
		inviteCode: String(invite._id ?? invite.invite_code),
		email: typeof invite.email === 'string' ? invite.email : '',
		permissions: (invite.permissions ?? {}) as IDataObject,
		record: invite,
	};
}

/**
 * The member with this email, matched without case. The platform's email search is a
 * case-sensitive substring search and keeps addresses as typed, so a search can prove that
 * someone is there but never that someone is not: when the search finds nobody, the whole
 * member list is read and compared without case before answering "not a member".
 */
export async function findMember(client: ProjectClient, itemIndex: number, email: string): Promise<MemberState | undefined> {
	const projectId = client.project.id;
	const searched = await listMembers(client, itemIndex, Infinity, { email_search: email });
	const hit = searched.find((user) => sameEmail(user.email, email));
	if (hit) return toMember(hit, projectId);
	const everyone = await listMembers(client, itemIndex, Infinity);
	const found = everyone.find((user) => sameEmail(user.email, email));
	return found ? toMember(found, projectId) : undefined;
}

/** The pending invites of the project for this email (matched without case). */
export async function pendingInvitesFor(client: ProjectClient, itemIndex: number, email: string): Promise<InviteState[]> {
	return (await listInvites(client, itemIndex)).filter((invite) => sameEmail(invite.email, email)).map(toInvite);
}

/** One person's access to the project: the member (if any) and their pending invites. */
export async function personState(client: ProjectClient, itemIndex: number, email: string): Promise<ProjectState> {
	const member = await findMember(client, itemIndex, email);
	const invites = await pendingInvitesFor(client, itemIndex, email);
	return { projectId: client.project.id, members: member ? [member] : [], invites };
}

/** Everyone's access to the project: every member (every page) and every pending invite. */
export async function projectState(client: ProjectClient, itemIndex: number): Promise<ProjectState> {
	const projectId = client.project.id;
	const members = (await listMembers(client, itemIndex, Infinity)).map((user) => toMember(user, projectId));
	const invites = (await listInvites(client, itemIndex)).map(toInvite);
	return { projectId, members, invites };
}

/**
 * Whether a just-created invite was accepted at once (the user was already in the
 * organization, mission-spec §3 rule 1): an accepted invite is no longer pending.
 */
export async function wasAccepted(client: ProjectClient, itemIndex: number, inviteCode: string): Promise<boolean> {
	const pending = await listInvites(client, itemIndex);
	return !pending.some((invite) => invite._id === inviteCode || invite.invite_code === inviteCode);
}
