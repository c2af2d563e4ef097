import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { codeHostingFullRequest } from '../../transport';

/** The current blob SHA of a file on a branch, or undefined when it does not exist (404). */
export async function currentSha(
	ctx: IExecuteFunctions,
	endpoint: string,
	branch: string | undefined,
	itemIndex: number,
): Promise<string | undefined> {
	const response = await codeHostingFullRequest<IDataObject>(ctx, 'GET', endpoint, {
		qs: branch ? { ref: branch } : undefined,
		itemIndex,
		acceptStatuses: [404],
	});
	const body = response.body;
	if (response.statusCode === 404 || Array.isArray(body)) return undefined;
	return typeof body.sha === 'string' ? body.sha : undefined;
}

/** Committer/author identity from the "Additional Fields" of a write. */
export function identities(fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const role of ['author', 'committer'] as const) {
		const value = fields[role] as IDataObject | undefined;
		const entry = (value?.value ?? value) as IDataObject | undefined;
		if (entry && typeof entry.name === 'string' && entry.name && typeof entry.email === 'string' && entry.email) {
			body[role] = { name: entry.name, email: entry.email };
		}
	}
	return body;
}

export const identityOptions = (['author', 'committer'] as const).map((role) => ({
	displayName: role === 'author' ? 'Author' : 'Committer',
	name: role,
	type: 'fixedCollection' as const,
	default: {},
	options: [
		{
			displayName: role === 'author' ? 'Author' : 'Committer',
			name: 'value',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string' as const, default: '' },
				{ displayName: 'Email', name: 'email', type: 'string' as const, placeholder: 'name@email.com', default: '' },
			],
		},
	],
}));
