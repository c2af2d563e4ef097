import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { governanceList, governanceRequest } from '../../transport';

export const description: INodeProperties[] = showFor('user', 'getAll', [
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Email Contains',
				name: 'emailSearch',
				type: 'string',
				default: '',
				description: 'Case-sensitive part of the user\'s email address',
			},
			{
				displayName: 'User Type',
				name: 'type',
				type: 'options',
				options: [
					{ name: 'Agent Embed', value: 'agent-embed' },
					{ name: 'Machine', value: 'machine' },
					{ name: 'User', value: 'user' },
					{ name: 'Workforce Embed', value: 'workforce-embed' },
				],
				default: 'user',
			},
		],
	},
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const userFilters: IDataObject = {};
	if (typeof filters.emailSearch === 'string' && filters.emailSearch !== '') {
		userFilters.email_search = filters.emailSearch;
	}
	if (typeof filters.type === 'string' && filters.type !== '') userFilters.type = filters.type;

	return await governanceList(limit, async (page, pageSize) => {
		const body: IDataObject = { page, page_size: pageSize };
		if (Object.keys(userFilters).length > 0) body.user_filters = userFilters;
		const response = await governanceRequest<{ results?: IDataObject[]; has_more?: boolean }>(
			this,
			'POST',
			'/auth/users/list',
			{ body, itemIndex },
		);
		return { items: response.results ?? [], hasMore: response.has_more };
	});
}
