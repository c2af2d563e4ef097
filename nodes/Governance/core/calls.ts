import type { IDataObject } from 'n8n-workflow';

import { pageNumberPaging } from '../../shared';
import type { ProjectClient } from '../transport';
import { PAGE_SIZE } from '../transport';

/**
 * The control API's calls of one project, each a few lines on the project's client. Every
 * operation and the access core call these; none builds a path or body of its own.
 */

const userPaging = () =>
	pageNumberPaging({ pageSize: PAGE_SIZE, in: 'body', itemsKey: 'results', hasMore: (body) => body.has_more });

/** Members of the project, page by page until `limit`, with the platform's filters. */
export async function listMembers(
	client: ProjectClient,
	itemIndex: number,
	limit: number,
	userFilters: IDataObject = {},
): Promise<IDataObject[]> {
	return await client.requestAll('POST', '/auth/users/list', limit, {
		body: Object.keys(userFilters).length > 0 ? { user_filters: userFilters } : {},
		itemIndex,
		pagination: userPaging(),
	});
}

/** The pending invites of the project (the API lists them in one response). */
export async function listInvites(client: ProjectClient, itemIndex: number): Promise<IDataObject[]> {
	const response = await client.request<{ results?: IDataObject[] }>('POST', '/auth/invite/list', { body: {}, itemIndex });
	return response.results ?? [];
}

export async function createInvite(
	client: ProjectClient,
	itemIndex: number,
	email: string,
	permissions: IDataObject,
): Promise<IDataObject> {
	return await client.request('POST', '/auth/invite/create', { body: { email, permissions }, itemIndex });
}

export async function deleteInvite(client: ProjectClient, itemIndex: number, inviteCode: string): Promise<IDataObject> {
	const response = await client.request('POST', '/auth/invite/delete', { body: { invite_code: inviteCode }, itemIndex });
	return { success: true, invite_code: inviteCode, ...(response ?? {}) };
}

export async function resendInvite(client: ProjectClient, itemIndex: number, inviteCode: string): Promise<IDataObject> {
	const response = await client.request('POST', '/auth/invite/resend', { body: { invite_code: inviteCode }, itemIndex });
	return { success: true, invite_code: inviteCode, ...response };
}

const userPath = (userId: string, action?: string) =>
	`/auth/users/${encodeURIComponent(userId)}${action ? `/${action}` : ''}`;

export async function getMember(client: ProjectClient, itemIndex: number, userId: string): Promise<IDataObject> {
	return await client.request('GET', userPath(userId), { itemIndex });
}

/** A member's permissions in the project: merged, or replaced with `overwrite`. */
export async function updateMember(
	client: ProjectClient,
	itemIndex: number,
	userId: string,
	permissions: IDataObject,
	overwrite?: boolean,
): Promise<IDataObject> {
	const body: IDataObject = { permissions };
	if (typeof overwrite === 'boolean') body.overwrite = overwrite;
	return await client.request('POST', userPath(userId, 'update'), { body, itemIndex });
}

/** Removes a member from this project only. */
export async function removeMember(client: ProjectClient, itemIndex: number, userId: string): Promise<IDataObject> {
	return await client.request('POST', userPath(userId, 'delete'), { body: {}, itemIndex });
}

/** A member's API keys (`_id`, label, notes, ttl_hours; never the secret); one response. */
export async function listKeys(client: ProjectClient, itemIndex: number, userId: string): Promise<IDataObject[]> {
	const response = await client.request<{ results?: IDataObject[] }>('POST', userPath(userId, 'keys/list'), { body: {}, itemIndex });
	return response.results ?? [];
}

export async function createKey(client: ProjectClient, itemIndex: number, userId: string, body: IDataObject): Promise<IDataObject> {
	return await client.request('POST', userPath(userId, 'keys/create'), { body, itemIndex });
}

export async function deleteKey(client: ProjectClient, itemIndex: number, userId: string, keyId: string): Promise<void> {
	await client.request('POST', userPath(userId, 'keys/delete'), { body: { id: keyId }, itemIndex });
}

/** Deletes every API key of a member (keys work account-wide); answers how many. */
export async function deleteAllKeys(client: ProjectClient, itemIndex: number, userId: string): Promise<number> {
	const keys = await listKeys(client, itemIndex, userId);
	for (const key of keys) await deleteKey(client, itemIndex, userId, String(key._id));
	return keys.length;
}

/** Who the key is (`user_id`, `key_id`); needs no permission. */
export async function whoAmI(client: ProjectClient, itemIndex: number): Promise<IDataObject> {
	return await client.request('GET', '/auth/info', { itemIndex });
}
