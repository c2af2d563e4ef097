import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, requirePathSegment, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting } from '../common';

export const description: INodeProperties[] = showFor('gist', 'getAll', [
	{
		displayName: 'Username',
		name: 'username',
		type: 'string',
		default: '',
		description: 'List this user\'s public gists. Leave empty for the gists of the connected account (also secret ones).',
	},
	...returnAllOrLimit(),
	{
		displayName: 'Since',
		name: 'since',
		type: 'dateTime',
		default: '',
		description: 'Only gists updated at or after this time',
	},
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const username = String(this.getNodeParameter('username', itemIndex, '') ?? '').trim();
	const endpoint = username
		? `/users/${encodeURIComponent(requirePathSegment(this, username, 'Username', itemIndex))}/gists`
		: '/gists';
	const since = this.getNodeParameter('since', itemIndex, '') as string;
	const qs: IDataObject = since ? { since: new Date(since).toISOString() } : {};
	return await codeHosting(this).requestAll('GET', endpoint, readLimit(this, itemIndex), { qs, itemIndex });
}
