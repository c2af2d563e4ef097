import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pageNumberPaging } from '../../../shared';
import { governance, PAGE_SIZE } from '../../transport';
import { listInvites } from '../invite/getAll.operation';
import { sameEmail } from '../permissions';

async function searchMembers(ctx: IExecuteFunctions, itemIndex: number, search: string): Promise<IDataObject[]> {
	return await governance(ctx).requestAll('POST', '/auth/users/list', Infinity, {
		body: { user_filters: { email_search: search } },
		itemIndex,
		pagination: pageNumberPaging({ pageSize: PAGE_SIZE, in: 'body', itemsKey: 'results', hasMore: (body) => body.has_more }),
	});
}

/**
 * The project member with this email, if any: the users list filtered by email, every page. The
 * platform's email search is case-sensitive, so an address typed with capitals is also looked up
 * in lower case (as addresses are usually stored).
 */
export async function findMember(
	ctx: IExecuteFunctions,
	itemIndex: number,
	email: string,
): Promise<IDataObject | undefined> {
	const found = (await searchMembers(ctx, itemIndex, email)).find((user) => sameEmail(user.email, email));
	if (found || email.toLowerCase() === email) return found;
	return (await searchMembers(ctx, itemIndex, email.toLowerCase())).find((user) => sameEmail(user.email, email));
}

/** The pending invites of the project for this email (the API lists them in one response). */
export async function pendingInvitesFor(
	ctx: IExecuteFunctions,
	itemIndex: number,
	email: string,
): Promise<IDataObject[]> {
	return (await listInvites(ctx, itemIndex)).filter((invite) => sameEmail(invite.email, email));
}

/** A member's permissions in `projectId` (list and get answers nest them per project). */
export function memberPermissions(user: IDataObject, projectId: string): IDataObject | undefined {
	const projects = (user.permissions as IDataObject | undefined)?.projects;
	if (!projects || typeof projects !== 'object' || Array.isArray(projects)) return undefined;
	return (projects as IDataObject)[projectId] as IDataObject | undefined;
}

/**
 * Whether a just-created invite was accepted at once (the user was already in the
 * organization, mission-spec §3 rule 1): an accepted invite is no longer pending.
 */
export async function wasAccepted(ctx: IExecuteFunctions, itemIndex: number, inviteCode: string): Promise<boolean> {
	const pending = await listInvites(ctx, itemIndex);
	return !pending.some((invite) => invite._id === inviteCode || invite.invite_code === inviteCode);
}
